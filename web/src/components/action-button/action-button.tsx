import './action-button.css';
import {
  createContext,
  useContext,
  type ButtonHTMLAttributes,
  type CSSProperties,
  type ReactNode,
} from 'react';

/*
 * antd's small Button, drawn as a plain <button> (issue 22). A roadmap renders fifty task cards with two or
 * three buttons each: as antd Buttons (each with its own style hooks, click wave and contexts) they took more
 * than a quarter of the page's script time on load, measured in Chromium with 4 × CPU throttling. The look is
 * antd's, from the same theme: `actionButtonStyle` (action-button-style.ts, which loads antd's theme) turns
 * the page's antd theme (the platform's, or a member's organization brand) into the CSS variables
 * action-button.css reads, whose fallbacks are the platform's. `AntdScope`, or on a page without antd
 * `BrandActionStyle` for a branded member, provides the variables (`ActionButtonStyleProvider`); the page sets
 * them on the element around its buttons (`useActionButtonStyle`). This module imports nothing of antd.
 */

/** antd's `type`/`danger` pairs the app uses: primary (solid), default (outlined), danger (outlined), text. */
export type ActionButtonTone = 'primary' | 'default' | 'danger' | 'text';

/** antd's `small` (24 px, the cards' buttons) and default `middle` size (32 px, the roadmap's toolbar). */
export type ActionButtonSize = 'small' | 'middle';

interface ActionButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  tone?: ActionButtonTone;
  size?: ActionButtonSize;
  /** Busy: a spinner before the text, and clicks are ignored (antd's `loading`; it stays focusable). */
  loading?: boolean;
  /** A decorative icon before the text. */
  icon?: ReactNode;
}

export function ActionButton({
  tone = 'default',
  size = 'small',
  loading = false,
  icon,
  className,
  onClick,
  children,
  ...rest
}: ActionButtonProps) {
  return (
    <button
      {...rest}
      type="button"
      className={`action-button action-button--${tone}${size === 'middle' ? ' action-button--middle' : ''}${loading ? ' action-button--loading' : ''}${className ? ` ${className}` : ''}`}
      aria-disabled={loading || undefined}
      onClick={loading ? undefined : onClick}
    >
      {loading ? <span className="action-button__spinner" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}

const ActionButtonStyle = createContext<CSSProperties | undefined>(undefined);

/** Set by `AntdScope` to `actionButtonStyle` of the theme it gives antd. */
export const ActionButtonStyleProvider = ActionButtonStyle.Provider;

/** The style (CSS variables) for an element around action buttons: without it they take the platform's colours. */
export function useActionButtonStyle(): CSSProperties | undefined {
  return useContext(ActionButtonStyle);
}
