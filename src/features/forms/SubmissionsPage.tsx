import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useCan, useDataProvider, useOne, type CrudFilter, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Drawer, Empty, Input, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DeleteRecordButton } from '../../crud/DeleteRecordButton';
import { downloadCsv, fetchAllPages } from '../../crud/csv';
import { DateRangeFilter } from '../../crud/ListFilter';
import { PageHeader } from '../../crud/PageHeader';
import { QueryState } from '../../crud/QueryState';
import { forms, submissions, type FormField } from '../../resources/forms';
import { answerColumns, answerText, submissionsCsv, type SubmissionRow } from './answers';
import { useToasts } from '../../providers/toasts';
import { usePhoneRows } from '../../crud/list/phoneRows';
import { useScreens } from '../../shell/useScreens';
import { formatDate } from '../../schema/format';

const FormioView = lazy(() => import('./FormioView'));

/**
 * A form's submissions (spec §2): newest first, a column per field, a date filter and search,
 * one submission shown read-only as the guest filled it in (Form.io), delete after a
 * confirmation, and the CSV export of what the filter selects (labels as headers).
 */
export default function SubmissionsPage() {
  const { id } = useParams();
  const formId = Number(id);
  const { t, i18n } = useTranslation();
  const { notification } = useToasts();
  const dataProvider = useDataProvider();
  const { data: canDelete } = useCan({ resource: submissions.name, action: 'delete' });
  const { query: formQuery, result: form } = useOne<Record<string, unknown>>({
    resource: forms.name,
    id: formId,
  });
  const [range, setRange] = useState<[string, string] | null>(null);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<SubmissionRow | null>(null);
  const [exporting, setExporting] = useState(false);

  const filters = useMemo<CrudFilter[]>(
    () => [
      { field: 'formId', operator: 'eq', value: formId },
      ...(range?.[0] ? [{ field: 'createdAt', operator: 'gte' as const, value: range[0] }] : []),
      ...(range?.[1] ? [{ field: 'createdAt', operator: 'lte' as const, value: range[1] }] : []),
      ...(search ? [{ field: 'q', operator: 'eq' as const, value: search }] : []),
    ],
    [formId, range, search],
  );
  const { tableProps, tableQuery } = useTable<SubmissionRow, HttpError>({
    resource: submissions.name,
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }], mode: 'server' },
    filters: { permanent: filters },
    errorNotification: false,
  });
  const rows = useMemo(
    () => (tableProps.dataSource ?? []) as SubmissionRow[],
    [tableProps.dataSource],
  );
  const current = useMemo(() => (form?.fields ?? []) as FormField[], [form?.fields]);
  const columns = useMemo(() => answerColumns(current, rows), [current, rows]);
  const words = {
    yes: t('crud.yes'),
    no: t('crud.no'),
    language: i18n.language,
  };
  const submittedAt = (iso: string) =>
    formatDate(new Date(iso), i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const label = String(form?.label ?? '');
  const base = `/dashboard/${forms.route}`;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllPages<SubmissionRow>(dataProvider().getList, {
        resource: submissions.name,
        filters,
        sorters: [{ field: 'createdAt', order: 'desc' }],
      });
      const csv = submissionsCsv(all, answerColumns(current, all), {
        ...words,
        submitted: t('resources.submissions.fields.createdAt'),
        submittedAt,
      });
      downloadCsv(
        `${label || 'form'}-${t('resources.submissions.title')}.csv`.replace(/[\\/:*?"<>|]/g, '-'),
        csv,
      );
    } catch (error) {
      notification.error({
        message: t('forms.exportFailed'),
        description: (error as { message?: string }).message,
      });
    } finally {
      setExporting(false);
    }
  };

  // Phones (below 900 px), as the lists: the time and the actions in the row, the answers when
  // the row is expanded ("Show details"); pinned actions would cover the answers' columns.
  const wide = useScreens().md;
  const answerCells = columns.map((column) => ({
    key: `answer-${column.name}`,
    title: column.label,
    ellipsis: true,
    render: (_: unknown, row: SubmissionRow) => answerText(row, column.name, words),
  }));
  const phoneRows = usePhoneRows<SubmissionRow>({
    rest: answerCells,
    nameOf: (row) => t('forms.submissionOf', { when: submittedAt(row.createdAt) }),
    t,
  });

  const tableColumns: ColumnsType<SubmissionRow> = [
    {
      key: 'createdAt',
      title: t('resources.submissions.fields.createdAt'),
      render: (_, row) => submittedAt(row.createdAt),
    },
    ...(wide ? answerCells : []),
    {
      key: 'actions',
      title: t('crud.actions'),
      fixed: wide ? 'right' : undefined,
      width: 1,
      render: (_, row) => {
        const name = t('forms.submissionOf', { when: submittedAt(row.createdAt) });
        return (
          <Space size={4} style={{ whiteSpace: 'nowrap' }}>
            <Tooltip title={t('crud.show')}>
              <Button
                type="text"
                icon={<EyeOutlined />}
                aria-label={t('crud.showRecord', { name })}
                onClick={() => setOpen(row)}
              />
            </Tooltip>
            {canDelete?.can && (
              <DeleteRecordButton resource={submissions.name} id={row.id} name={name} iconOnly />
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <QueryState
      isLoading={formQuery.isLoading}
      isError={formQuery.isError}
      error={formQuery.error}
      failed={t('crud.loadRecordFailed', { resource: t('resources.forms.singular') })}
      retry={() => void formQuery.refetch()}
      back={<Link to={`${base}/list`}>{t('resources.forms.title')}</Link>}
    >
      <Card>
        <PageHeader
          title={t('forms.submissionsTitle', { label })}
          extra={
            <Link to={`${base}/${formId}/edit`}>
              <Button tabIndex={-1}>{t('forms.editForm')}</Button>
            </Link>
          }
        />
        <div role="search" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 16 }}>
          <Input.Search
            aria-label={t('crud.search')}
            placeholder={t('crud.searchPlaceholder', {
              resource: t('resources.submissions.title'),
            })}
            allowClear
            onSearch={(value) => setSearch(value.trim())}
            style={{ maxWidth: 280 }}
          />
          <DateRangeFilter
            label={t('resources.submissions.fields.createdAt')}
            withTime
            from={range?.[0]}
            to={range?.[1]}
            onChange={setRange}
          />
          <div style={{ flex: 1 }} />
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            disabled={!tableQuery.data?.total}
            onClick={() => void exportCsv()}
          >
            {t('crud.export')}
          </Button>
        </div>
        {tableQuery.isError ? (
          <Alert
            type="error"
            showIcon
            message={t('crud.loadFailed', { resource: t('resources.submissions.title') })}
            description={(tableQuery.error as { message?: string } | null)?.message}
            action={<Button onClick={() => void tableQuery.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <Table<SubmissionRow>
            {...tableProps}
            rowKey="id"
            columns={tableColumns}
            scroll={wide ? { x: 'max-content' } : undefined}
            size={wide ? undefined : 'small'}
            expandable={wide ? undefined : phoneRows}
            pagination={{
              ...tableProps.pagination,
              showSizeChanger: true,
              showTotal: (count) => t('crud.total', { count }),
            }}
            locale={{
              emptyText: (
                <Empty
                  description={range || search ? t('crud.noMatches') : t('forms.noSubmissions')}
                />
              ),
            }}
          />
        )}
      </Card>
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        width={560}
        title={open ? t('forms.submissionOf', { when: submittedAt(open.createdAt) }) : ''}
        destroyOnClose
      >
        {open && (
          <Suspense fallback={<Card loading />}>
            <FormioView
              fields={open.fields}
              answers={open.data}
              label={t('forms.submissionOf', { when: submittedAt(open.createdAt) })}
            />
          </Suspense>
        )}
      </Drawer>
    </QueryState>
  );
}
