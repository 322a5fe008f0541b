import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import {
  useCan,
  useDeleteMany,
  useExport,
  useGetIdentity,
  useInvalidate,
  type CrudFilter,
  type LogicalFilter,
} from '@refinedev/core';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Dropdown,
  Empty,
  Grid,
  Input,
  Popconfirm,
  Space,
  Table,
  Tooltip,
  Typography,
  type TableColumnType,
} from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLocale, LOCALES, type Locale } from '../schema/locales';
import { MAX_PAGE_SIZE } from '../schema/paging';
import { isAdministrator, type Resource } from '../schema/resource';
import type { User } from '../schema/user';
import { DeleteRecordButton } from './DeleteRecordButton';
import { DateRangeFilter, ListFilter } from './ListFilter';
import { ListSummary } from './ListSummary';
import { ContentLocaleSwitch, NeedsTranslationTag, SyncButton, TranslationTags } from './localized';
import { useTranslationStatus } from './useTranslationStatus';
import { DragHandle, SortableRow, SortableRows } from './sortable';
import { filterColumns, isReference, listColumns } from './resourceColumns';
import { displayText, safeCell } from './displayText';
import { useAction } from './useAction';
import { useColumnChoice } from './useColumnChoice';
import { useResourceText } from './useResourceText';
import { useReferenceLabels } from './referenceLabels';
import { FieldValue } from './widgets';

type Row = Record<string, unknown> & { id: number };

export interface ListProps {
  resource: Resource;
  /** Extra row actions a feature adds (e.g. "Log in as" on users). */
  rowActions?: (record: Row) => ReactNode;
}

const SEARCH = 'q';

const valueOf = (
  filters: CrudFilter[],
  field: string,
  operator: LogicalFilter['operator'] = 'eq',
): string | undefined => {
  const filter = filters.find(
    (item): item is LogicalFilter =>
      'field' in item && item.field === field && item.operator === operator,
  );
  return filter?.value === undefined || filter.value === '' ? undefined : String(filter.value);
};

/** The generated list page: server-side pages, sort, filters, search, actions, export. */
export default function ResourceList(props: ListProps) {
  const { data: user, isLoading } = useGetIdentity<User>();
  // The list's first query depends on the user (their content language), so wait for them.
  if (isLoading || !user) return <Card loading />;
  return <List {...props} user={user} />;
}

function List({ resource, rowActions, user }: ListProps & { user: User }) {
  const text = useResourceText(resource);
  const { t } = text;
  const { i18n } = useTranslation();
  const { notification } = App.useApp();
  const invalidate = useInvalidate();
  const { data: canCreate } = useCan({ resource: resource.name, action: 'create' });
  const { data: canEdit } = useCan({ resource: resource.name, action: 'edit' });
  const { data: canDelete } = useCan({ resource: resource.name, action: 'delete' });
  const [selected, setSelected] = useState<number[]>([]);
  const wide = Grid.useBreakpoint().md !== false;

  const { tableProps, tableQuery, filters, setFilters, sorters } = useTable<Row>({
    resource: resource.name,
    syncWithLocation: true,
    pagination: { pageSize: 10 },
    sorters: { initial: resource.defaultSort ? [resource.defaultSort] : [] },
    // Localized lists show one content language at a time, the user's own to begin with.
    filters: {
      initial: resource.localized
        ? [{ field: 'locale', operator: 'eq', value: user.sourceLocale }]
        : [],
    },
    errorNotification: false,
  });
  const fetched = useMemo(() => (tableProps.dataSource ?? []) as Row[], [tableProps.dataSource]);
  // A drag shows its new order at once; a fresh answer from the server replaces it.
  const [moved, setMoved] = useState<{ base: Row[]; ids: number[] } | null>(null);
  const records = useMemo(
    () =>
      moved && moved.base === fetched
        ? moved.ids.map((id) => fetched.find((row) => row.id === id)!).filter(Boolean)
        : fetched,
    [moved, fetched],
  );
  const admin = isAdministrator(user);
  const contentLocale = isLocale(valueOf(filters, 'locale'))
    ? (valueOf(filters, 'locale') as Locale)
    : user.sourceLocale;
  const ownerFilter = valueOf(filters, 'ownerId');
  const localeChoices: readonly Locale[] = admin ? LOCALES : user.locales;
  const translationStatus = useTranslationStatus(resource, records, user);
  const sortedByPosition =
    sorters.length === 0 ||
    (sorters.length === 1 && sorters[0]!.field === 'position' && sorters[0]!.order === 'asc');
  const reorderable = Boolean(resource.orderable && sortedByPosition && !valueOf(filters, SEARCH));
  const reorder = useAction(resource, 'reorder');
  const saveOrder = (ids: number[]) => {
    setMoved({ base: fetched, ids });
    reorder.run(
      { ids },
      {
        onSuccess: () => {
          notification.success({ message: t('reorder.saved') });
          void invalidate({ resource: resource.name, invalidates: ['list'] });
        },
        onError: (error) => {
          setMoved(null);
          notification.error({ message: t('reorder.failed'), description: error.message });
        },
      },
    );
  };

  const columns = useMemo(() => listColumns(resource, user), [resource, user]);
  const { visible, toggle } = useColumnChoice(resource.name, user.id, columns);
  const referenceColumns = columns
    .filter(isReference)
    .map((column) => [column.name, column.field] as const);
  const labels = useReferenceLabels(
    referenceColumns.map(([name, field]) => [name, field]),
    records,
  );

  const { mutate: deleteMany, mutation: deleteManyState } = useDeleteMany();
  const deletingMany = deleteManyState.isPending;
  const { triggerExport, isLoading: exporting } = useExport<Row>({
    resource: resource.name,
    filters,
    sorters,
    filename: resource.name,
    // The API answers at most MAX_PAGE_SIZE records a call; the export fetches page by page.
    pageSize: MAX_PAGE_SIZE,
    // Each cell says what the list shows (money in euros, option labels, local times, labels of
    // references), and text a spreadsheet would run as a formula is neutralised.
    mapData: (record) =>
      Object.fromEntries(
        columns
          .filter((column) => column.field.kind !== 'json')
          .map((column) => {
            const value = record[column.name];
            const label =
              isReference(column) && value != null
                ? labels[column.name]?.[String(value)]
                : undefined;
            const shown = displayText(column.field, value, {
              language: i18n.language,
              t,
              optionLabel: (option) => text.optionLabel(column.name, option),
              label,
            });
            return [text.fieldLabel(column.name), safeCell(shown)];
          }),
      ),
  });

  const setFilter = (field: string, value: string | undefined) =>
    setFilters([{ field, operator: 'eq', value: value ?? '' }], 'merge');
  const setRange = (field: string, range: [string, string] | null) =>
    setFilters(
      [
        { field, operator: 'gte', value: range?.[0] ?? '' },
        { field, operator: 'lte', value: range?.[1] ?? '' },
      ],
      'merge',
    );

  const label = (record: Row) => String(record[resource.labelField] ?? `#${record.id}`);
  const base = `/dashboard/${resource.route}`;
  const deleteFailed = (error: { message?: string }) =>
    notification.error({ message: t('crud.deleteFailed'), description: error.message });

  const tableColumns: TableColumnType<Row>[] = [
    ...(reorderable && canEdit?.can
      ? [
          {
            key: 'drag',
            title: <span className="sr-only">{t('reorder.column')}</span>,
            width: 1,
            render: (_: unknown, record: Row) => (
              <DragHandle label={t('reorder.handle', { name: label(record) })} />
            ),
          },
        ]
      : []),
    ...columns
      .filter((column) => visible.has(column.name))
      .map((column): TableColumnType<Row> => ({
        key: column.name,
        dataIndex: column.name,
        title: text.fieldLabel(column.name),
        sorter: column.field.list?.sort ? { multiple: 1 } : undefined,
        sortOrder: (() => {
          const sorter = sorters.find((item) => item.field === column.name);
          return sorter ? (sorter.order === 'asc' ? 'ascend' : 'descend') : null;
        })(),
        ellipsis: column.field.kind === 'text' || column.field.kind === 'url',
        render: (value: unknown, record) => {
          const content = (
            <FieldValue
              field={column.field}
              value={value}
              label={
                isReference(column) && value != null
                  ? labels[column.name]?.[String(value)]
                  : undefined
              }
              optionLabel={(option) => text.optionLabel(column.name, option)}
            />
          );
          return column.name === resource.labelField ? (
            <Space size={6}>
              <Link to={`${base}/${record.id}/show`}>{content}</Link>
              {record.needsTranslation === true && <NeedsTranslationTag />}
            </Space>
          ) : (
            content
          );
        },
      })),
    {
      key: 'actions',
      title: t('crud.actions'),
      // A pinned column would cover the names on a phone.
      fixed: wide ? 'right' : undefined,
      width: 1,
      render: (_, record) => (
        <Space size={4} style={{ whiteSpace: 'nowrap' }}>
          {rowActions?.(record)}
          <Tooltip title={t('crud.show')}>
            <Link
              to={`${base}/${record.id}/show`}
              aria-label={t('crud.showRecord', { name: label(record) })}
            >
              <Button type="text" icon={<EyeOutlined />} tabIndex={-1} />
            </Link>
          </Tooltip>
          {canEdit?.can && (
            <Tooltip title={t('crud.edit')}>
              <Link
                to={`${base}/${record.id}/edit`}
                aria-label={t('crud.editRecord', { name: label(record) })}
              >
                <Button type="text" icon={<EditOutlined />} tabIndex={-1} />
              </Link>
            </Tooltip>
          )}
          {canDelete?.can && (
            <DeleteRecordButton
              resource={resource.name}
              id={record.id}
              name={label(record)}
              iconOnly
            />
          )}
        </Space>
      ),
    },
  ];

  // Which languages have each item: right after its name, where the eye is.
  if (resource.localized) {
    const afterName = tableColumns.findIndex((column) => column.key === resource.labelField) + 1;
    tableColumns.splice(afterName || 1, 0, {
      key: 'translations',
      title: t('localized.translations'),
      render: (_: unknown, record: Row) => <TranslationTags {...translationStatus(record)} />,
    });
  }

  const total = tableQuery.data?.total;

  return (
    <Card>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 16,
          marginBottom: 16,
          flexWrap: 'wrap',
        }}
      >
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {text.title}
        </Typography.Title>
        <Space wrap>
          {resource.localized && canCreate?.can && (
            <SyncButton
              resource={resource}
              locale={contentLocale}
              ownerId={ownerFilter ? Number(ownerFilter) : undefined}
              needsOwner={admin}
            />
          )}
          {canCreate?.can && (
            <Link to={`${base}/new${resource.localized ? `?locale=${contentLocale}` : ''}`}>
              <Button type="primary" icon={<PlusOutlined />} tabIndex={-1}>
                {text.createLabel}
              </Button>
            </Link>
          )}
        </Space>
      </div>
      {resource.localized && (
        <div style={{ marginBottom: 16 }}>
          <ContentLocaleSwitch
            locales={localeChoices}
            value={contentLocale}
            onChange={(lng) => setFilter('locale', lng)}
          />
        </div>
      )}

      <div role="search" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 16 }}>
        <Input.Search
          aria-label={t('crud.search')}
          placeholder={t('crud.searchPlaceholder', { resource: text.title })}
          allowClear
          defaultValue={valueOf(filters, SEARCH)}
          key={valueOf(filters, SEARCH) ?? 'empty'}
          onSearch={(value) => setFilter(SEARCH, value.trim() || undefined)}
          style={{ maxWidth: 280 }}
        />
        {filterColumns(columns).map((column) =>
          column.field.kind === 'date' || column.field.kind === 'dateTime' ? (
            <DateRangeFilter
              key={column.name}
              label={text.fieldLabel(column.name)}
              withTime={column.field.kind === 'dateTime'}
              from={valueOf(filters, column.name, 'gte')}
              to={valueOf(filters, column.name, 'lte')}
              onChange={(range) => setRange(column.name, range)}
            />
          ) : (
            <ListFilter
              key={column.name}
              column={column}
              label={text.fieldLabel(column.name)}
              value={valueOf(filters, column.name)}
              onChange={(value) => setFilter(column.name, value)}
              optionLabel={(option) => text.optionLabel(column.name, option)}
            />
          ),
        )}
        <div style={{ flex: 1 }} />
        {canDelete?.can && selected.length > 0 && (
          <Popconfirm
            title={t('crud.bulkDeleteTitle', { count: selected.length })}
            description={t('crud.deleteConfirmText')}
            okText={t('crud.delete')}
            cancelText={t('crud.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              deleteMany(
                {
                  resource: resource.name,
                  ids: selected,
                  successNotification: () => ({
                    type: 'success',
                    message: t('crud.bulkDeleted', { count: selected.length }),
                  }),
                  errorNotification: false,
                },
                { onSuccess: () => setSelected([]), onError: deleteFailed },
              )
            }
          >
            <Button danger icon={<DeleteOutlined />} loading={deletingMany}>
              {t('crud.deleteSelected', { count: selected.length })}
            </Button>
          </Popconfirm>
        )}
        <Dropdown
          trigger={['click']}
          menu={{
            items: columns.map((column) => ({
              key: column.name,
              label: (
                <Checkbox
                  checked={visible.has(column.name)}
                  onChange={(e) => toggle(column.name, e.target.checked)}
                >
                  {text.fieldLabel(column.name)}
                </Checkbox>
              ),
            })),
          }}
        >
          <Button icon={<SettingOutlined />}>{t('crud.columns')}</Button>
        </Dropdown>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={() => void triggerExport()}
          disabled={!total}
        >
          {t('crud.export')}
        </Button>
      </div>

      {resource.summary && <ListSummary resource={resource} filters={filters} />}
      {tableQuery.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('crud.loadFailed', { resource: text.title })}
          description={(tableQuery.error as { message?: string } | null)?.message}
          action={<Button onClick={() => void tableQuery.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <SortableRows
          ids={records.map((record) => record.id)}
          nameOf={(id) => label(records.find((record) => record.id === id) ?? { id: Number(id) })}
          onReorder={saveOrder}
        >
          <Table<Row>
            {...tableProps}
            dataSource={records}
            components={reorderable ? { body: { row: SortableRow } } : undefined}
            rowKey="id"
            columns={tableColumns}
            scroll={{ x: 'max-content' }}
            rowSelection={
              canDelete?.can
                ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
                : undefined
            }
            pagination={{
              ...tableProps.pagination,
              showSizeChanger: true,
              showTotal: (count) => t('crud.total', { count }),
            }}
            locale={{
              emptyText: (
                <Empty
                  description={
                    filters.some(
                      (f) =>
                        'field' in f &&
                        f.field !== 'locale' &&
                        f.value !== '' &&
                        f.value !== undefined,
                    )
                      ? t('crud.noMatches')
                      : t('crud.empty', { resource: text.title })
                  }
                />
              ),
            }}
          />
        </SortableRows>
      )}
    </Card>
  );
}
