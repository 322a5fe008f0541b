import { useOne, useUpdate } from '@refinedev/core';
import { useStaleNotice } from '../../crud/useStaleNotice';
import { versionOf } from '../../schema/versions';
import { Button, Card, Descriptions, Form, Input, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { listAddress } from '../../crud/list/listAddress';
import { PageHeader } from '../../crud/PageHeader';
import { QueryState } from '../../crud/QueryState';
import { useToasts } from '../../providers/toasts';
import {
  forms,
  submissions,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
} from '../../resources/forms';
import { formatDate } from '../../schema/format';
import SubmissionAnswers from './SubmissionAnswers';
import { REQUESTS, STATUS_COLOR, type RequestRow } from './requests';

/**
 * One guest request (issue 29): its answers by their labels, its status changed in one click,
 * who handles it and the hotel's internal notes.
 */
export default function RequestPage() {
  const { id } = useParams();
  const { t, i18n } = useTranslation();
  const { notification } = useToasts();
  const language = i18n.language;
  const { query, result: row } = useOne<RequestRow>({
    resource: submissions.name,
    id: Number(id),
    errorNotification: false,
  });
  const { result: form } = useOne<{ label?: string }>({
    resource: forms.name,
    id: row?.formId ?? 0,
    queryOptions: { enabled: row !== undefined },
    errorNotification: false,
  });
  const { mutate: update, mutation } = useUpdate();
  const stale = useStaleNotice();

  const statusText = (value: string) => t(`resources.submissions.options.status.${value}`);
  const when = (iso: string) =>
    formatDate(new Date(iso), language, { dateStyle: 'medium', timeStyle: 'short' });
  /** `checked`: sent with the version on screen, so a change made meanwhile is told (issue 38). */
  const save = (values: Record<string, unknown>, message: string, checked = false) =>
    update(
      {
        resource: submissions.name,
        id: Number(id),
        values,
        ...(checked && row && { meta: { ifMatch: versionOf(row) } }),
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => notification.success({ message }),
        onError: (error) => {
          if (stale(error, () => query.refetch())) return;
          notification.error({ message: t('requests.changeFailed'), description: error.message });
        },
      },
    );

  const reference = row?.reference ?? `#${id}`;
  const status = row?.status ?? 'new';

  return (
    <QueryState
      isLoading={query.isLoading}
      isError={query.isError}
      error={query.error}
      failed={t('requests.notFound')}
      back={<Link to={listAddress(REQUESTS)}>{t('requests.back')}</Link>}
    >
      {row && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card>
            <PageHeader
              title={`${form?.label ?? t('requests.title')} · ${reference}`}
              extra={
                <Link to={listAddress(REQUESTS)}>
                  <Button tabIndex={-1}>{t('requests.back')}</Button>
                </Link>
              }
            />
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'reference', label: t('requests.reference'), children: reference },
                { key: 'submitted', label: t('requests.submitted'), children: when(row.createdAt) },
                {
                  key: 'status',
                  label: t('requests.status'),
                  children: (
                    <Space wrap>
                      <Tag color={STATUS_COLOR[status]}>{statusText(status)}</Tag>
                      {row.statusChangedAt && (
                        <Typography.Text type="secondary">
                          {t('requests.changedAt', { time: when(row.statusChangedAt) })}
                        </Typography.Text>
                      )}
                    </Space>
                  ),
                },
              ]}
            />
            <Radio.Group
              aria-label={t('requests.status')}
              optionType="button"
              buttonStyle="solid"
              value={status}
              disabled={mutation.isPending}
              style={{ marginTop: 16 }}
              options={SUBMISSION_STATUSES.map((value) => ({
                value,
                label: statusText(value),
              }))}
              onChange={(event) => {
                const next = event.target.value as SubmissionStatus;
                save(
                  { status: next },
                  t('requests.statusChanged', { status: statusText(next) }),
                  true,
                );
              }}
            />
          </Card>
          <Card title={t('requests.answers')}>
            <SubmissionAnswers row={row} />
          </Card>
          <Card title={t('requests.handling')}>
            {/* Drawn again from what is stored once a save lands. */}
            <HandlingForm
              key={`${row.assignee ?? ''}\n${row.notes ?? ''}`}
              row={row}
              saving={mutation.isPending}
              onSave={(values) => save(values, t('requests.saved'))}
            />
          </Card>
        </Space>
      )}
    </QueryState>
  );
}

/** Who handles a request and the hotel's notes about it. */
function HandlingForm({
  row,
  saving,
  onSave,
}: {
  row: RequestRow;
  saving: boolean;
  onSave: (values: { assignee: string; notes: string }) => void;
}) {
  const { t } = useTranslation();
  const [assignee, setAssignee] = useState(row.assignee ?? '');
  const [notes, setNotes] = useState(row.notes ?? '');
  return (
    <Form layout="vertical" onFinish={() => onSave({ assignee, notes })} style={{ maxWidth: 560 }}>
      <Form.Item label={t('resources.submissions.fields.assignee')} htmlFor="request-assignee">
        <Input
          id="request-assignee"
          value={assignee}
          maxLength={120}
          onChange={(event) => setAssignee(event.target.value)}
        />
      </Form.Item>
      <Form.Item label={t('resources.submissions.fields.notes')} htmlFor="request-notes">
        <Input.TextArea
          id="request-notes"
          value={notes}
          maxLength={5000}
          autoSize={{ minRows: 3, maxRows: 10 }}
          onChange={(event) => setNotes(event.target.value)}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('requests.saveHandling')}
      </Button>
    </Form>
  );
}
