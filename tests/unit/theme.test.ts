import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import {
  COLOR_PRESETS,
  DEFAULT_SETTINGS,
  type ColorPreset,
} from '../../src/shell/settings/settings';
import { buildTheme } from '../../src/shell/theme';

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

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
