import { generate } from '@ant-design/colors';
import { theme as antdTheme, type ThemeConfig } from 'antd';
import { readableOn, tint } from './color';
import { COLOR_PRESETS, type Settings } from './settings/settings';

export { tint };

/** Sizes of spec §9, in px. */
export const SIZES = {
  drawerWidth: 260,
  siderWidth: 280,
  siderMiniWidth: 88,
  headerMobile: 64,
  headerDesktop: 88,
  headerDashboard: 92,
  navItem: 48,
  navSubItem: 36,
  radius: 8,
  breakpoints: { sm: 600, md: 900, lg: 1200 },
  contentMaxWidth: 1200,
} as const;

export const FONT_FAMILY =
  "'Public Sans Variable', 'Public Sans', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif";

/** Secondary text (descriptions, captions, group titles) at 4.5:1 or more on the cards. */
export const LIGHT_DESCRIPTION = 'rgba(0, 0, 0, 0.6)';
export const DARK_DESCRIPTION = 'rgba(255, 255, 255, 0.55)';
export const LIGHT_ERROR_TEXT = '#cf1322';
/** A disabled select's value: still readable (4.5:1 on antd's disabled backgrounds). */
const DISABLED_VALUE_LIGHT = 'rgba(0, 0, 0, 0.58)';
const DISABLED_VALUE_DARK = 'rgba(255, 255, 255, 0.55)';
export const DARK_ERROR_TEXT = '#e86e6b';

/** antd theme from the user's appearance settings. */
export function buildTheme(settings: Settings): ThemeConfig {
  const dark = settings.themeMode === 'dark';
  const bold = settings.themeContrast === 'bold';
  const primary = COLOR_PRESETS[settings.themeColorPresets];
  return {
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      // WCAG AA (4.5:1) for links and secondary text: in the dark theme antd's primary (a darker
      // step of the preset) and its 45 % grey read at about 2.4:1 and 3.4:1 on the cards; in the
      // light theme the cyan and orange presets read at 3.5:1 and 3.1:1 on white, so links take
      // a darker shade of them.
      colorLink: dark ? tint(primary, 0.4) : readableOn(primary, '#ffffff'),
      colorTextDescription: dark ? DARK_DESCRIPTION : LIGHT_DESCRIPTION,
      // White text on a hovered primary button: antd lightens it to about 4.2:1; darken instead.
      ...(!dark && { colorPrimaryHover: generate(primary)[6] }),
      fontFamily: FONT_FAMILY,
      borderRadius: SIZES.radius,
      // Breakpoints 600/900/1200 (spec §9); antd checks each range against its neighbours.
      screenXSMax: SIZES.breakpoints.sm - 1,
      screenSM: SIZES.breakpoints.sm,
      screenSMMin: SIZES.breakpoints.sm,
      screenSMMax: SIZES.breakpoints.md - 1,
      screenMD: SIZES.breakpoints.md,
      screenMDMin: SIZES.breakpoints.md,
      screenMDMax: SIZES.breakpoints.lg - 1,
      screenLG: SIZES.breakpoints.lg,
      screenLGMin: SIZES.breakpoints.lg,
      screenLGMax: 1535,
      screenXL: 1536,
      screenXLMin: 1536,
      screenXLMax: 1599,
      // Bold contrast: stronger text and borders, and a page background further from the cards.
      ...(bold && {
        colorText: dark ? '#ffffff' : '#111827',
        colorTextSecondary: dark ? 'rgba(255,255,255,0.85)' : '#374151',
        colorBorder: dark ? '#6b7280' : '#9ca3af',
        colorBorderSecondary: dark ? '#4b5563' : '#d1d5db',
        colorBgLayout: dark ? '#000000' : '#eef0f3',
      }),
    },
    components: {
      Layout: {
        headerHeight: SIZES.headerDashboard,
        headerPadding: '0 24px',
        headerBg: dark ? '#141414' : '#ffffff',
        siderBg: dark ? '#141414' : '#ffffff',
      },
      Menu: {
        itemHeight: SIZES.navItem,
        itemBorderRadius: SIZES.radius,
        // Dark mode: the selected entry's text in a light tint of the preset (the preset itself
        // on its dark selection background reads at about 2:1).
        ...(dark && {
          itemSelectedColor: tint(primary, 0.6),
          subMenuItemSelectedColor: tint(primary, 0.6),
        }),
      },
      Drawer: {},
      // Dark mode: the active tab's label in the links' light tint of the preset (the preset
      // itself on the dark card reads at about 2.4:1).
      ...(dark && {
        Tabs: {
          itemSelectedColor: tint(primary, 0.4),
          itemActiveColor: tint(primary, 0.4),
          itemHoverColor: tint(primary, 0.55),
          inkBarColor: tint(primary, 0.4),
        },
      }),
      // A disabled select still shows a value people read (a page's type, an account's role):
      // at 4.5:1 or more on its disabled background, where antd's 25 % reads at about 2:1.
      Select: { colorTextDisabled: dark ? DISABLED_VALUE_DARK : DISABLED_VALUE_LIGHT },
      // Field messages and success tags ("Yes", languages) as text at 4.5:1 or more.
      Form: { colorError: dark ? DARK_ERROR_TEXT : LIGHT_ERROR_TEXT },
      ...(!dark && { Tag: { colorSuccess: '#237804' } }),
    },
  };
}
