import { Alert, Button, Card, Form, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useResourceForm } from '../../crud/form/useResourceForm';
import { Conflicts } from '../../crud/form/Conflicts';
import { keepEnterInPickers } from '../../crud/formKeys';
import { PageHeader } from '../../crud/PageHeader';
import { QueryState } from '../../crud/QueryState';
import { ResourceFields } from '../../crud/ResourceFields';
import { FieldValue } from '../../crud/widgets';
import { notifications } from '../../resources/notifications';
import { versionOf } from '../../schema/versions';
import { NOTIFICATION_PATH, useCurrentNotification, type CurrentNotification } from './current';
import { AdminNotificationHint, NotificationStateTag } from './parts';

/** Edits the current notification, or creates one when there is none. */
function NotificationForm({ current }: { current: CurrentNotification | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const record = current?.record;
  const loaded = useMemo(
    () =>
      record && {
        id: record.id,
        values: { message: record.message, startDate: record.startDate, endDate: record.endDate },
        version: versionOf(record),
      },
    [record],
  );
  const form = useResourceForm({
    resource: notifications,
    action: record ? 'edit' : 'create',
    // The record came with the list; the form starts from it rather than loading it again.
    loaded,
    onSaved: () => navigate(NOTIFICATION_PATH),
    refineCoreProps: {
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
    },
  });
  const title = t('notificationPage.manageTitle');
  // A refused save is shown by its toast and the fields' errors; the rejection is handled.
  const submit = form.handleSubmit((values) =>
    form.refineCore.onFinish(values).catch(() => undefined),
  );

  return (
    <form noValidate onSubmit={submit} onKeyDown={keepEnterInPickers} aria-label={title}>
      <Form layout="vertical" component={false}>
        <Conflicts
          state={form.conflict}
          text={form.text}
          fields={form.fields}
          resubmit={() => void submit()}
        />
        <ResourceFields
          fields={form.fields}
          control={form.control}
          text={form.text}
          live
          context={form.context}
        />
        <Space>
          <Button type="primary" htmlType="submit" loading={form.refineCore.formLoading}>
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
 * one active now, else a new one. A scheduled notification is never edited here by surprise: the
 * page shows it, says it stays as it is, and links to its own edit page. Saving returns to the
 * overview.
 */
export default function ManageNotificationPage() {
  const { t } = useTranslation();
  const { isAdmin, isLoading, isError, error, refetch, current } = useCurrentNotification();
  const active = current?.state === 'active' ? current : null;
  const scheduled = current?.state === 'scheduled' ? current.record : null;
  const date = (value: string) => (
    <FieldValue
      field={notifications.fields.startDate}
      value={value}
      optionLabel={(option) => option}
    />
  );
  return (
    <Card>
      <PageHeader title={t('notificationPage.manageTitle')} />
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
          {scheduled ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message={t('notificationPage.creatingBesideScheduled')}
              description={
                <Space direction="vertical" size={4}>
                  <span>
                    <NotificationStateTag state="scheduled" />
                    {date(scheduled.startDate)} – {date(scheduled.endDate)}
                  </span>
                  <Typography.Text>{scheduled.message}</Typography.Text>
                  <Link to={`${NOTIFICATION_PATH}/${scheduled.id}/edit`}>
                    {t('notificationPage.editScheduled')}
                  </Link>
                </Space>
              }
            />
          ) : (
            <Typography.Paragraph type="secondary">
              {active && <NotificationStateTag state="active" />}
              {t(active ? 'notificationPage.editingActive' : 'notificationPage.creating')}
            </Typography.Paragraph>
          )}
          <NotificationForm key={active?.record.id ?? 'new'} current={active} />
        </QueryState>
      )}
    </Card>
  );
}
