import { CheckOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import {
  useList,
  useUpdate,
  useUpdateMany,
  type CrudFilter,
  type HttpError,
} from '@refinedev/core';
import { Button, Card, Empty, Input, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateRangeFilter } from '../../crud/ListFilter';
import { useRememberListAddress } from '../../crud/list/listAddress';
import { usePhoneRows } from '../../crud/list/phoneRows';
import { useScreens } from '../../shell/useScreens';
import { PageHeader } from '../../crud/PageHeader';
import { QueryState } from '../../crud/QueryState';
import { useToasts } from '../../providers/toasts';
import { useStaleNotice } from '../../crud/useStaleNotice';
import { versionOf } from '../../schema/versions';
import {
  forms,
  submissions,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
} from '../../resources/forms';
import { formatDate } from '../../schema/format';
import { REQUESTS, STATUS_COLOR, type RequestRow } from './requests';
import { useChain, type ChainMeta } from '../../crud/list/chain';
import { RecordLink } from '../../crud/list/RecordLink';

/** The hotel's forms by id, labelled with their language when a hotel has several. */
function useFormLabels(meta?: ChainMeta) {
  const { result } = useList<{ id: number; label: string; locale: string }>({
    resource: forms.name,
    pagination: { mode: 'off' },
    sorters: [{ field: 'label', order: 'asc' }],
    meta,
    errorNotification: false,
  });
  return useMemo(() => {
    const rows = result?.data ?? [];
    const several = new Set(rows.map((row) => row.locale)).size > 1;
    return new Map(
      rows.map((row) => [
        row.id,
        several ? `${row.label} (${row.locale.toUpperCase()})` : String(row.label),
      ]),
    );
  }, [result?.data]);
}

/**
 * The Requests inbox (issue 29): guests' submissions across all the hotel's forms, newest first,
 * filtered by form, status and date (and searched by reference or assignee); a status changed in
 * one click, several marked done at once, one opened with its answers.
 */
export default function RequestsPage() {
  const { t, i18n } = useTranslation();
  const { notification } = useToasts();
  const [params, setParams] = useSearchParams();
  const formId = params.get('formId') ?? '';
  const status = params.get('status') ?? '';
  const [range, setRange] = useState<[string, string] | null>(null);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const chain = useChain<RequestRow>(submissions);
  const formLabels = useFormLabels(chain.meta);
  useRememberListAddress();

  const setParam = (name: string, value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const filters = useMemo<CrudFilter[]>(
    () => [
      ...(formId ? [{ field: 'formId', operator: 'eq' as const, value: Number(formId) }] : []),
      ...(status ? [{ field: 'status', operator: 'eq' as const, value: status }] : []),
      ...(range?.[0] ? [{ field: 'createdAt', operator: 'gte' as const, value: range[0] }] : []),
      ...(range?.[1] ? [{ field: 'createdAt', operator: 'lte' as const, value: range[1] }] : []),
      ...(search ? [{ field: 'q', operator: 'eq' as const, value: search }] : []),
    ],
    [formId, status, range, search],
  );
  const { tableProps, tableQuery } = useTable<RequestRow, HttpError>({
    resource: submissions.name,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }], mode: 'server' },
    filters: { permanent: filters },
    meta: chain.meta,
    errorNotification: false,
  });

  const { mutate: update } = useUpdate();
  const stale = useStaleNotice();
  const { mutate: updateMany, mutation: bulk } = useUpdateMany();
  const statusText = (value: string) => t(`resources.submissions.options.status.${value}`);
  const submittedAt = (iso: string) =>
    formatDate(new Date(iso), i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const changeStatus = (row: RequestRow, next: SubmissionStatus) =>
    update(
      {
        resource: submissions.name,
        id: row.id,
        values: { status: next },
        // The version the row shows: a change made meanwhile is told, not overwritten.
        meta: { ifMatch: versionOf(row) },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () =>
          notification.success({
            message: t('requests.statusChanged', { status: statusText(next) }),
          }),
        onError: (error) => {
          if (stale(error, { resource: submissions.name })) return;
          notification.error({ message: t('requests.changeFailed'), description: error.message });
        },
      },
    );

  const markDone = () =>
    updateMany(
      {
        resource: submissions.name,
        ids: selected,
        values: { status: 'done' },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          notification.success({ message: t('requests.markedDone', { count: selected.length }) });
          setSelected([]);
        },
        onError: (error) =>
          notification.error({ message: t('requests.changeFailed'), description: error.message }),
      },
    );

  const statusOptions = SUBMISSION_STATUSES.map((value) => ({
    value,
    label: statusText(value),
  }));

  const columns: ColumnsType<RequestRow> = [
    {
      key: 'createdAt',
      title: t('requests.submitted'),
      render: (_, row) => submittedAt(row.createdAt),
    },
    {
      key: 'reference',
      title: t('requests.reference'),
      render: (_, row) => {
        const label = t('requests.open', { reference: row.reference ?? `#${row.id}` });
        // Another hotel's request opens in that hotel.
        return (
          <RecordLink to={`${REQUESTS}/${row.id}`} hotel={chain.awayOf(row)} label={label}>
            {row.reference ?? `#${row.id}`}
          </RecordLink>
        );
      },
    },
    ...(chain.column ? [chain.column] : []),
    {
      key: 'form',
      title: t('requests.form'),
      render: (_, row) => formLabels.get(row.formId) ?? `#${row.formId}`,
    },
    {
      key: 'status',
      title: t('requests.status'),
      render: (_, row) => {
        const current = row.status ?? 'new';
        const name = row.reference ?? `#${row.id}`;
        return (
          <Space size={4} style={{ whiteSpace: 'nowrap' }}>
            <Tag color={STATUS_COLOR[current]}>{statusText(current)}</Tag>
            {current !== 'done' && !chain.all && (
              <Tooltip title={t('requests.markDone')}>
                <Button
                  type="text"
                  size="small"
                  icon={<CheckOutlined />}
                  aria-label={`${t('requests.markDone')}: ${name}`}
                  onClick={() => changeStatus(row, 'done')}
                />
              </Tooltip>
            )}
          </Space>
        );
      },
    },
    {
      key: 'assignee',
      title: t('resources.submissions.fields.assignee'),
      render: (_, row) => row.assignee ?? '',
    },
  ];

  const filtered = Boolean(formId || status || range || search);
  // A phone's rows, as every list has them: the reference in the row, the rest on expanding.
  const phone = !useScreens().md;
  const keyColumns = columns.filter((column) => column.key === 'reference');
  const phoneRows = usePhoneRows<RequestRow>({
    rest: columns.filter((column) => column.key !== 'reference'),
    nameOf: (row) => row.reference ?? `#${row.id}`,
    t,
  });

  return (
    <Card>
      <PageHeader
        title={t('requests.title')}
        extra={
          <Button
            icon={<CheckOutlined />}
            disabled={selected.length === 0 || chain.all}
            loading={bulk.isPending}
            onClick={markDone}
          >
            {t('requests.markSelectedDone')}
          </Button>
        }
      />
      <div role="search" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 16 }}>
        <Input.Search
          aria-label={t('crud.search')}
          placeholder={t('crud.searchPlaceholder', { resource: t('requests.title') })}
          allowClear
          onSearch={(value) => setSearch(value.trim())}
          style={{ maxWidth: 240 }}
        />
        <Select
          aria-label={t('requests.form')}
          value={formId || undefined}
          placeholder={t('requests.allForms')}
          allowClear
          onChange={(value?: string) => setParam('formId', value)}
          options={[...formLabels].map(([id, label]) => ({ value: String(id), label }))}
          style={{ minWidth: 200 }}
          showSearch
          optionFilterProp="label"
        />
        <Select
          aria-label={t('requests.status')}
          value={status || undefined}
          placeholder={t('requests.allStatuses')}
          allowClear
          onChange={(value?: string) => setParam('status', value)}
          options={statusOptions}
          style={{ minWidth: 160 }}
        />
        <DateRangeFilter
          label={t('requests.submitted')}
          withTime
          from={range?.[0]}
          to={range?.[1]}
          onChange={setRange}
        />
        {chain.toggle}
      </div>
      {/* The product's failed-load state (QueryState); the table shows its own loading. */}
      <QueryState
        isLoading={false}
        isError={tableQuery.isError}
        error={tableQuery.error as { message?: string } | null}
        failed={t('crud.loadFailed', { resource: t('requests.title') })}
        retry={() => void tableQuery.refetch()}
        framed={false}
      >
        <Table<RequestRow>
          {...tableProps}
          rowKey="id"
          columns={phone ? keyColumns : columns}
          expandable={phone ? phoneRows : undefined}
          size={phone ? 'small' : undefined}
          // Its cells wrap: the table fits the page (no sideways scroll at 1,280 px in Dutch).
          tableLayout="auto"
          // "All my hotels" is for reading: changes are made in the hotel worked in.
          rowSelection={
            chain.all
              ? undefined
              : {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as number[]),
                  getTitleCheckboxProps: () =>
                    ({ 'aria-label': t('crud.selectAll') }) as Record<string, string>,
                  getCheckboxProps: (row) =>
                    ({
                      'aria-label': t('crud.selectRow', { name: row.reference ?? `#${row.id}` }),
                    }) as Record<string, string>,
                }
          }
          pagination={{
            ...tableProps.pagination,
            showSizeChanger: true,
            showTotal: (count) => t('crud.total', { count }),
          }}
          locale={{
            emptyText: (
              <Empty description={filtered ? t('requests.noMatches') : t('requests.empty')} />
            ),
          }}
        />
      </QueryState>
    </Card>
  );
}
