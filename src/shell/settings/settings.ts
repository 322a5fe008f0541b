import Cookies from 'js-cookie';

/** Appearance settings (spec §3 Settings, §4). Kept in cookies for 3 days (spec §9). */
export const COLOR_PRESETS = {
  default: '#7635dc',
  cyan: '#078dee',
  purple: '#9c27b0',
  blue: '#2065d1',
  orange: '#e8710a',
  red: '#d32f2f',
} as const;
export type ColorPreset = keyof typeof COLOR_PRESETS;

export interface Settings {
  themeMode: 'light' | 'dark';
  themeContrast: 'default' | 'bold';
  themeLayout: 'vertical' | 'mini';
  themeDirection: 'ltr' | 'rtl';
  themeColorPresets: ColorPreset;
  themeStretch: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  themeMode: 'light',
  themeContrast: 'default',
  themeLayout: 'vertical',
  themeDirection: 'ltr',
  themeColorPresets: 'default',
  themeStretch: false,
};

export const SETTINGS_COOKIE_DAYS = 3;

/** Whether antd's theme (src/shell/theme.ts, built from these three) is the default one. */
export const hasDefaultTheme = (settings: Settings): boolean =>
  settings.themeMode === DEFAULT_SETTINGS.themeMode &&
  settings.themeContrast === DEFAULT_SETTINGS.themeContrast &&
  settings.themeColorPresets === DEFAULT_SETTINGS.themeColorPresets;

const allowed: { [K in keyof Settings]: readonly Settings[K][] } = {
  themeMode: ['light', 'dark'],
  themeContrast: ['default', 'bold'],
  themeLayout: ['vertical', 'mini'],
  themeDirection: ['ltr', 'rtl'],
  themeColorPresets: Object.keys(COLOR_PRESETS) as ColorPreset[],
  themeStretch: [true, false],
};

const keys = Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[];

/** Reads every setting from its cookie; a missing or unknown value falls back to the default. */
export function readSettings(): Settings {
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of keys) {
    const raw = Cookies.get(key);
    if (raw === undefined) continue;
    const value = key === 'themeStretch' ? raw === 'true' : raw;
    if ((allowed[key] as readonly unknown[]).includes(value)) settings[key] = value;
  }
  return settings as unknown as Settings;
}

export function writeSettings(settings: Settings): void {
  for (const key of keys) {
    Cookies.set(key, String(settings[key]), {
      expires: SETTINGS_COOKIE_DAYS,
      sameSite: 'lax',
      path: '/',
    });
  }
}

/** Right-to-left scripts among the languages a user may pick (spec §4: Arabic forces rtl). */
export const directionForLanguage = (lng: string): Settings['themeDirection'] =>
  /^(ar|he|fa|ur)\b/.test(lng) ? 'rtl' : 'ltr';
