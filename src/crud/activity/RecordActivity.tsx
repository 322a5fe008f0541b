import { useList } from '@refinedev/core';
import { Alert, Button, Descriptions, Empty, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { audit, type AuditPerson } from '../../resources/audit';
import { resourceByName } from '../../resources';
import { AuditChanges } from './AuditChanges';
import {
  useEntryAction,
  useEntryActionName,
  useEntryActor,
  useEntryDetails,
  useEntryTime,
} from './entryText';

type Row = Record<string, unknown> & { id: number };

/** How many entries the Activity tab shows (the newest); the Activity list has them all. */
const SHOWN = 50;

/**
 * What an entry's show page adds to its fields: the whole chain behind a login-as, a link to the
 * record, and the changes as a readable diff.
 */
export function AuditEntryView({ entry }: { entry: Row }) {
  const { t } = useTranslation();
  const resource = resourceByName(String(entry.resource ?? ''));
  const chain = Array.isArray(entry.chain) ? (entry.chain as AuditPerson[]) : [];
  const hasRecord = resource && entry.recordId != null && entry.action !== 'delete';
  const details = useEntryDetails()(entry);
  // A declared action by its label ("Set app permission"), not its name in code.
  const actionName = useEntryActionName()(entry);
  return (
    <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
      {(chain.length > 1 || hasRecord || details || actionName) && (
        <Descriptions bordered column={1} size="middle">
          {actionName && (
            <Descriptions.Item label={t('resources.audit.fields.name')}>
              {actionName}
            </Descriptions.Item>
          )}
          {chain.length > 1 && (
            <Descriptions.Item label={t('audit.chain')}>
              {chain.map((person) => person.name).join(' → ')}
            </Descriptions.Item>
          )}
          {hasRecord && (
            <Descriptions.Item label={t('audit.record')}>
              <Link to={`/dashboard/${resource.route}/${String(entry.recordId)}/show`}>
                {t(`resources.${resource.name}.singular`)}:{' '}
                {String(entry.recordLabel || `#${String(entry.recordId)}`)}
              </Link>
            </Descriptions.Item>
          )}
          {details && <Descriptions.Item label={t('audit.details')}>{details}</Descriptions.Item>}
        </Descriptions>
      )}
      <Typography.Title level={5}>{t('audit.changes')}</Typography.Title>
      <AuditChanges entry={entry} />
    </Space>
  );
}

/** The Activity tab of an edit page: that record's history, newest first, each with its diff. */
export function RecordActivity({ resource, id }: { resource: string; id: number }) {
  const { t } = useTranslation();
  const time = useEntryTime();
  const action = useEntryAction();
  const actor = useEntryActor();
  const details = useEntryDetails();
  const { query, result } = useList<Row>({
    resource: audit.name,
    filters: [
      { field: 'resource', operator: 'eq', value: resource },
      { field: 'recordId', operator: 'eq', value: id },
    ],
    sorters: [{ field: 'at', order: 'desc' }],
    pagination: { currentPage: 1, pageSize: SHOWN },
    errorNotification: false,
  });
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('audit.loadFailed')}
        action={<Button onClick={() => void query.refetch()}>{t('crud.retry')}</Button>}
      />
    );
  }
  return (
    <List
      aria-label={t('audit.activity')}
      loading={query.isLoading}
      dataSource={result.data}
      locale={{ emptyText: <Empty description={t('audit.none')} /> }}
      renderItem={(entry) => (
        <List.Item key={entry.id}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <Typography.Text strong>{action(entry)}</Typography.Text>
              <Typography.Text>{actor(entry)}</Typography.Text>
              <Link to={`/dashboard/${audit.route}/${entry.id}/show`}>
                <Typography.Text type="secondary">{time(entry)}</Typography.Text>
              </Link>
            </Space>
            {entry.action === 'update' && <AuditChanges entry={entry} />}
            {details(entry) && <Typography.Text>{details(entry)}</Typography.Text>}
          </Space>
        </List.Item>
      )}
    />
  );
}
