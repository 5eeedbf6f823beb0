import type { CSSProperties, MouseEvent, ReactNode } from 'react';

interface FormButtonProps {
  children: ReactNode;
  /** A submit button's value, for a form with two (the submit event's `submitter` tells them apart). */
  value?: string;
  tone?: 'primary' | 'secondary';
  /** This button's request runs: a spinner before its text. */
  busy?: boolean;
  /** A request of the form runs (this button's or another's): clicks do nothing, and the focus stays. */
  blocked?: boolean;
  /** Colours of its own (an organization's brand on its registration page). */
  style?: CSSProperties;
}

/**
 * A plain form's large, full-width submit button (antd's `size="large" block`, with `loading`): busy or blocked, it
 * stays focusable and says so (`aria-disabled`), where a disabled button would drop the keyboard's focus.
 */
export function FormButton({
  children,
  value,
  tone = 'primary',
  busy = false,
  blocked = busy,
  style,
}: FormButtonProps) {
  // A blocked button's click must not submit the form.
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (blocked) event.preventDefault();
  };
  return (
    <button
      type="submit"
      value={value}
      className={`button button--${tone} button--large button--block${blocked ? ' button--blocked' : ''}`}
      aria-disabled={blocked || undefined}
      aria-busy={busy || undefined}
      style={style}
      onClick={click}
    >
      {busy ? <span className="button__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
