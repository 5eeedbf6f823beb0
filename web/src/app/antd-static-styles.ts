import componentStyles from 'virtual:antd-component-styles';

/**
 * antd's rules for the app's components, computed by the build (web/build/antd-styles.ts), go into the page
 * before antd renders its first component: antd reads from their map which rules it need not write itself.
 * They go first in `<head>`, where antd inserts its own, so the app's stylesheets keep overriding them.
 * Imported by every module that renders antd (the antd scope, the toast host); inserted once.
 */
if (componentStyles && typeof document !== 'undefined') {
  const style = document.createElement('style');
  style.dataset.antdComponentStyles = '';
  style.textContent = componentStyles;
  document.head.prepend(style);
}
