/**
 * antd's component rules, computed at build time (issue 22). antd writes each component's CSS in the
 * browser the first time the component renders: on the signed-in roadmap that was the biggest single cost of
 * the load (two thirds of its longest task). The build renders the components the app uses once, in Node, and keeps
 * their rules and antd's map of them (`.data-ant-cssinjs-cache-path`); the app inserts both before antd
 * first renders (src/app/antd-static-styles.ts), and antd then takes each listed component's rules from that
 * stylesheet instead of computing them. antd only skips what the map lists: a component or a variant missing
 * here is written in the browser as before, so this list can only make pages faster, never unstyled.
 *
 * Only the component rules are taken (`types: 'style'`). Since antd 6 they refer to the theme through CSS
 * variables, and antd's key for them leaves the theme out; the variables themselves (the platform's theme,
 * an organization's brand) are still declared in the browser, from the theme the page actually uses.
 */
import { createRequire } from 'node:module';
import type * as AntdModule from 'antd';
import type * as CssInJsModule from '@ant-design/cssinjs';
import type * as ReactModule from 'react';
import type * as ReactDomServerModule from 'react-dom/server';
import type { ThemeConfig } from 'antd';
import type { Plugin } from 'vite';
import { theme as platformTheme } from '../src/app/theme.ts';

/** The module that holds the stylesheet (a string); src/app/antd-static-styles.ts inserts it. */
export const ANTD_STYLES_MODULE = 'virtual:antd-component-styles';
const RESOLVED_ID = `\0${ANTD_STYLES_MODULE}`;

/**
 * The stylesheet in the client's production build. The dev server (and a development build) get none, as
 * they run antd's development build, whose keys differ; so does the pre-rendering build, as the pre-rendered
 * pages render no antd component.
 */
export function antdStaticStyles(): Plugin {
  let css = '';
  return {
    name: 'venture-roadmap:antd-static-styles',
    configResolved(config) {
      if (config.command === 'build' && !config.build.ssr && config.isProduction) {
        css = antdComponentStyles(platformTheme);
      }
    },
    resolveId: (id) => (id === ANTD_STYLES_MODULE ? RESOLVED_ID : null),
    load: (id) => (id === RESOLVED_ID ? `export default ${JSON.stringify(css)};` : null),
  };
}

/**
 * The stylesheet (minified CSS) of antd's rules for the app's components, rendered with `theme`, and the map
 * that tells antd which of them it holds.
 */
export function antdComponentStyles(theme: ThemeConfig): string {
  // antd keys its production rules `css-…` and its development ones `css-dev-only-do-not-override-…`, from
  // NODE_ENV when it loads.
  if (process.env.NODE_ENV !== 'production') {
    throw new Error(`antd's rules are built for production only (NODE_ENV is ${process.env.NODE_ENV})`);
  }
  // Node loads antd's CommonJS build; its rules and keys are those of the ES build the browser runs.
  const require = createRequire(import.meta.url);
  const { createElement: h, Fragment } = require('react') as typeof ReactModule;
  const { renderToString } = require('react-dom/server') as typeof ReactDomServerModule;
  const { createCache, extractStyle, StyleProvider } = require('@ant-design/cssinjs') as typeof CssInJsModule;
  const antd = require('antd') as typeof AntdModule;
  const { Form, Input, Radio, Checkbox, Skeleton, Typography } = antd;

  const noop = () => undefined;
  const components = [
    h(antd.Alert, { title: 'a', type: 'info', showIcon: true }),
    h(antd.Alert, { title: 'a', description: 'b', type: 'error', showIcon: true, closable: true }),
    h(antd.Button, { type: 'primary' }, 'a'),
    h(antd.Button, { danger: true, loading: true, size: 'small' }, 'a'),
    h(antd.Button, { type: 'link', icon: h('span') }),
    h(antd.Card, { title: 'a', size: 'small' }, 'b'),
    h(Checkbox, null, 'a'),
    h(Checkbox.Group, { options: ['a'] }),
    h(antd.DatePicker, null),
    h(antd.Drawer, { open: false }),
    h(antd.Dropdown, { menu: { items: [{ key: 'a', label: 'a' }] } }, h('button')),
    h(
      Form,
      { layout: 'vertical', requiredMark: false },
      h(Form.Item, { label: 'a', help: 'b', validateStatus: 'error' }, h(Input, null)),
      h(Form.Item, { label: 'c', extra: 'd' }, h(Input.Password, null)),
      h(Form.Item, null, h(Input.TextArea, null)),
    ),
    h(Input, { allowClear: true, prefix: 'a', suffix: 'b' }),
    h(antd.InputNumber, null),
    h(antd.Mentions, null),
    h(antd.Modal, { open: false }),
    h(antd.notification._InternalPanelDoNotUseOrYouWillBeFired, { title: 'a', type: 'success' }),
    h(antd.Popconfirm, { title: 'a' }, h('button')),
    h(antd.Progress, { percent: 40 }),
    h(antd.Progress, { percent: 40, type: 'circle' }),
    h(Radio, null, 'a'),
    h(Radio.Group, { optionType: 'button', options: ['a'] }),
    h(antd.Result, { status: 'error', title: 'a' }),
    h(antd.Segmented, { options: ['a', 'b'] }),
    h(antd.Select, { options: [{ value: 'a' }], onChange: noop }),
    h(Skeleton, { active: true }),
    h(Skeleton.Button, null),
    h(Skeleton.Input, null),
    h(antd.Space, null, 'a', 'b'),
    h(antd.Spin, null),
    h(antd.Statistic, { title: 'a', value: 1 }),
    h(antd.Switch, null),
    h(antd.Table, { columns: [{ title: 'a', dataIndex: 'a' }], dataSource: [], rowKey: 'a' }),
    h(antd.Tabs, { items: [{ key: 'a', label: 'a', children: 'b' }] }),
    h(antd.Tag, { color: 'blue' }, 'a'),
    h(antd.Tooltip, { title: 'a' }, h('span')),
    h(Typography.Title, null, 'a'),
    h(Typography.Text, { type: 'secondary' }, 'a'),
    h(Typography.Paragraph, null, 'a'),
  ];

  const cache = createCache();
  renderToString(
    h(
      StyleProvider,
      { cache },
      h(antd.ConfigProvider, { theme }, h(antd.App, { component: false }, h(Fragment, null, ...components))),
    ),
  );
  return extractStyle(cache, { types: 'style', plain: true });
}
