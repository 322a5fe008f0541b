import { EditOutlined } from '@ant-design/icons';
import { useCan, useGetIdentity, useShow } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Skeleton, Space, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Resource } from '../schema/resource';
import type { User } from '../schema/user';
import { isReference, listColumns } from './resourceColumns';
import { useResourceText } from './useResourceText';
import { DeleteRecordButton } from './DeleteRecordButton';
import { useReferenceLabels } from './referenceLabels';
import { FieldValue } from './widgets';

type Row = Record<string, unknown> & { id: number };

/** The generated show page: every field of the record, with edit and delete. */
export default function ResourceShow({
  resource,
  actions,
}: {
  resource: Resource;
  actions?: (record: Row) => ReactNode;
}) {
  const text = useResourceText(resource);
  const { t } = text;
  const navigate = useNavigate();
  const { data: user } = useGetIdentity<User>();
  const { query } = useShow<Row>({ resource: resource.name, errorNotification: false });
  const { data: canEdit } = useCan({ resource: resource.name, action: 'edit' });
  const { data: canDelete } = useCan({ resource: resource.name, action: 'delete' });
  const record = query.data?.data;
  const columns = useMemo(
    () =>
      listColumns(resource, user ?? null).concat(
        // The show page also lists fields that have no list column.
        Object.entries(resource.fields)
          .filter(([, field]) => field.list?.none)
          .map(([name, field]) => ({ name, field, visibleByDefault: true })),
      ),
    [resource, user],
  );
  const labels = useReferenceLabels(
    columns.filter(isReference).map((column) => [column.name, column.field]),
    record ? [record] : [],
  );
  const base = `/dashboard/${resource.route}`;

  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('crud.loadRecordFailed', { resource: text.singular })}
        description={query.error?.statusCode === 404 ? t('crud.notFound') : query.error?.message}
        action={<Link to={`${base}/list`}>{t('crud.backToList', { resource: text.title })}</Link>}
      />
    );
  }
  if (!record)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );

  const name = String(record[resource.labelField] ?? `#${record.id}`);
  return (
    <Card>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          gap: 16,
          flexWrap: 'wrap',
          marginBottom: 16,
        }}
      >
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {name}
        </Typography.Title>
        <Space wrap>
          {actions?.(record)}
          {canEdit?.can && (
            <Link to={`${base}/${record.id}/edit`}>
              <Button icon={<EditOutlined />} tabIndex={-1}>
                {t('crud.edit')}
              </Button>
            </Link>
          )}
          {canDelete?.can && (
            <DeleteRecordButton
              resource={resource.name}
              id={record.id}
              name={name}
              onDeleted={() => navigate(`${base}/list`)}
            />
          )}
        </Space>
      </div>
      <Descriptions bordered column={1} size="middle">
        {columns.map((column) => (
          <Descriptions.Item key={column.name} label={text.fieldLabel(column.name)}>
            <FieldValue
              field={column.field}
              value={record[column.name]}
              label={
                isReference(column) && record[column.name] != null
                  ? labels[column.name]?.[String(record[column.name])]
                  : undefined
              }
              optionLabel={(option) => text.optionLabel(column.name, option)}
            />
          </Descriptions.Item>
        ))}
      </Descriptions>
      <div style={{ marginTop: 16 }}>
        <Link to={`${base}/list`}>{t('crud.backToList', { resource: text.title })}</Link>
      </div>
    </Card>
  );
}
