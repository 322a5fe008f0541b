import { DeleteOutlined, DownloadOutlined, SettingOutlined } from '@ant-design/icons';
import { useDeleteMany } from '@refinedev/core';
import { Button, Checkbox, Dropdown, Popconfirm } from 'antd';
import { useState, type ReactNode } from 'react';
// The search box alone: antd's Input also brings TextArea, Password and OTP, which a list lacks.
import Search from 'antd/es/input/Search';
import { kindOf } from '../../schema/kinds';
import { DateRangeFilter, ListFilter } from '../ListFilter';
import { filterColumns, type Column } from '../resourceColumns';
import type { useResourceText } from '../useResourceText';
import { SEARCH } from './filters';
import type { useListRecords } from './useListRecords';
import { useToasts } from '../../providers/toasts';

interface Props {
  resourceName: string;
  columns: Column[];
  list: ReturnType<typeof useListRecords>;
  text: ReturnType<typeof useResourceText>;
  /** Chosen columns and a way to change the choice. */
  visible: Set<string>;
  toggle: (name: string, on: boolean) => void;
  selected: number[];
  clearSelection: () => void;
  canDelete: boolean;
  exporting: boolean;
  onExport: () => void;
  canExport: boolean;
  /** The saved views' menu, beside the filters. */
  views?: ReactNode;
}

/** Search, the declared filters, bulk delete, the column choice and the CSV export of a list. */
export function ListToolbar(props: Props) {
  const { columns, list, text, visible, toggle, selected } = props;
  const { t } = text;
  const { notification } = useToasts();
  const { mutate: deleteMany, mutation } = useDeleteMany();
  // The column choice stays open while columns are ticked; a click outside or Escape closes it.
  const [choosingColumns, setChoosingColumns] = useState(false);
  return (
    <div role="search" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 16 }}>
      <Search
        aria-label={t('crud.search')}
        placeholder={t('crud.searchPlaceholder', { resource: text.title })}
        allowClear
        defaultValue={list.valueOf(SEARCH)}
        key={list.valueOf(SEARCH) ?? 'empty'}
        onSearch={(value) => list.setFilter(SEARCH, value.trim() || undefined)}
        style={{ maxWidth: 280 }}
      />
      {filterColumns(columns).map((column) =>
        kindOf(column.field).rangeFilter ? (
          <DateRangeFilter
            key={column.name}
            label={text.fieldLabel(column.name)}
            withTime={column.field.kind === 'dateTime'}
            from={list.valueOf(column.name, 'gte')}
            to={list.valueOf(column.name, 'lte')}
            onChange={(range) => list.setRange(column.name, range)}
          />
        ) : (
          <ListFilter
            key={column.name}
            column={column}
            label={text.fieldLabel(column.name)}
            value={list.valueOf(column.name)}
            onChange={(value) => list.setFilter(column.name, value)}
            optionLabel={(option) => text.optionLabel(column.name, option)}
          />
        ),
      )}
      {props.views}
      <div style={{ flex: 1 }} />
      {props.canDelete && selected.length > 0 && (
        <Popconfirm
          title={t('crud.bulkDeleteTitle', { count: selected.length })}
          description={t('crud.deleteConfirmText')}
          okText={t('crud.delete')}
          cancelText={t('crud.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            deleteMany(
              {
                resource: props.resourceName,
                ids: selected,
                successNotification: () => ({
                  type: 'success',
                  message: t('crud.bulkDeleted', { count: selected.length }),
                }),
                errorNotification: false,
              },
              {
                onSuccess: props.clearSelection,
                onError: (error) =>
                  notification.error({
                    message: t('crud.deleteFailed'),
                    description: error.message,
                  }),
              },
            )
          }
        >
          <Button danger icon={<DeleteOutlined />} loading={mutation.isPending}>
            {t('crud.deleteSelected', { count: selected.length })}
          </Button>
        </Popconfirm>
      )}
      <Dropdown
        trigger={['click']}
        open={choosingColumns}
        onOpenChange={(open, { source }) => {
          if (source === 'trigger') setChoosingColumns(open);
        }}
        menu={{
          // A long choice scrolls in its box: on a phone it opened above the button and its
          // first columns were out of the screen.
          style: { maxHeight: 'min(45vh, 420px)', overflowY: 'auto' },
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
        loading={props.exporting}
        onClick={props.onExport}
        disabled={!props.canExport}
      >
        {t('crud.export')}
      </Button>
    </div>
  );
}
