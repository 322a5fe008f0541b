import { InboxOutlined, UndoOutlined } from '@ant-design/icons';
import { useGetIdentity, useInvalidate } from '@refinedev/core';
import { Alert, Button, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiUrl, http } from '../../providers/http';
import type { User } from '../../schema/user';
import { DeleteHotel } from './DeleteHotel';
import { ExportButton } from './ExportButton';
import { useOffboardingCall } from './useOffboardingCall';

/**
 * A hotel's offboarding, for administrators (issue 28): export its data, archive it (no
 * sign-in, guest app offline, data kept) or unarchive it, and — super administrators, once it
 * is archived — delete it with everything that is its.
 */
export default function HotelOffboarding({ record }: { record: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { data: actor } = useGetIdentity<User>();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const { busy, run } = useOffboardingCall();
  // The API's answer shows at once; the page's record catches up when its query refetches.
  const [answered, setAnswered] = useState<boolean | null>(null);
  const id = Number(record.id);
  const name = String(record.name ?? '');
  const archived = answered ?? record.archived === true;
  if (!actor?.isAdmin || record.role !== 'operator') return null;

  const refresh = () => invalidate({ resource: 'users', id, invalidates: ['detail', 'list'] });
  const toggle = () =>
    run(
      () =>
        http.post<{ archived?: boolean }>(
          apiUrl(`/users/${id}/${archived ? 'unarchive' : 'archive'}`),
        ),
      ({ data }) => {
        setAnswered(data.archived === true);
        void refresh();
        return t(archived ? 'offboarding.unarchived' : 'offboarding.archived', { name });
      },
    );

  return (
    <section aria-labelledby="offboarding" style={{ marginBottom: 24 }}>
      <Typography.Title level={2} id="offboarding" style={{ fontSize: 16 }}>
        {t('offboarding.title')}
      </Typography.Title>
      {archived ? (
        <Alert
          type="warning"
          showIcon
          message={t('offboarding.archivedNotice')}
          style={{ marginBottom: 16 }}
        />
      ) : (
        <Typography.Paragraph type="secondary">{t('offboarding.help')}</Typography.Paragraph>
      )}
      <Space wrap>
        <ExportButton path={`/users/${id}/export`} label={t('offboarding.export')} />
        <Popconfirm
          title={t(archived ? 'offboarding.unarchiveConfirm' : 'offboarding.archiveConfirm', {
            name,
          })}
          okText={t(archived ? 'offboarding.unarchive' : 'offboarding.archive')}
          cancelText={t('crud.cancel')}
          onConfirm={() => void toggle()}
          overlayStyle={{ maxWidth: 360 }}
        >
          <Button icon={archived ? <UndoOutlined /> : <InboxOutlined />} loading={busy}>
            {t(archived ? 'offboarding.unarchive' : 'offboarding.archive')}
          </Button>
        </Popconfirm>
        {actor.isSuperAdmin && archived && (
          <DeleteHotel
            id={id}
            name={name}
            onDeleted={() => {
              void invalidate({ resource: 'users', invalidates: ['list'] });
              void navigate('/dashboard/user/list');
            }}
          />
        )}
      </Space>
      {actor.isSuperAdmin && !archived && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('offboarding.deleteOnlyArchived')}
        </Typography.Paragraph>
      )}
    </section>
  );
}
