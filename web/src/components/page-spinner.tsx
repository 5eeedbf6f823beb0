interface PageSpinnerProps {
  /** Announced to screen readers while the page waits. */
  label?: string;
}

/** The spinner shown while the session, a page's code or its data loads (plain CSS: no antd needed). */
export function PageSpinner({ label = 'Loading' }: PageSpinnerProps) {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="page-spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
