/** antd's component rules, computed by the build (web/build/antd-styles.ts); empty outside the client build. */
declare module 'virtual:antd-component-styles' {
  const css: string;
  export default css;
}
