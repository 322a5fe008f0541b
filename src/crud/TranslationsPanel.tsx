import { EditOutlined, SyncOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import { Button, List, Space, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Locale } from '../schema/locales';
import type { Resource } from '../schema/resource';
import type { User } from '../schema/user';
import { useAction } from './useAction';
import { TRANSLATION_STATUS, translationState, useTranslationStatus } from './useTranslationStatus';
import { useToasts } from '../providers/toasts';

type Row = Record<string, unknown> & { id: number };

const STATE_COLOR = { present: 'success', untranslated: 'warning', missing: 'default' } as const;

/**
 * An item's languages on its edit page: each of the hotel's languages with the item's state
 * there, a link to that version, and "Create missing" — Sync for this one item.
 */
export function TranslationsPanel({ resource, record }: { resource: Resource; record: Row }) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const queryClient = useQueryClient();
  const { data: user } = useGetIdentity<User>();
  const status = useTranslationStatus(resource, [record], user)(record);
  const sync = useAction(resource, 'sync');
  const missing = status.locales.filter((lng) => !status.present.has(lng));
  const base = `/dashboard/${resource.route}`;

  const createMissing = () =>
    sync.run(
      {
        locale: record.locale as Locale,
        groupId: String(record.groupId),
        to: missing,
        ...(user?.isAdmin || user?.isSuperAdmin ? { ownerId: record.ownerId } : {}),
      },
      {
        onSuccess: () => {
          notification.success({ message: t('localized.syncDone') });
          void queryClient.invalidateQueries({ queryKey: [TRANSLATION_STATUS, resource.name] });
        },
        onError: (error) =>
          notification.error({
            message: t(`resources.${resource.name}.syncErrorOne`, {
              defaultValue: t(`resources.${resource.name}.syncError`),
            }),
            description: error.message,
          }),
      },
    );

  return (
    <>
      <List
        aria-label={t('localized.translations')}
        dataSource={[...status.locales]}
        renderItem={(lng) => {
          const state = translationState(status.present, lng);
          const version = status.present.get(lng);
          const language = t(`languages.${lng}`);
          return (
            <List.Item
              actions={
                version && version.id !== record.id
                  ? [
                      <Link key="edit" to={`${base}/${version.id}/edit`}>
                        <EditOutlined aria-hidden /> {t('localized.editIn', { language })}
                      </Link>,
                    ]
                  : []
              }
            >
              <Space>
                <strong>{language}</strong>
                <Tag color={STATE_COLOR[state]}>{t(`localized.state.${state}`)}</Tag>
                {version?.id === record.id && <Tag>{t('localized.thisVersion')}</Tag>}
              </Space>
            </List.Item>
          );
        }}
      />
      {missing.length > 0 && (
        <Button
          icon={<SyncOutlined spin={sync.isPending} />}
          loading={sync.isPending}
          onClick={createMissing}
          style={{ marginTop: 16 }}
        >
          {t('localized.createMissing', {
            languages: missing.map((lng) => t(`languages.${lng}`)).join(', '),
          })}
        </Button>
      )}
    </>
  );
}
