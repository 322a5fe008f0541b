import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Space, Tag, type TableColumnType } from 'antd';
import type { CrudSort } from '@refinedev/core';
import type { ReactNode } from 'react';
import type { Resource } from '../../schema/resource';
import { DeleteConfirm } from '../DeleteRecordButton';
import { widgetsOf } from '../kinds/registry';
import { NeedsTranslationTag } from '../localized';
import type { Column } from '../resourceColumns';
import { DragHandle } from '../dragHandle';
import type { useResourceText } from '../useResourceText';
import { fieldValueView } from '../kinds/valueView';
import { IconLink, LateValue, RightsCell, TranslationsCell } from './cells';
import type { Row } from './useListRecords';
import { RecordLink } from './RecordLink';

interface Args {
  resource: Resource;
  columns: Column[];
  visible: Set<string>;
  sorters: CrudSort[];
  text: ReturnType<typeof useResourceText>;
  /** Drag handles first (ordered lists the actor may change). */
  draggable: boolean;
  /** Pins the actions while the table scrolls sideways (not on a phone, where it would cover names). */
  pinActions: boolean;
  /** Long texts wrap instead of ending in an ellipsis (a table that fits the page). */
  wrapCells?: boolean;
  rowActions?: (record: Row) => ReactNode;
  /** "All my hotels" (chain.tsx): the Hotel column, after each row's name, and where rows open. */
  chain?: { column: TableColumnType<Row>; awayOf: (record: Row) => number | undefined };
}

/** Kinds whose value needs a late answer: a reference's label, an amount's currency. */
const LATE_KINDS: ReadonlySet<string> = new Set(['reference', 'money', 'items']);

/**
 * A column whose cells draw again only for a new record or new columns (what the cells read has
 * changed): antd otherwise renders every cell each time the table renders.
 */
function drawnOnce(column: TableColumnType<Row>): TableColumnType<Row> {
  const { render } = column;
  if (!render) return column;
  const drawn = new WeakSet<Row>();
  return {
    ...column,
    render: (value, record, index) => {
      drawn.add(record);
      return render(value, record, index);
    },
    shouldCellUpdate: (record, previous) => record !== previous || !drawn.has(record),
  };
}

/**
 * The table's columns: drag handle, the chosen fields, translations, and the row's actions.
 * Cells take the list's texts (no hooks of their own per cell); build them once per change of
 * what they show (useMemo), as each build draws every cell again.
 */
export function tableColumns(args: Args): TableColumnType<Row>[] {
  const { resource, text, sorters } = args;
  const { t, language } = text;
  const base = `/dashboard/${resource.route}`;
  const label = (record: Row) => String(record[resource.labelField] ?? `#${record.id}`);
  // A flag that needs attention (an archived hotel) says so by the row's label while its own
  // column is not shown: the row does not read as an ordinary one.
  const flags = args.columns
    .filter(({ name, field }) => field.kind === 'boolean' && field.alert && !args.visible.has(name))
    .map(({ name }) => name);
  const columns: TableColumnType<Row>[] = [
    ...(args.draggable
      ? [
          {
            key: 'drag',
            title: <span className="sr-only">{t('reorder.column')}</span>,
            width: 1,
            render: (_: unknown, record: Row) => (
              <DragHandle label={t('reorder.handle', { name: label(record) })} row={record.id} />
            ),
          },
        ]
      : []),
    ...args.columns
      .filter((column) => args.visible.has(column.name))
      .map((column): TableColumnType<Row> => ({
        key: column.name,
        dataIndex: column.name,
        title: text.fieldLabel(column.name),
        // One column at a time: with antd's multiple sort, a click added the column after the
        // default sort (sorters name, company), and the order did not change.
        sorter: Boolean(column.field.list?.sort),
        sortOrder: (() => {
          const sorter = sorters.find((item) => item.field === column.name);
          return sorter ? (sorter.order === 'asc' ? 'ascend' : 'descend') : null;
        })(),
        ellipsis: !args.wrapCells && Boolean(widgetsOf(column.field).ellipsis),
        render: (value: unknown, record) => {
          const content = LATE_KINDS.has(column.field.kind) ? (
            <LateValue
              name={column.name}
              field={column.field}
              value={value}
              record={record}
              text={text}
            />
          ) : (
            fieldValueView(
              {
                field: column.field,
                value,
                optionLabel: (option) => text.optionLabel(column.name, option),
              },
              { language, t },
            )
          );
          return column.name === resource.labelField ? (
            <Space size={6}>
              <RecordLink to={`${base}/${record.id}/show`} hotel={args.chain?.awayOf(record)}>
                {content}
              </RecordLink>
              {record.needsTranslation === true && <NeedsTranslationTag t={t} />}
              {flags.map(
                (name) =>
                  record[name] === true && (
                    <Tag key={name} color="warning">
                      {text.fieldLabel(name)}
                    </Tag>
                  ),
              )}
            </Space>
          ) : (
            content
          );
        },
      })),
    {
      key: 'actions',
      title: t('crud.actions'),
      fixed: args.pinActions ? 'right' : undefined,
      width: 1,
      render: (_, record) => (
        <Space size={4} style={{ whiteSpace: 'nowrap' }}>
          {!args.chain && args.rowActions?.(record)}
          <IconLink
            to={`${base}/${record.id}/show`}
            hotel={args.chain?.awayOf(record)}
            title={t('crud.show')}
            label={t('crud.showRecord', { name: label(record) })}
            icon={<EyeOutlined />}
          />
          <RightsCell>
            {({ canEdit, deleteRow }) => (
              <>
                {canEdit && (
                  <IconLink
                    to={`${base}/${record.id}/edit`}
                    title={t('crud.edit')}
                    label={t('crud.editRecord', { name: label(record) })}
                    icon={<EditOutlined />}
                  />
                )}
                {deleteRow && (
                  <DeleteConfirm
                    name={label(record)}
                    iconOnly
                    loading={deleteRow.pending.has(record.id)}
                    onConfirm={() => void deleteRow.remove(record.id, label(record))}
                    t={t}
                  />
                )}
              </>
            )}
          </RightsCell>
        </Space>
      ),
    },
  ];
  // Each row's hotel, right after its name.
  if (args.chain) {
    const afterName = columns.findIndex((column) => column.key === resource.labelField) + 1;
    columns.splice(afterName || 1, 0, args.chain.column);
  }
  // Which languages have each item: right after its name, where the eye is.
  if (resource.localized) {
    const afterName = columns.findIndex((column) => column.key === resource.labelField) + 1;
    columns.splice(afterName || 1, 0, {
      key: 'translations',
      title: t('localized.translations'),
      render: (_: unknown, record: Row) => <TranslationsCell record={record} t={t} />,
    });
  }
  return columns.map(drawnOnce);
}

/** The fields a phone shows under each record's name (`list.phone`). */
export const phoneFields = (resource: Resource): ReadonlySet<string> =>
  new Set(
    Object.entries(resource.fields)
      .filter(([, field]) => field.list?.phone)
      .map(([name]) => name),
  );

/**
 * A phone's table: the key columns (drag handle, the record's name, its actions) stay in the row;
 * the other columns move into the row's expanded part, except those declared for a phone
 * (`list.phone`), which show in the name's cell, under the name. The name is the label field, or
 * the first chosen column when the label field is hidden.
 */
export function splitColumns(
  columns: TableColumnType<Row>[],
  labelField: string,
  phone: ReadonlySet<string> = new Set(),
): { key: TableColumnType<Row>[]; rest: TableColumnType<Row>[] } {
  const fixed = new Set(['drag', 'actions']);
  const name =
    columns.find((column) => column.key === labelField)?.key ??
    columns.find((column) => !fixed.has(String(column.key)))?.key;
  const isKey = (column: TableColumnType<Row>) =>
    fixed.has(String(column.key)) || column.key === name;
  const under = columns.filter((column) => !isKey(column) && phone.has(String(column.key)));
  const cell = (column: TableColumnType<Row>, record: Row) =>
    (column.render
      ? column.render(column.dataIndex ? record[String(column.dataIndex)] : undefined, record, 0)
      : null) as ReactNode;
  return {
    key: columns.filter(isKey).map((column) =>
      column.key === name && under.length > 0
        ? // Drawn once on its own: the wide table's cells drawn before (a window made narrow)
          // did not have the lines under the name.
          drawnOnce({
            ...column,
            render: (value: unknown, record: Row, index: number) => (
              <>
                {column.render?.(value, record, index) as ReactNode}
                <div className="stay-phone-line">
                  {under.map((other) => (
                    <span key={String(other.key)}>{cell(other, record)}</span>
                  ))}
                </div>
              </>
            ),
          })
        : column,
    ),
    rest: columns.filter((column) => !isKey(column) && !under.includes(column)),
  };
}
