/**
 * antd's styles for the default theme, as a style sheet (printed to stdout): what the shell, a
 * list and the home page render at once. antd writes its styles at run time (CSS-in-JS): on a
 * list's first load that was ~370 kB of CSS text built and inserted, a third of the main thread
 * on a mid-range phone. The sheet ends with antd's own map of the styles it holds
 * (`.data-ant-cssinjs-cache-path`); at run time antd reads that map and skips building them.
 * Any other theme (dark, bold, another colour) or component still gets its styles built at run
 * time, as before. Run by the build (scripts/antdStaticStylesPlugin.ts) with the build's NODE_ENV:
 * antd's class names differ between development and production.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  Avatar,
  Breadcrumb,
  Button,
  Card,
  Checkbox,
  Col,
  ConfigProvider,
  Dropdown,
  Empty,
  Input,
  Layout,
  Menu,
  Pagination,
  Popconfirm,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Spin,
  Statistic,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { createElement as h, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { DEFAULT_SETTINGS } from '../src/shell/settings/settings';
import { buildTheme } from '../src/shell/theme';

/**
 * A popup's panel renders its styles without opening anything (antd's own static extract does
 * the same). Not for Dropdown and Select: their panels render under a theme of their own.
 */
const panel = (component: object) =>
  (component as { _InternalPanelDoNotUseOrYouWillBeFired: ComponentType })
    ._InternalPanelDoNotUseOrYouWillBeFired;

const firstLoad = [
  h(Layout, null, h(Layout.Sider), h(Layout.Header), h(Layout.Content)),
  h(Menu),
  h(Breadcrumb),
  h(Dropdown, { menu: { items: [] } }, h('span')),
  h(Avatar),
  h(Space),
  h(panel(Tooltip)),
  h(panel(Popconfirm)),
  h(Button),
  h(Segmented, { options: [] }),
  h(Input.Search),
  h(Select),
  h(Table),
  h(Empty),
  h(Spin),
  h(Checkbox),
  h(Pagination, { total: 100 }),
  h(Tag),
  h(Skeleton),
  h(Typography),
  h(Card),
  h(Statistic),
  h(Row, null, h(Col)),
];

const cache = createCache();
renderToString(
  h(
    StyleProvider,
    { cache },
    h(ConfigProvider, { theme: buildTheme(DEFAULT_SETTINGS) }, ...firstLoad),
  ),
);
process.stdout.write(extractStyle(cache, { plain: true, types: 'style' }));
