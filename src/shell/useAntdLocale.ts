import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

// antd's and dayjs's texts for the other languages load with the language. antd's ES modules, not
// its `antd/locale/*` CommonJS wrappers: a dynamic import of those yields `{ default: locale }`.
const loaders: Record<string, () => Promise<AntdLocale>> = {
  nl: () =>
    import('dayjs/locale/nl').then(() => import('antd/es/locale/nl_NL')).then((m) => m.default),
  de: () =>
    import('dayjs/locale/de').then(() => import('antd/es/locale/de_DE')).then((m) => m.default),
  fr: () =>
    import('dayjs/locale/fr').then(() => import('antd/es/locale/fr_FR')).then((m) => m.default),
  es: () =>
    import('dayjs/locale/es').then(() => import('antd/es/locale/es_ES')).then((m) => m.default),
};

/** antd's component texts (pagination, pickers, empty states) in the interface language. */
export function useAntdLocale(): AntdLocale {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const [loaded, setLoaded] = useState<Record<string, AntdLocale>>({ en: enUS });
  const ready = lng in loaded;

  // dayjs's language is global: set it before this render's dates are formatted (month names,
  // the first day of the week), not after.
  if (ready && dayjs.locale() !== lng) dayjs.locale(lng);

  useEffect(() => {
    if (ready) return;
    let current = true;
    void loaders[lng]?.().then((locale) => {
      if (current) setLoaded((all) => ({ ...all, [lng]: locale }));
    });
    return () => {
      current = false;
    };
  }, [lng, ready]);

  const locale = loaded[lng] ?? enUS;
  // Texts antd leaves in English in some languages (the page-size picker's screen-reader label).
  const pageSize = i18n.t('crud.pageSize');
  return useMemo(
    () => ({ ...locale, Pagination: { ...locale.Pagination, page_size: pageSize } }),
    [locale, pageSize],
  );
}
