import { SyncOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { Button, Popconfirm, Segmented, Space, Tag, Tooltip } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAction } from './useAction';
import { TRANSLATION_STATUS, translationState, type Translation } from './useTranslationStatus';
import type { Locale } from '../schema/locales';
import type { Resource } from '../schema/resource';
import { useToasts } from '../providers/toasts';

/** The content-language switch of a localized list. */
export function ContentLocaleSwitch({
  locales,
  value,
  onChange,
}: {
  locales: readonly Locale[];
  value: Locale;
  onChange: (lng: Locale) => void;
}) {
  const { t } = useTranslation();
  return (
    <Segmented
      aria-label={t('localized.contentLanguage')}
      value={value}
      onChange={(lng) => onChange(lng as Locale)}
      options={locales.map((lng) => ({ value: lng, label: t(`languages.${lng}`) }))}
    />
  );
}

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

interface SyncAnswer {
  locale: Locale;
  created: Record<string, number>;
  related: Record<string, Record<string, number>>;
  translated: boolean;
}

/**
 * Sync: asks first, then creates and translates, in the owner's other languages, the items of
 * this language that are missing there (spec §1).
 */
export function SyncButton({
  resource,
  locale,
  ownerId,
  needsOwner,
}: {
  resource: Resource;
  locale: Locale;
  ownerId?: number;
  needsOwner: boolean;
}) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const sync = useAction<SyncAnswer>(resource, 'sync');
  const language = t(`languages.${locale}`);
  const disabled = needsOwner && !ownerId;
  const run = () =>
    sync.run(
      { locale, ...(ownerId ? { ownerId } : {}) },
      {
        onSuccess: (data) => {
          const parts = Object.entries(data.created).map(([lng, count]) =>
            t('localized.createdIn', { count, language: t(`languages.${lng}`) }),
          );
          const total = Object.values(data.created).reduce((sum, count) => sum + count, 0);
          // Each sentence on its own line: what was created, then whether it was translated.
          const sentences = [
            parts.join(', '),
            !data.translated && total ? t('localized.copiedNotTranslated') : '',
          ].filter(Boolean);
          notification.success({
            message: total ? t('localized.syncDone') : t('localized.syncNothing'),
            description: sentences.length ? (
              <>
                {sentences.map((sentence) => (
                  <div key={sentence}>{sentence}</div>
                ))}
              </>
            ) : undefined,
          });
          void invalidate({ resource: resource.name, invalidates: ['list', 'many'] });
          // The language tags of the rows on screen (a query of their own, not Refine's).
          void queryClient.invalidateQueries({ queryKey: [TRANSLATION_STATUS, resource.name] });
          for (const name of Object.keys(data.related))
            void invalidate({ resource: name, invalidates: ['list', 'many'] });
        },
        onError: (error) =>
          notification.error({
            message: t(`resources.${resource.name}.syncError`),
            description: error.message,
          }),
      },
    );
  const button = (
    <Button
      icon={<SyncOutlined spin={sync.isPending} />}
      disabled={disabled}
      loading={sync.isPending}
    >
      {t('localized.sync')}
    </Button>
  );
  if (disabled) return <Tooltip title={t('localized.chooseOwner')}>{button}</Tooltip>;
  return (
    <Popconfirm
      title={t('localized.syncConfirmTitle', { language })}
      description={t('localized.syncConfirmText', {
        language,
        resource: t(`resources.${resource.name}.title`),
      })}
      okText={t('localized.sync')}
      cancelText={t('crud.cancel')}
      onConfirm={run}
    >
      {button}
    </Popconfirm>
  );
}
