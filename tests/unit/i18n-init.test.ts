import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, LANGUAGE_STORAGE_KEY } from '../../src/i18n';
import nl from '../../src/i18n/locales/nl.json';

describe('interface language at start', () => {
  beforeEach(() => localStorage.clear());

  it('starts in the language kept in localStorage, with its texts loaded', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'nl');
    await initI18n();
    expect(i18n.resolvedLanguage).toBe('nl');
    expect(i18n.t('home.totalVisitors')).toBe(nl.home.totalVisitors);
    expect(document.documentElement.lang).toBe('nl');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('nl');
  });

  it('starts in English on a first visit, even in a German browser', async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'de']);
    const language = vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    try {
      await initI18n();
      expect(i18n.resolvedLanguage).toBe('en');
      expect(document.documentElement.lang).toBe('en');
    } finally {
      languages.mockRestore();
      language.mockRestore();
    }
  });
});
