import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { CSSProperties } from 'react';

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
