import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type Dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Texts {
  antd: AntdLocale;
  /** dayjs, its language's texts loaded (dates outside English); English needs neither. */
  dayjs?: typeof Dayjs;
}

// antd's and dayjs's texts for the other languages load with the language, and dayjs with them
// (a page without dates does not fetch it). antd's ES modules, not its `antd/locale/*` CommonJS
// wrappers: a dynamic import of those yields `{ default: locale }`.
const withDayjs =
  (dayjsTexts: () => Promise<unknown>, antdTexts: () => Promise<{ default: AntdLocale }>) =>
  async (): Promise<Texts> => {
    const [{ default: dayjs }] = await Promise.all([import('dayjs'), dayjsTexts()]);
    return { antd: (await antdTexts()).default, dayjs };
  };
const loaders: Record<string, () => Promise<Texts>> = {
  nl: withDayjs(
    () => import('dayjs/locale/nl'),
    () => import('antd/es/locale/nl_NL'),
  ),
  de: withDayjs(
    () => import('dayjs/locale/de'),
    () => import('antd/es/locale/de_DE'),
  ),
  fr: withDayjs(
    () => import('dayjs/locale/fr'),
    () => import('antd/es/locale/fr_FR'),
  ),
  es: withDayjs(
    () => import('dayjs/locale/es'),
    () => import('antd/es/locale/es_ES'),
  ),
};

/** antd's component texts (pagination, pickers, empty states) in the interface language. */
export function useAntdLocale(): AntdLocale {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const [loaded, setLoaded] = useState<Record<string, Texts>>({ en: { antd: enUS } });
  const ready = lng in loaded;

  // dayjs's language is global: set it before this render's dates are formatted (month names,
  // the first day of the week), not after. Until another language has loaded it, dayjs (if a
  // date input has loaded it) speaks its default, English.
  const dayjs = Object.values(loaded).find((texts) => texts.dayjs)?.dayjs;
  if (ready && dayjs && dayjs.locale() !== lng) dayjs.locale(lng);

  useEffect(() => {
    if (ready) return;
    let current = true;
    void loaders[lng]?.().then((texts) => {
      if (current) setLoaded((all) => ({ ...all, [lng]: texts }));
    });
    return () => {
      current = false;
    };
  }, [lng, ready]);

  const locale = loaded[lng]?.antd ?? enUS;
  // Texts antd leaves in English in some languages (the page-size picker's screen-reader label).
  const pageSize = i18n.t('crud.pageSize');
  return useMemo(
    () => ({ ...locale, Pagination: { ...locale.Pagination, page_size: pageSize } }),
    [locale, pageSize],
  );
}
