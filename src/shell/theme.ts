import { theme as antdTheme, type ThemeConfig } from 'antd';
import { COLOR_PRESETS, type Settings } from './settings/settings';

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

/** A colour mixed with white: `amount` 0 keeps it, 1 is white. */
export function tint(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return (
    '#' +
    channels
      .map((value) => Math.round(value + (255 - value) * amount))
      .map((value) => value.toString(16).padStart(2, '0'))
      .join('')
  );
}

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
      colorLink: primary,
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
    },
  };
}
