import { BellOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useDelete } from '@refinedev/core';
import { Button, Card, Descriptions, Empty, Popconfirm, Space, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../crud/PageHeader';
import { QueryState } from '../../crud/QueryState';
import { useResourceText } from '../../crud/useResourceText';
import { FieldValue } from '../../crud/widgets';
import { notifications } from '../../resources/notifications';
import {
  MANAGE_NOTIFICATION_PATH,
  NOTIFICATION_LIST_PATH,
  useCurrentNotification,
} from './current';
import { AdminNotificationHint, NotificationStateTag } from './parts';
import { useToasts } from '../../providers/toasts';

/**
 * /dashboard/message: the hotel's notification — the one guests see now, else the next one
 * scheduled, else none — with links to manage it and a confirmed delete.
 */
export default function NotificationPage() {
  const text = useResourceText(notifications);
  const { t } = text;
  const navigate = useNavigate();
  const { notification } = useToasts();
  const { isAdmin, isLoading, isError, error, refetch, current } = useCurrentNotification();
  const { mutate: deleteOne, mutation: deletion } = useDelete();

  const remove = (id: number) =>
    deleteOne(
      {
        resource: notifications.name,
        id,
        successNotification: () => ({ type: 'success', message: t('notificationPage.deleted') }),
        errorNotification: false,
      },
      {
        onError: (failure) =>
          notification.error({
            message: t('notificationPage.deleteFailed'),
            description: failure.message,
          }),
      },
    );

  const body = () => {
    if (!current)
      return (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notificationPage.none')}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(MANAGE_NOTIFICATION_PATH)}
          >
            {t('notificationPage.create')}
          </Button>
        </Empty>
      );
    const { record, state } = current;
    const date = (value: string) => (
      <FieldValue
        field={notifications.fields.startDate}
        value={value}
        optionLabel={(option) => option}
      />
    );
    return (
      <section aria-labelledby="current-notification">
        <Space align="center" wrap style={{ marginBottom: 12 }}>
          <Typography.Title level={2} id="current-notification" style={{ fontSize: 18, margin: 0 }}>
            {t(state === 'active' ? 'notificationPage.activeTitle' : 'notificationPage.nextTitle')}
          </Typography.Title>
          <NotificationStateTag state={state} />
        </Space>
        <Typography.Paragraph type="secondary">
          {t(state === 'active' ? 'notificationPage.activeText' : 'notificationPage.scheduledText')}
        </Typography.Paragraph>
        <Descriptions bordered column={1} size="middle" style={{ marginBottom: 24 }}>
          <Descriptions.Item label={text.fieldLabel('message')}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{record.message}</span>
          </Descriptions.Item>
          <Descriptions.Item label={text.fieldLabel('startDate')}>
            {date(record.startDate)}
          </Descriptions.Item>
          <Descriptions.Item label={text.fieldLabel('endDate')}>
            {date(record.endDate)}
          </Descriptions.Item>
        </Descriptions>
        <Space wrap>
          <Button
            type="primary"
            icon={<EditOutlined />}
            onClick={() => navigate(MANAGE_NOTIFICATION_PATH)}
          >
            {t('nav.manageNotification')}
          </Button>
          <Popconfirm
            title={t('notificationPage.deleteConfirmTitle')}
            description={t('notificationPage.deleteConfirmText')}
            okText={t('crud.delete')}
            cancelText={t('crud.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(record.id)}
          >
            <Button danger icon={<DeleteOutlined />} loading={deletion.isPending}>
              {t(
                state === 'active'
                  ? 'notificationPage.deleteActive'
                  : 'notificationPage.deleteScheduled',
              )}
            </Button>
          </Popconfirm>
        </Space>
      </section>
    );
  };

  return (
    <Card>
      <PageHeader
        title={
          <>
            <BellOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
            {t('notificationPage.title')}
          </>
        }
        extra={!isAdmin && <Link to={NOTIFICATION_LIST_PATH}>{t('notificationPage.all')}</Link>}
      />
      <Typography.Paragraph type="secondary">{t('notificationPage.intro')}</Typography.Paragraph>
      {isAdmin ? (
        <AdminNotificationHint />
      ) : (
        <QueryState
          isLoading={isLoading}
          isError={isError}
          error={error}
          failed={t('notificationPage.loadError')}
          retry={refetch}
          framed={false}
        >
          {body()}
        </QueryState>
      )}
    </Card>
  );
}
