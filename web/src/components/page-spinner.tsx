import { Spin } from 'antd';

interface PageSpinnerProps {
  /** Announced to screen readers while the page waits. */
  label?: string;
}

/** The spinner shown while the session, a page's code or its data loads. */
export function PageSpinner({ label = 'Loading' }: PageSpinnerProps) {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
