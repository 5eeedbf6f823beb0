import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/i18n';

interface AdminSectionProps {
  id: string;
  title: string;
  /** Buttons next to the heading (Add …). */
  actions?: ReactNode;
  error?: unknown;
  onRetry?: () => void;
  children: ReactNode;
}

/** One tab's content: a heading, its actions, and an error with a retry in place of the table when loading failed. */
export function AdminSection({ id, title, actions, error, onRetry, children }: AdminSectionProps) {
  const t = useT();
  return (
    <section className="admin-section" aria-labelledby={`${id}-heading`}>
      <div className="admin-section__header">
        <h2 id={`${id}-heading`} className="admin-section__title">
          {title}
        </h2>
        {actions && <div className="admin-section__actions">{actions}</div>}
      </div>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={t('The {what} could not be loaded.', { what: title.toLowerCase() })}
          description={error instanceof Error ? error.message : undefined}
          action={
            onRetry && (
              <Button size="small" onClick={onRetry}>
                {t('Try again')}
              </Button>
            )
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
