import { theme as antdTheme, type ThemeConfig } from 'antd';
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
 * antd's, from the same theme: `actionButtonStyle` turns the page's antd theme (the platform's, or a member's
 * organization brand) into the CSS variables action-button.css reads. `AntdScope` loads that stylesheet and
 * provides the variables (`ActionButtonStyleProvider`); the page sets them on the element around its buttons
 * (`useActionButtonStyle`).
 */

/** antd's `type`/`danger` pairs the app uses: primary (solid), default (outlined), danger (outlined), text. */
export type ActionButtonTone = 'primary' | 'default' | 'danger' | 'text';

interface ActionButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled'> {
  tone?: ActionButtonTone;
  /** Busy: a spinner before the text, and clicks are ignored (antd's `loading`; it stays focusable). */
  loading?: boolean;
  /** A decorative icon before the text. */
  icon?: ReactNode;
}

export function ActionButton({
  tone = 'default',
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
      className={`action-button action-button--${tone}${loading ? ' action-button--loading' : ''}${className ? ` ${className}` : ''}`}
      aria-disabled={loading || undefined}
      onClick={loading ? undefined : onClick}
    >
      {loading ? <span className="action-button__spinner" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}

/** The CSS variables of action-button.css, from an antd theme (the one `ConfigProvider` is given). */
export function actionButtonStyle(config: ThemeConfig): CSSProperties {
  const token = antdTheme.getDesignToken(config);
  // An organization's brand is the Button component's own `colorPrimary`, derived like a seed (brand-theme.ts).
  const button = config.components?.Button;
  const primary = button?.colorPrimary
    ? antdTheme.getDesignToken({ ...config, token: { ...config.token, colorPrimary: button.colorPrimary } })
    : token;
  return {
    '--action-primary': primary.colorPrimary,
    '--action-primary-hover': primary.colorPrimaryHover,
    '--action-primary-active': primary.colorPrimaryActive,
    '--action-primary-text': button?.primaryColor ?? token.colorTextLightSolid,
    '--action-focus': primary.colorPrimaryBorder,
    '--action-text': token.colorText,
    '--action-border': token.colorBorder,
    '--action-bg': token.colorBgContainer,
    '--action-text-hover-bg': token.colorFillTertiary,
    '--action-text-active-bg': token.colorFillSecondary,
    '--action-danger': token.colorError,
    '--action-danger-hover': token.colorErrorHover,
    '--action-danger-active': token.colorErrorActive,
    '--action-radius': `${token.borderRadiusSM}px`,
    '--action-font': token.fontFamily,
  } as CSSProperties;
}

const ActionButtonStyle = createContext<CSSProperties | undefined>(undefined);

/** Set by `AntdScope` to `actionButtonStyle` of the theme it gives antd. */
export const ActionButtonStyleProvider = ActionButtonStyle.Provider;

/** The style (CSS variables) for an element around action buttons: without it they take the platform's colours. */
export function useActionButtonStyle(): CSSProperties | undefined {
  return useContext(ActionButtonStyle);
}
