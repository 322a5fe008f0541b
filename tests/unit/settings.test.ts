import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  directionForLanguage,
  readSettings,
  writeSettings,
} from '../../src/shell/settings/settings';

describe('appearance settings', () => {
  beforeEach(() => {
    for (const key of Object.keys(Cookies.get())) Cookies.remove(key, { path: '/' });
  });

  it('starts from light, ltr, default contrast, vertical, default preset, no stretch', () => {
    expect(readSettings()).toEqual({
      themeMode: 'light',
      themeContrast: 'default',
      themeLayout: 'vertical',
      themeDirection: 'ltr',
      themeColorPresets: 'default',
      themeStretch: false,
    });
  });

  it('keeps what was written in cookies', () => {
    const chosen = {
      ...DEFAULT_SETTINGS,
      themeMode: 'dark',
      themeStretch: true,
      themeColorPresets: 'cyan',
    } as const;
    writeSettings(chosen);
    expect(Cookies.get('themeMode')).toBe('dark');
    expect(readSettings()).toEqual(chosen);
  });

  it('ignores a tampered cookie value', () => {
    Cookies.set('themeMode', 'purple-rain');
    Cookies.set('themeColorPresets', 'magenta');
    expect(readSettings().themeMode).toBe('light');
    expect(readSettings().themeColorPresets).toBe('default');
  });

  it('forces rtl for Arabic and ltr for any other language', () => {
    expect(directionForLanguage('ar')).toBe('rtl');
    expect(directionForLanguage('ar-EG')).toBe('rtl');
    expect(directionForLanguage('nl')).toBe('ltr');
    expect(directionForLanguage('en')).toBe('ltr');
  });
});
