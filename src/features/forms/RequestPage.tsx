import { useOne, useUpdate } from '@refinedev/core';
import { useStaleNotice } from '../../crud/useStaleNotice';
import { versionOf } from '../../schema/versions';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Radio,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { listAddress } from '../../crud/list/listAddress';
import { PageHeader } from '../../crud/PageHeader';
import { QueryState } from '../../crud/QueryState';
import { useWarnWhenDirty } from '../../crud/useWarnWhenDirty';
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
          if (stale(error, { resource: submissions.name, id: Number(id) })) return;
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
            <HandlingForm
              row={row}
              saving={mutation.isPending}
              onSave={(values) => save(values, t('requests.saved'), true)}
            />
          </Card>
        </Space>
      )}
    </QueryState>
  );
}

type Handling = {
  assignee: string;
  notes: string;
};
const handlingOf = (row: RequestRow): Handling => ({
  assignee: row.assignee ?? '',
  notes: row.notes ?? '',
});
const sameHandling = (a: Handling, b: Handling) => a.assignee === b.assignee && a.notes === b.notes;

/**
 * Who handles a request and the hotel's notes about it. What is stored may change under the
 * form (a live refresh, the reload after a refused save): untouched, the form follows it; with
 * the person's own changes, it keeps them and says what the other person stored, to take or to
 * save over (issue 38: nothing typed is lost).
 */
function HandlingForm({
  row,
  saving,
  onSave,
}: {
  row: RequestRow;
  saving: boolean;
  onSave: (values: Handling) => void;
}) {
  const { t } = useTranslation();
  const stored = handlingOf(row);
  /** What is stored as the form last took it; `values` is what the form shows. */
  const [base, setBase] = useState(stored);
  const [values, setValues] = useState(stored);
  const edited = !sameHandling(values, base);
  const changedMeanwhile = !sameHandling(stored, base);
  const take = () => {
    setBase(stored);
    setValues(stored);
  };
  // Follow what is stored while nothing is typed, or once it holds what was typed (a save).
  if (changedMeanwhile && (!edited || sameHandling(stored, values))) take();
  useWarnWhenDirty(edited);
  const field = (name: keyof Handling) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  return (
    <Form layout="vertical" onFinish={() => onSave(values)} style={{ maxWidth: 560 }}>
      {changedMeanwhile && edited && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('requests.handlingChanged')}
          // The button under the values, not beside the text: a phone's width stays the text's.
          description={
            <Space direction="vertical" size={8} style={{ width: '100%' }}>
              <Descriptions
                column={1}
                size="small"
                items={(['assignee', 'notes'] as const).map((name) => ({
                  key: name,
                  label: t(`resources.submissions.fields.${name}`),
                  children: stored[name] || t('conflicts.empty'),
                }))}
              />
              <Button onClick={take}>{t('conflicts.takeTheirs')}</Button>
            </Space>
          }
        />
      )}
      <Form.Item label={t('resources.submissions.fields.assignee')} htmlFor="request-assignee">
        <Input id="request-assignee" maxLength={120} {...field('assignee')} />
      </Form.Item>
      <Form.Item label={t('resources.submissions.fields.notes')} htmlFor="request-notes">
        <Input.TextArea
          id="request-notes"
          maxLength={5000}
          autoSize={{ minRows: 3, maxRows: 10 }}
          {...field('notes')}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('requests.saveHandling')}
      </Button>
    </Form>
  );
}
