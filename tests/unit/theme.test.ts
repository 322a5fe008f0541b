import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import {
  COLOR_PRESETS,
  DEFAULT_SETTINGS,
  hasDefaultTheme,
  type ColorPreset,
  type Settings,
} from '../../src/shell/settings/settings';
import { contrast } from '../../src/shell/color';
import { buildTheme } from '../../src/shell/theme';

describe('dark mode menu', () => {
  it.each(Object.keys(COLOR_PRESETS) as ColorPreset[])(
    'the selected entry of the %s preset reads at 4.5:1 or more',
    (preset) => {
      const config = buildTheme({
        ...DEFAULT_SETTINGS,
        themeMode: 'dark',
        themeColorPresets: preset,
      });
      const tokens = theme.getDesignToken(config);
      const menu = config.components?.Menu ?? {};
      const text = (menu.itemSelectedColor as string | undefined) ?? tokens.colorPrimary;
      const background = (menu.itemSelectedBg as string | undefined) ?? tokens.controlItemBgActive;
      expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
    },
  );
});

describe('links', () => {
  const presets = Object.keys(COLOR_PRESETS) as ColorPreset[];
  it.each(
    presets.flatMap((preset) =>
      (['light', 'dark'] as const).map((mode): [ColorPreset, 'light' | 'dark'] => [preset, mode]),
    ),
  )('in the %s preset, %s theme, read at 4.5:1 or more on the cards', (preset, mode) => {
    const tokens = theme.getDesignToken(
      buildTheme({ ...DEFAULT_SETTINGS, themeMode: mode, themeColorPresets: preset }),
    );
    expect(contrast(tokens.colorLink, tokens.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
  });
});

// antd's prebuilt styles (scripts/antdStaticCss.ts) are the default theme's: the dashboard loads
// them only when the settings give that theme.
describe('default theme', () => {
  const variations: Partial<Settings>[] = [
    {},
    { themeMode: 'dark' },
    { themeContrast: 'bold' },
    ...(Object.keys(COLOR_PRESETS) as ColorPreset[]).map((preset) => ({
      themeColorPresets: preset,
    })),
    { themeLayout: 'mini', themeDirection: 'rtl', themeStretch: true },
  ];
  it.each(variations)('%o: hasDefaultTheme says whether antd gets the default theme', (change) => {
    const settings = { ...DEFAULT_SETTINGS, ...change };
    const same =
      JSON.stringify(buildTheme(settings)) === JSON.stringify(buildTheme(DEFAULT_SETTINGS));
    expect(theme.defaultAlgorithm === buildTheme(settings).algorithm && same).toBe(
      hasDefaultTheme(settings),
    );
  });
});

// Issue 27 item 17: axe on the user edit page in dark mode found the active tab label at 2.4:1
// and a disabled select's value at 2.26:1.
describe('tabs and disabled selects', () => {
  const presets = Object.keys(COLOR_PRESETS) as ColorPreset[];
  /** A colour with alpha over an opaque background, as the screen shows it. */
  const over = (color: string, background: string): string => {
    const rgba = /rgba?\(([^)]+)\)/.exec(color);
    if (!rgba) return color;
    const [r, g, b, a = 1] = rgba[1]!.split(',').map(Number);
    const bg = [1, 3, 5].map((index) => parseInt(background.slice(index, index + 2), 16));
    const mix = [r!, g!, b!].map((part, index) => Math.round(part * a + bg[index]! * (1 - a)));
    return `#${mix.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
  };
  it.each(presets)(
    'the active tab of the %s preset reads at 4.5:1 or more in the dark',
    (preset) => {
      const config = buildTheme({
        ...DEFAULT_SETTINGS,
        themeMode: 'dark',
        themeColorPresets: preset,
      });
      const tokens = theme.getDesignToken(config);
      const tabs = config.components?.Tabs ?? {};
      const label = (tabs.itemSelectedColor as string | undefined) ?? tokens.colorPrimary;
      expect(contrast(label, tokens.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
    },
  );
  it.each(['light', 'dark'] as const)(
    'a disabled select’s value reads at 4.5:1 or more in the %s theme',
    (mode) => {
      const config = buildTheme({ ...DEFAULT_SETTINGS, themeMode: mode });
      const tokens = theme.getDesignToken(config);
      const select = config.components?.Select ?? {};
      // antd's disabled background over the card (axe measured #272727 and #f5f5f5).
      const background = over(tokens.colorBgContainerDisabled, tokens.colorBgContainer);
      const text = over(
        (select.colorTextDisabled as string | undefined) ?? tokens.colorTextDisabled,
        background,
      );
      expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
