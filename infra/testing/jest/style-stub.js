// Stylesheets imported by web components (Vite bundles them): nothing to evaluate in the unit tests, which
// render components to HTML without a browser.
export default {};
