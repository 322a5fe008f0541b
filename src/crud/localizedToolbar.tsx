import { SyncOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { Button, Popconfirm, Segmented, Tooltip } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAction } from './useAction';
import { TRANSLATION_STATUS } from './useTranslationStatus';
import type { Locale } from '../schema/locales';
import type { Resource } from '../schema/resource';
import { useToasts } from '../providers/toasts';

// A localized list's own controls, loaded with the localized lists only (ResourceList): antd's
// Segmented and the Sync action are not in every list's first load.

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
          // Each sentence on its own line: what was created, whether it was translated, and
          // (untranslated) that guests do not see the copies yet.
          const untranslated = !data.translated && total > 0;
          const shown = resource.shownToGuests;
          const sentences = [
            parts.join(', '),
            untranslated ? t('localized.copiedNotTranslated') : '',
            untranslated && shown
              ? t('localized.copiesHidden', {
                  field: t(`resources.${resource.name}.fields.${shown}`),
                })
              : '',
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
