import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { i18n } from '../../i18n';
import {
  DEFAULT_SETTINGS,
  directionForLanguage,
  readSettings,
  writeSettings,
  type Settings,
} from './settings';
import { SettingsContext } from './useSettings';

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<Settings>(readSettings);

  useEffect(() => writeSettings(settings), [settings]);

  useEffect(() => {
    document.documentElement.dir = settings.themeDirection;
  }, [settings.themeDirection]);

  // Choosing a language sets the reading direction that language needs (spec §4).
  useEffect(() => {
    const onLanguageChanged = (lng: string) =>
      setSettings((current) => ({ ...current, themeDirection: directionForLanguage(lng) }));
    i18n.on('languageChanged', onLanguageChanged);
    return () => i18n.off('languageChanged', onLanguageChanged);
  }, []);

  const update = useCallback(<K extends keyof Settings>(key: K, value: Settings[K]) => {
    setSettings((current) => ({ ...current, [key]: value }));
  }, []);

  const reset = useCallback(() => setSettings(DEFAULT_SETTINGS), []);

  const value = useMemo(() => ({ settings, update, reset }), [settings, update, reset]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}
