import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// antd's and dayjs's texts for the other languages load with the language.
const loaders: Record<string, () => Promise<AntdLocale>> = {
  nl: () =>
    import('dayjs/locale/nl').then(() => import('antd/locale/nl_NL')).then((m) => m.default),
  de: () =>
    import('dayjs/locale/de').then(() => import('antd/locale/de_DE')).then((m) => m.default),
  fr: () =>
    import('dayjs/locale/fr').then(() => import('antd/locale/fr_FR')).then((m) => m.default),
  es: () =>
    import('dayjs/locale/es').then(() => import('antd/locale/es_ES')).then((m) => m.default),
};

/** antd's component texts (pagination, pickers, empty states) in the interface language. */
export function useAntdLocale(): AntdLocale {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const [loaded, setLoaded] = useState<Record<string, AntdLocale>>({ en: enUS });
  const ready = lng in loaded;

  useEffect(() => {
    if (ready) {
      dayjs.locale(lng);
      return;
    }
    let current = true;
    void loaders[lng]?.().then((locale) => {
      if (current) setLoaded((all) => ({ ...all, [lng]: locale }));
    });
    return () => {
      current = false;
    };
  }, [lng, ready]);

  return loaded[lng] ?? enUS;
}
