import { useDataProvider, type CrudFilter, type CrudSort } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../providers/toasts';
import { displayText, kindOf } from '../../schema/kinds';
import type { Resource } from '../../schema/resource';
import { BOM, csvText, downloadCsv, fetchAllPages } from '../csv';
import { safeCell } from '../displayText';
import type { ReferenceLabels } from '../referenceLabels';
import { isReference, type Column } from '../resourceColumns';
import type { useResourceText } from '../useResourceText';
import type { Row } from './useListRecords';

/**
 * The CSV export of what the list's filter selects: each cell says what the list shows (money in
 * the owner's currency, option labels, local times, references by label), and text a
 * spreadsheet would run as a formula is neutralised. The file is what Refine's useExport wrote
 * (every cell quoted, a header line, a byte-order mark) without its papaparse.
 */
export function useListExport(args: {
  resource: Resource;
  columns: Column[];
  filters: CrudFilter[];
  sorters: CrudSort[];
  labels: ReferenceLabels;
  text: ReturnType<typeof useResourceText>;
  currencyOf: (ownerId?: number | null) => string;
}) {
  const { resource, columns, labels, text, currencyOf } = args;
  const { i18n } = useTranslation();
  const { notification } = useToasts();
  const dataProvider = useDataProvider();
  const [isLoading, setIsLoading] = useState(false);
  const exported = columns.filter((column) => !kindOf(column.field).noExport);

  const cells = (record: Row) =>
    exported.map((column) => {
      const value = record[column.name];
      const shown = displayText(column.field, value, {
        language: i18n.language,
        t: text.t,
        optionLabel: (option) => text.optionLabel(column.name, option),
        label:
          isReference(column) && value != null ? labels[column.name]?.[String(value)] : undefined,
        currency: currencyOf(record.ownerId as number | undefined),
      });
      return safeCell(shown);
    });

  const triggerExport = async () => {
    setIsLoading(true);
    try {
      const records = await fetchAllPages<Row>(dataProvider().getList, {
        resource: resource.name,
        filters: args.filters,
        sorters: args.sorters,
      });
      if (records.length === 0) return;
      const header = exported.map((column) => text.fieldLabel(column.name));
      downloadCsv(`${resource.name}.csv`, BOM + csvText([header, ...records.map(cells)], true));
    } catch (error) {
      notification.error({
        message: text.t('crud.exportFailed'),
        description: (error as { message?: string } | null)?.message,
      });
    } finally {
      setIsLoading(false);
    }
  };

  return { isLoading, triggerExport };
}
