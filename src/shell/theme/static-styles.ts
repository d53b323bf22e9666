/**
 * antd's style sheets for the console's default look, made at build instead of in each browser
 * (scripts/antd-styles.ts writes them; static-sheet-loader.ts loads them as the console starts;
 * this module runs at build only, never in the browser).
 *
 * antd builds a component's sheet in the browser when the component first mounts (style objects,
 * then serialised by stylis, then a `<style>` tag): on a cold load of a console page that was a
 * quarter to two fifths of its script time. A sheet made here carries, as its last rule, antd's map of the sheets it
 * holds (`.data-ant-cssinjs-cache-path{content:"…"}`): antd reads that map once, at the first
 * component it styles, and then takes every sheet in it from the file without building or
 * injecting anything. A sheet not in the map (a component missing from the list below, another
 * theme, dark mode) is built in the browser as before, so the file only ever saves work.
 *
 * The map is keyed by the theme's token: one file per value of the system's reduced-motion
 * setting (antd's motion off is another token); the console loads the one that applies.
 *
 * Only sheets whose rules are scoped to their theme (antd's `:where(.css-<token hash>)`) belong
 * here. ProLayout's PageHeader (Refine's list and form pages) writes plain `.ant-page-header`
 * rules in its theme's colours: whether this file's light ones or the dark theme's, built at run
 * time, came later in the page (and so won) would depend on what the page had built before the
 * file arrived, so it stays built at run time.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import { createElement as h, Fragment, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { DEFAULT_THEME } from './settings';
import { themeConfig } from './tokens';

/**
 * The antd components the console uses (tests/unit/static-styles.test.ts checks that every one
 * imported under src/ is here) and the props they need to render on their own. Dropdown's and
 * Select's menus, Table's pagination, filters and checkboxes are in their components' sheets.
 */
const COMPONENTS: Record<string, Record<string, unknown> | ((C: ComponentType<Record<string, unknown>>) => ReactNode)> = {
  Alert: {}, App: {}, AutoComplete: {}, Avatar: {}, Badge: {}, Breadcrumb: {}, Button: {}, Card: {}, Checkbox: {},
  Col: {}, DatePicker: {}, Descriptions: {}, Divider: {}, Drawer: { open: false }, Empty: {}, Flex: {}, Form: {},
  Image: {}, Input: {}, InputNumber: {}, Layout: {}, List: {}, Modal: { open: false }, Pagination: {},
  Progress: {}, Radio: {}, Result: {}, Row: {}, Segmented: { options: [] }, Select: {}, Skeleton: {}, Space: {},
  Spin: {}, Statistic: {}, Switch: {}, Table: {}, Tabs: {}, Tag: {}, Timeline: {}, TreeSelect: {}, Typography: {},
  Upload: {}, Menu: { items: [] },
  // Sheets a component registers only in some of its forms: the side bar, coloured tags, grouped
  // inputs and buttons, an icon.
  Sider: () => h(antd.Layout.Sider),
  TagColours: () => h(Fragment, null, h(antd.Tag, { color: 'blue' }), h(antd.Tag, { color: 'success' })),
  Compact: () => h(antd.Space.Compact, null, h(antd.Input), h(antd.Input.Search), h(antd.Button)),
  TextArea: () => h(antd.Input.TextArea),
  Password: () => h(antd.Input.Password),
  Icon: () => h(antd.Alert, { showIcon: true, closable: true }),
  FormItem: () => h(antd.Form, null, h(antd.Form.Item, { label: '-' }, h(antd.Input))),
  // The icons' reset sheet in the theme's token: registered by a ConfigProvider inside the themed one.
  NestedProvider: () => h(antd.ConfigProvider, null, h('span')),
  Dropdown: (C) => h(C, { menu: { items: [] } }, h('span')),
  Tooltip: (C) => h(C, { title: '-' }, h('span')),
  Popover: (C) => h(C, { content: '-' }, h('span')),
  Popconfirm: (C) => h(C, { title: '-' }, h('span')),
};
/** Shown through antd's App or its static functions: their sheets come from their panels. */
export const PANELS = ['message', 'notification'] as const;

/** Components the console imports from antd that have no sheet of their own. */
export const WITHOUT_SHEET = ['ConfigProvider', 'Grid', 'theme'] as const;
export const STATIC_STYLE_COMPONENTS = Object.keys(COMPONENTS);

function everyComponent(): ReactNode {
  const lib = antd as unknown as Record<string, ComponentType<Record<string, unknown>> & { _InternalPanelDoNotUseOrYouWillBeFired?: ComponentType }>;
  return h(Fragment, null,
    ...Object.entries(COMPONENTS).map(([name, how]) => {
      const C = lib[name]!; // undefined for the forms above, which name their components
      return h(Fragment, { key: name }, typeof how === 'function' ? how(C) : h(C, how));
    }),
    ...PANELS.map((name) => {
      const Panel = lib[name]!._InternalPanelDoNotUseOrYouWillBeFired!;
      return h(Panel, { key: name });
    }));
}

/**
 * The sheet of every component above in the default theme (settings.ts: DEFAULT_THEME), with or
 * without motion, as plain CSS ending with antd's map of what it holds. Run with NODE_ENV as the
 * browser build has it: antd's class names differ between production and development.
 */
export function staticStyleSheet(reducedMotion: boolean): string {
  const cache = createCache();
  const theme = themeConfig(DEFAULT_THEME.themeName, DEFAULT_THEME.darkMode, reducedMotion);
  renderToString(h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme }, everyComponent())));
  return extractStyle(cache, { plain: true, types: ['style', 'token'] });
}
