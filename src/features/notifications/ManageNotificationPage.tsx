import { zodResolver } from '@hookform/resolvers/zod';
import type { HttpError } from '@refinedev/core';
import { useForm } from '@refinedev/react-hook-form';
import { Alert, Button, Card, Form, Skeleton, Space, Typography } from 'antd';
import { useMemo } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useResourceText } from '../../crud/useResourceText';
import { keepEnterInPickers } from '../../crud/formKeys';
import { ResourceFields } from '../../crud/ResourceFields';
import { notifications } from '../../resources/notifications';
import { defaultValues } from '../../schema/forms';
import { resourceSchema, withRecordRules, writableFields } from '../../schema/validation';
import { NOTIFICATION_PATH, useCurrentNotification, type CurrentNotification } from './current';
import { AdminNotificationHint, NotificationStateTag } from './parts';

/** The same rules the API applies: the declaration's fields plus its end-after-start rule. */
const schema = withRecordRules(resourceSchema(notifications), notifications);
const FIELDS = writableFields(notifications);

/** Edits the current notification, or creates one when there is none. */
function NotificationForm({ current }: { current: CurrentNotification | null }) {
  const text = useResourceText(notifications);
  const { t } = text;
  const navigate = useNavigate();
  const record = current?.record;
  const initial = useMemo(
    () =>
      record
        ? { message: record.message, startDate: record.startDate, endDate: record.endDate }
        : defaultValues(notifications),
    [record],
  );
  const {
    control,
    handleSubmit,
    refineCore: { onFinish, formLoading },
  } = useForm<FieldValues, HttpError, FieldValues>({
    resolver: zodResolver(schema as unknown as z.ZodType<FieldValues, FieldValues>),
    defaultValues: initial,
    refineCoreProps: {
      resource: notifications.name,
      action: record ? 'edit' : 'create',
      id: record?.id,
      // The record came with the list; the form starts from it rather than loading it again.
      queryOptions: { enabled: false },
      redirect: false,
      successNotification: () => ({ type: 'success', message: t('notificationPage.saved') }),
      // A clash with another period (409) is the server's message; field errors show in place.
      errorNotification: (error) => ({
        type: 'error',
        message:
          error?.statusCode === 409
            ? t('notificationPage.conflict')
            : t('notificationPage.saveFailed'),
        description:
          error?.statusCode === 409
            ? error.message
            : `${t('errors.prefix')} ${error?.message ?? t('errors.generic')}`,
      }),
      onMutationSuccess: () => navigate(NOTIFICATION_PATH),
    },
    warnWhenUnsavedChanges: true,
  });
  const title = t('notificationPage.manageTitle');

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => onFinish(values))}
      onKeyDown={keepEnterInPickers}
      aria-label={title}
    >
      <Form layout="vertical" component={false}>
        <ResourceFields fields={FIELDS} control={control} text={text} />
        <Space>
          <Button type="primary" htmlType="submit" loading={formLoading}>
            {t('crud.save')}
          </Button>
          <Button onClick={() => navigate(NOTIFICATION_PATH)}>{t('crud.cancel')}</Button>
        </Space>
      </Form>
    </form>
  );
}

/**
 * /dashboard/message/manage: message, start date and end date of the hotel's notification — the
 * one active now, else the next scheduled one, else a new one. Saving returns to the overview.
 */
export default function ManageNotificationPage() {
  const { t } = useResourceText(notifications);
  const { isAdmin, isLoading, isError, error, refetch, current } = useCurrentNotification();

  const body = () => {
    if (isAdmin) return <AdminNotificationHint />;
    if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
    if (isError)
      return (
        <Alert
          type="error"
          showIcon
          message={t('notificationPage.loadError')}
          description={error?.message}
          action={<Button onClick={refetch}>{t('common.retry')}</Button>}
        />
      );
    return (
      <>
        <Typography.Paragraph type="secondary">
          {current && <NotificationStateTag state={current.state} />}
          {t(
            !current
              ? 'notificationPage.creating'
              : current.state === 'active'
                ? 'notificationPage.editingActive'
                : 'notificationPage.editingScheduled',
          )}
        </Typography.Paragraph>
        <NotificationForm key={current?.record.id ?? 'new'} current={current} />
      </>
    );
  };

  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {t('notificationPage.manageTitle')}
      </Typography.Title>
      {body()}
    </Card>
  );
}
