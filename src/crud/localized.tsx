import { Space, Tag, Tooltip } from 'antd';
import { translationState, type Translation } from './useTranslationStatus';

/**
 * Per row: the owner's languages — filled where this item exists, amber where its text still
 * needs a translation, outlined where it is missing.
 */
export function TranslationTags({
  locales,
  present,
  t,
}: {
  locales: readonly string[];
  present: ReadonlyMap<string, Translation>;
  /** The list's `t`: its rows do not each subscribe to i18n. */
  t: (key: string, options?: Record<string, unknown>) => string;
}) {
  return (
    <Space size={2} wrap>
      {locales.map((lng) => {
        const state = translationState(present, lng);
        const label = t(`localized.${state}`, { language: t(`languages.${lng}`) });
        return (
          <Tooltip key={lng} title={label}>
            <Tag
              color={
                state === 'present' ? 'success' : state === 'untranslated' ? 'warning' : undefined
              }
              bordered
              style={state === 'missing' ? { borderStyle: 'dashed', opacity: 0.7 } : undefined}
              aria-label={label}
              role="img"
            >
              {lng.toUpperCase()}
            </Tag>
          </Tooltip>
        );
      })}
    </Space>
  );
}

/** Marks a record whose text was copied by Sync without a translation service. */
export function NeedsTranslationTag({ t }: { t: (key: string) => string }) {
  return <Tag color="warning">{t('localized.needsTranslation')}</Tag>;
}
