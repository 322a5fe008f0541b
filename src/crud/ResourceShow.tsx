import { EditOutlined } from '@ant-design/icons';
import { useCan, useGetIdentity, useShow } from '@refinedev/core';
import { Button, Card, Descriptions, Tabs } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Field } from '../schema/fields';
import type { Resource } from '../schema/resource';
import type { User } from '../schema/user';
import { DeleteRecordButton } from './DeleteRecordButton';
import { listAddress } from './list/listAddress';
import { placeFields } from './form/sections';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import { recordName } from './recordName';
import { useReferenceLabels } from './referenceLabels';
import { isShown } from '../schema/forms';
import { isReference, showColumns } from './resourceColumns';
import { useCurrencyOf } from './useCurrency';
import { useResourceText } from './useResourceText';
import { useScreens } from '../shell/useScreens';
import { FieldValue } from './widgets';

type Row = Record<string, unknown> & { id: number };

/** The generated show page: every field of the record (in the declared tabs), edit and delete. */
export default function ResourceShow({
  resource,
  actions,
  content,
}: {
  resource: Resource;
  actions?: (record: Row) => ReactNode;
  /** A feature's own view of some fields, below the others (ResourceExtension.showContent). */
  content?: { fields: readonly string[]; render: (record: Row) => ReactNode };
}) {
  const text = useResourceText(resource);
  const { t } = text;
  const navigate = useNavigate();
  const { data: user } = useGetIdentity<User>();
  const { query } = useShow<Row>({ resource: resource.name, errorNotification: false });
  const { data: canEdit } = useCan({ resource: resource.name, action: 'edit' });
  const { data: canDelete } = useCan({ resource: resource.name, action: 'delete' });
  const currencyOf = useCurrencyOf(resource);
  const phone = !useScreens().sm;
  const record = query.data?.data;
  const columns = useMemo(
    () =>
      showColumns(resource, user ?? null).filter(
        (column) => !content?.fields.includes(column.name),
      ),
    [resource, user, content],
  );
  const labels = useReferenceLabels(
    columns.filter(isReference).map((column) => [column.name, column.field]),
    record ? [record] : [],
  );
  const base = `/dashboard/${resource.route}`;

  const details = (fields: [string, Field][], shown: Row) => (
    // On a phone each label sits above its value, which then has the screen's width.
    <Descriptions
      bordered
      column={1}
      size="middle"
      layout={phone ? 'vertical' : 'horizontal'}
      className="stay-show-details"
    >
      {fields
        .filter(([, field]) => isShown(field, shown))
        .map(([name, field]) => (
          <Descriptions.Item key={name} label={text.fieldLabel(name)}>
            <FieldValue
              field={field}
              value={shown[name]}
              label={shown[name] != null ? labels[name]?.[String(shown[name])] : undefined}
              optionLabel={(option) => text.optionLabel(name, option)}
              currency={currencyOf(shown.ownerId as number | undefined)}
              mode="show"
              parts={text.parts}
            />
          </Descriptions.Item>
        ))}
    </Descriptions>
  );

  const page = (shown: Row) => {
    // Named as the breadcrumb and the tab title name it (a reference by its record's label).
    const name =
      recordName(resource, shown, {
        language: text.language,
        referenceLabel: (_field, id) => labels[resource.labelField]?.[String(id)],
      }) ?? `#${shown.id}`;
    const fields = columns.map((column): [string, Field] => [column.name, column.field]);
    const tabs = resource.layout?.tabs && placeFields(resource.layout.tabs, fields);
    return (
      <Card>
        <PageHeader
          title={name}
          extra={
            <>
              {actions?.(shown)}
              {canEdit?.can && (
                <Link to={`${base}/${shown.id}/edit`}>
                  <Button icon={<EditOutlined />} tabIndex={-1}>
                    {t('crud.edit')}
                  </Button>
                </Link>
              )}
              {canDelete?.can && (
                <DeleteRecordButton
                  resource={resource.name}
                  id={shown.id}
                  name={name}
                  onDeleted={() => navigate(`${base}/list`)}
                />
              )}
            </>
          }
        />
        {tabs ? (
          <Tabs
            // A tab that only features fill (a hotel's apps) has nothing to show here.
            items={tabs
              .filter((tab) => tab.fields.length > 0)
              .map((tab) => ({
                key: tab.key,
                label: text.sectionLabel('tabs', tab.key),
                children: details(tab.fields, shown),
              }))}
          />
        ) : (
          details(fields, shown)
        )}
        {content?.render(shown)}
        <div style={{ marginTop: 16 }}>
          <Link to={listAddress(`${base}/list`)}>
            {t('crud.backToList', { resource: text.title })}
          </Link>
        </div>
      </Card>
    );
  };

  return (
    <QueryState
      isLoading={!record}
      isError={query.isError}
      error={query.error}
      failed={t('crud.loadRecordFailed', { resource: text.singular })}
      back={
        <Link to={listAddress(`${base}/list`)}>
          {t('crud.backToList', { resource: text.title })}
        </Link>
      }
    >
      {record && page(record)}
    </QueryState>
  );
}
