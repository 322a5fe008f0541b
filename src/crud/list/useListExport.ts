import { useExport, type CrudFilter, type CrudSort } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { displayText, kindOf } from '../../schema/kinds';
import { MAX_PAGE_SIZE } from '../../schema/paging';
import type { Resource } from '../../schema/resource';
import { safeCell } from '../displayText';
import type { ReferenceLabels } from '../referenceLabels';
import { isReference, type Column } from '../resourceColumns';
import type { useResourceText } from '../useResourceText';
import type { Row } from './useListRecords';

/**
 * The CSV export of what the list's filter selects: each cell says what the list shows (money in
 * the owner's currency, option labels, local times, references by label), and text a
 * spreadsheet would run as a formula is neutralised.
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
  return useExport<Row>({
    resource: resource.name,
    filters: args.filters,
    sorters: args.sorters,
    filename: resource.name,
    // The API answers at most MAX_PAGE_SIZE records a call; the export fetches page by page.
    pageSize: MAX_PAGE_SIZE,
    mapData: (record) =>
      Object.fromEntries(
        columns
          .filter((column) => !kindOf(column.field).noExport)
          .map((column) => {
            const value = record[column.name];
            const shown = displayText(column.field, value, {
              language: i18n.language,
              t: text.t,
              optionLabel: (option) => text.optionLabel(column.name, option),
              label:
                isReference(column) && value != null
                  ? labels[column.name]?.[String(value)]
                  : undefined,
              currency: currencyOf(record.ownerId as number | undefined),
            });
            return [text.fieldLabel(column.name), safeCell(shown)];
          }),
      ),
  });
}
