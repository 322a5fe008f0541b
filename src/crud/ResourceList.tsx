import { PlusOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import { Button, Empty, Table, type CheckboxProps } from 'antd';
import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { LOCALES, type Locale } from '../schema/locales';
import { bulkActions, can, isAdministrator, type Resource } from '../schema/resource';
import type { BulkExtension } from './extension';
import type { BulkOutcome } from './list/BulkBar';
import type { User } from '../schema/user';
import { isFiltered } from './list/filters';
import { ListToolbar } from './list/ListToolbar';
import { useDefaultView, type ViewTarget } from './list/savedViews';
import { ViewsButton } from './list/ViewsButton';
import { LateAnswersProvider } from './list/cells';
import { phoneFields, splitColumns, tableColumns } from './list/tableColumns';
import { useListExport } from './list/useListExport';
import { useListRecords, type Row } from './list/useListRecords';
import { useRememberListAddress } from './list/listAddress';
import { HOTEL_COLUMN, useChain } from './list/chain';
import { usePhoneRows } from './list/phoneRows';
import { useTableFits } from './list/useTableFits';
import { useDeleteRecord } from './useDeleteRecord';
import { LazyAlert } from './LazyAlert';
import { PageHeader } from './PageHeader';
import { Panel } from './Panel';
import { DrawnAfter } from '../shell/DrawnAfter';
import { useDeferredReady } from '../shell/useDeferredReady';
import { useReferenceLabels } from './referenceLabels';
import { isReference, listColumns } from './resourceColumns';
import { listPartsOf, listSummary, localizedToolbar, sortableRows } from './listParts';
import type * as SummaryModule from './ListSummary';
import type * as LocalizedToolbar from './localizedToolbar';
import {
  DragRowsProvider,
  DragSupportProvider,
  DraggableBody,
  DraggableRow,
  type DragSupport,
} from './dragHandle';
import { useColumnChoice } from './useColumnChoice';
import { useCurrencyOf } from './useCurrency';
import { useResourceText } from './useResourceText';
import { useTranslationStatus } from './useTranslationStatus';
import { useScreens } from '../shell/useScreens';

// The bulk bar and its dialog load with the first selection, not with the list.
const BulkBar = lazy(() => import('./list/BulkBar'));

/** A checkbox's accessible name (antd's CheckboxProps type does not list aria attributes). */
const labelled = (label: string) => ({ 'aria-label': label }) as unknown as CheckboxProps;

export interface ListProps {
  resource: Resource;
  /** Extra row actions a feature adds (e.g. "Log in as" on users). */
  rowActions?: (record: Row) => ReactNode;
  /** Inputs and own tasks of the bulk bar a feature adds (e.g. export on users). */
  bulk?: BulkExtension;
}

/** The generated list page: server-side pages, sort, filters, search, actions, export. */
export default function ResourceList(props: ListProps) {
  const { data: user, isLoading } = useGetIdentity<User>();
  const wanted = listPartsOf(props.resource);
  const summary = listSummary.useModule(wanted.summary);
  const localized = localizedToolbar.useModule(wanted.localized);
  // The list's first query depends on the user (their content language), so wait for them; a
  // list with totals waits for them and a localized list for its controls (they show with the
  // table). An ordered list does not wait for dnd-kit: its rows take it over when it arrives.
  const ready = useDeferredReady(
    !isLoading && Boolean(user) && summary !== undefined && localized !== undefined,
  );
  if (!ready || !user || summary === undefined || localized === undefined) {
    return <Panel loading />;
  }
  return <List {...props} user={user} ListSummary={summary?.ListSummary} localized={localized} />;
}

/** An ordered list's table parts: dnd-kit's contexts and rows once it has arrived. */
const DRAGGABLE = { body: { wrapper: DraggableBody, row: DraggableRow } };

/** dnd-kit for an ordered list, from the first time one of its handles is approached. */
function useDragSupport(): DragSupport {
  const [wanted, setWanted] = useState(false);
  const module = sortableRows.useModule(wanted);
  const want = useCallback(() => setWanted(true), []);
  return useMemo(() => ({ module, want }), [module, want]);
}

function List({
  resource,
  rowActions,
  bulk,
  user,
  ListSummary,
  localized,
}: ListProps & {
  user: User;
  ListSummary?: typeof SummaryModule.ListSummary;
  /** The localized list's controls; null for other lists (or when they could not load). */
  localized: typeof LocalizedToolbar | null;
}) {
  const text = useResourceText(resource);
  const { t } = text;
  // The access control provider's rule, read at once: the user is known here, and each answer
  // that came later through Refine's useCan drew the whole list again.
  const mayCreate = can(resource, 'create', user);
  // "All my hotels" is for reading: changes are made in the hotel worked in (chain.tsx).
  const chain = useChain<Row>(resource);
  const mayEdit = can(resource, 'edit', user) && !chain.all;
  const mayDelete = can(resource, 'delete', user) && !chain.all;
  const [selected, setSelected] = useState<number[]>([]);
  // The selected records seen on any page (their names for the bulk bar's report).
  const [selectedRows] = useState(() => new Map<number, Row>());
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const bulkNames = useMemo(
    () => (chain.all ? [] : bulkActions(resource, user)),
    [resource, user, chain.all],
  );
  const tasks =
    !chain.all &&
    (Object.values(bulk?.tasks ?? {}).some((task) => task.available ?? true) ||
      Object.keys(bulk?.routes ?? {}).length > 0);
  const selectable = mayDelete || bulkNames.length > 0 || tasks;
  const screens = useScreens();
  const list = useListRecords(resource, user, text, chain.meta);
  useRememberListAddress();
  const { records, filters, sorters, tableProps, tableQuery, contentLocale } = list;
  // New rows are drawn in a deferred render, which React splits into short slices, while the old
  // ones (and the spinner) stay: one long task per page of rows kept a phone from answering.
  const shownRecords = useDeferredValue(records);
  const drawing = shownRecords !== records;
  const admin = isAdministrator(user);
  const ownerFilter = list.valueOf('ownerId');
  const localeChoices: readonly Locale[] = admin ? LOCALES : user.locales;
  const translationStatus = useTranslationStatus(resource, records, user);
  const currencyOf = useCurrencyOf(resource);

  const columns = useMemo(() => listColumns(resource, user), [resource, user]);
  const { visible, toggle, choose } = useColumnChoice(resource.name, user.id, columns);
  // Below 900 px a phone's table (key columns, the rest on expanding); from 1200 px the whole
  // table, when it fits (measured: the texts of some languages need more room). Both fit the
  // page, their cells wrapping; otherwise it scrolls sideways with the actions pinned.
  const wide = screens.md;
  const { fits: fitsPage, ref: tableBox } = useTableFits(
    screens.lg,
    `${text.language} ${[...visible].join()}`,
  );
  const fits = fitsPage || !wide;
  // Saved views: the user's default one applies to a list opened without a state in its address.
  const viewTarget: ViewTarget = { resource, user, list, chooseColumns: choose };
  useDefaultView(viewTarget);
  const labels = useReferenceLabels(
    columns.filter(isReference).map((column) => [column.name, column.field]),
    records,
    chain.meta,
  );
  const { triggerExport, isLoading: exporting } = useListExport({
    resource,
    columns,
    filters,
    sorters,
    labels,
    text,
    currencyOf,
  });
  const base = `/dashboard/${resource.route}`;
  const total = tableQuery.data?.total;
  // One delete for all rows, not a mutation per row.
  const { remove, pending } = useDeleteRecord(resource.name);
  const deleteRow = useMemo(
    () => (mayDelete ? { remove, pending } : undefined),
    [mayDelete, remove, pending],
  );
  // Dragging rows is for wide screens; a phone's narrow row keeps its room for the actions.
  const draggable = list.reorderable && mayEdit && wide;
  const drag = useDragSupport();
  const pinActions = wide && !fits;
  // Built again only when what the cells show changes: each build draws every cell again.
  const { column: hotelColumn, awayOf } = chain;
  const chainColumns = useMemo(
    () => (hotelColumn ? { column: hotelColumn, awayOf } : undefined),
    [hotelColumn, awayOf],
  );
  const allColumns = useMemo(
    () =>
      tableColumns({
        resource,
        columns,
        visible,
        sorters,
        text,
        draggable,
        pinActions,
        wrapCells: fits,
        rowActions,
        chain: chainColumns,
      }),
    [
      resource,
      columns,
      visible,
      sorters,
      text,
      draggable,
      pinActions,
      fits,
      rowActions,
      chainColumns,
    ],
  );
  // What arrives after the rows reaches only the cells that show it (list/cells.tsx).
  const late = useMemo(
    () => ({ labels, currencyOf, translationStatus, canEdit: mayEdit, deleteRow }),
    [labels, currencyOf, translationStatus, mayEdit, deleteRow],
  );
  // Phones (below 900 px): the key columns in the row, the others when the row is expanded.
  const { key: keyColumns, rest } = useMemo(
    () =>
      splitColumns(
        allColumns,
        resource.labelField,
        // A phone names each row's hotel under its name.
        new Set([...phoneFields(resource), HOTEL_COLUMN]),
      ),
    [allColumns, resource],
  );
  const phoneRows = usePhoneRows<Row>({
    rest,
    nameOf: (record) => String(record[resource.labelField] ?? `#${record.id}`),
    t,
  });

  const page = (
    <Panel padding={wide ? 24 : 12}>
      <PageHeader
        title={text.title}
        extra={
          <>
            {localized && mayCreate && (
              <localized.SyncButton
                resource={resource}
                locale={contentLocale}
                ownerId={ownerFilter ? Number(ownerFilter) : undefined}
                needsOwner={admin}
              />
            )}
            {mayCreate && (
              <Link to={`${base}/new${resource.localized ? `?locale=${contentLocale}` : ''}`}>
                <Button type="primary" icon={<PlusOutlined />} tabIndex={-1}>
                  {text.createLabel}
                </Button>
              </Link>
            )}
          </>
        }
      />
      {localized && (
        <div style={{ marginBottom: 16, overflowX: 'auto' }}>
          <localized.ContentLocaleSwitch
            locales={localeChoices}
            value={contentLocale}
            onChange={(lng) => list.setFilter('locale', lng)}
          />
        </div>
      )}
      <ListToolbar
        resourceName={resource.name}
        columns={columns}
        list={list}
        text={text}
        visible={visible}
        toggle={toggle}
        selected={selected}
        clearSelection={() => setSelected([])}
        canDelete={mayDelete}
        exporting={exporting}
        onExport={() => void triggerExport()}
        // The export is one hotel's list (its file has no Hotel column).
        canExport={Boolean(total) && !chain.all}
        views={
          <>
            <ViewsButton target={viewTarget} visible={visible} />
            {chain.toggle}
          </>
        }
      />
      {(bulkNames.length > 0 || tasks) && (selected.length > 0 || outcome) && (
        <Suspense fallback={null}>
          <BulkBar
            resource={resource}
            selected={selected}
            rows={selectedRows}
            actions={bulkNames}
            extension={bulk}
            outcome={outcome}
            onOutcome={(next) => {
              setOutcome(next);
              if (!next) return;
              // What failed stays selected, to try again; the rows show what was done.
              setSelected(next.failures.map((failure) => failure.id).filter((id) => id > 0));
              void tableQuery.refetch();
            }}
            clearSelection={() => setSelected([])}
          />
        </Suspense>
      )}
      {/* Totals are one hotel's (in its currency): not summed across hotels. */}
      {ListSummary && !chain.all && (
        <ListSummary
          resource={resource}
          filters={filters}
          currency={currencyOf(ownerFilter ? Number(ownerFilter) : undefined)}
        />
      )}
      {tableQuery.isError ? (
        <LazyAlert
          type="error"
          showIcon
          message={t('crud.loadFailed', { resource: text.title })}
          description={(tableQuery.error as { message?: string } | null)?.message}
          action={<Button onClick={() => void tableQuery.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <DragRowsProvider
          value={{
            ids: shownRecords.map((record) => record.id),
            nameOf: (id) =>
              String(
                shownRecords.find((record) => record.id === id)?.[resource.labelField] ?? `#${id}`,
              ),
            onReorder: list.saveOrder,
          }}
        >
          <div ref={tableBox}>
            <Table<Row>
              {...tableProps}
              loading={tableProps.loading || drawing}
              dataSource={shownRecords}
              components={draggable ? DRAGGABLE : undefined}
              rowKey="id"
              columns={wide ? allColumns : keyColumns}
              expandable={wide ? undefined : phoneRows}
              size={wide ? undefined : 'small'}
              tableLayout="auto"
              scroll={fits ? undefined : { x: 'max-content' }}
              className={fits ? 'stay-fitting-table' : undefined}
              rowSelection={
                selectable
                  ? {
                      selectedRowKeys: selected,
                      columnWidth: wide ? undefined : 32,
                      // A selection spans pages (a bulk action on hotels found by several filters).
                      preserveSelectedRowKeys: true,
                      onChange: (keys, rows) => {
                        for (const row of rows) if (row) selectedRows.set(row.id, row);
                        setSelected(keys as number[]);
                      },
                      // antd names the header checkbox in English only.
                      getTitleCheckboxProps: () => labelled(t('crud.selectAll')),
                      getCheckboxProps: (record) =>
                        labelled(
                          t('crud.selectRow', {
                            name: String(record[resource.labelField] ?? `#${record.id}`),
                          }),
                        ),
                    }
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
                      isFiltered(filters)
                        ? t('crud.noMatches')
                        : t('crud.empty', { resource: text.title })
                    }
                  />
                ),
              }}
            />
          </div>
        </DragRowsProvider>
      )}
    </Panel>
  );
  return (
    <DrawnAfter answer={tableQuery.data}>
      <LateAnswersProvider value={late}>
        <DragSupportProvider value={drag}>{page}</DragSupportProvider>
      </LateAnswersProvider>
    </DrawnAfter>
  );
}
