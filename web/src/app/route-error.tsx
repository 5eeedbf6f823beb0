import { Component, type ReactNode } from 'react';
import { Seo } from '../components/seo';
import { useT } from '../i18n/i18n';

/**
 * Shown when a page throws or its code cannot be loaded (e.g. after a new release). Plain markup: it is
 * part of every page's shell, and must not depend on code that may be what failed to load.
 */
export function RouteError() {
  const t = useT();
  return (
    <div className="page-message">
      <Seo title={t('Something went wrong')} noindex />
      <div className="page-message__body" role="alert">
        <h1 className="page-message__title">{t('Something went wrong')}</h1>
        <p>
          {t(
            'This page could not be displayed. Reloading usually fixes it; if it does not, please try again later.',
          )}
        </p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('Reload the page')}
        </button>
      </div>
    </div>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Another value (e.g. the page's path) clears a caught error: leaving the failed page recovers. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  failed: boolean;
  resetKey: string | undefined;
}

/**
 * Renders `RouteError` instead of its children once one of them threw, until `resetKey` changes. (React
 * itself reports the error on the console.)
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
