import type { I18nProvider } from '@refinedev/core';
import { changeLanguage, i18n } from '../i18n';

/** Refine speaks through the same i18next instance as the rest of the dashboard. */
export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) =>
    String(
      i18n.t(key, {
        defaultValue: defaultMessage,
        ...(typeof options === 'object' ? options : {}),
      }),
    ),
  changeLocale: (lng) => changeLanguage(lng),
  getLocale: () => i18n.resolvedLanguage ?? i18n.language,
};
