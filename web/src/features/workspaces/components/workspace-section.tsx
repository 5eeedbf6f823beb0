import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';

interface WorkspaceSectionProps {
  id: string;
  title: string;
  /** Controls next to the heading. */
  actions?: ReactNode;
  error?: unknown;
  onRetry?: () => void;
  children: ReactNode;
}

/** One tab's content: a heading, its actions, and an error with a retry in place of the content. */
export function WorkspaceSection({ id, title, actions, error, onRetry, children }: WorkspaceSectionProps) {
  const t = useT();
  return (
    <section className="workspace-section" aria-labelledby={`${id}-heading`}>
      <div className="workspace-section__header">
        <h2 id={`${id}-heading`} className="workspace-section__title">
          {title}
        </h2>
        {actions ? <div className="workspace-section__actions">{actions}</div> : null}
      </div>
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('The {what} could not be loaded.', { what: title.toLowerCase() })}
          description={failureText(error, t('Please try again.'))}
          action={
            onRetry ? (
              <Button size="small" onClick={onRetry}>
                {t('Try again')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        children
      )}
    </section>
  );
}

/** A table caption for screen readers (the visible heading already names the table). */
export function TableCaption({ children }: { children: ReactNode }) {
  return <span className="visually-hidden">{children}</span>;
}

/**
 * A wide table's scrolling box: a named region keyboard users can focus and scroll (WCAG 2.1.1), instead of
 * antd's own scroll container, which takes no focus.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="workspace-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
