import type { BaseRecord, DataProvider, GetListParams } from '@refinedev/core';
import { MAX_PAGE_SIZE } from '../schema/paging';

/**
 * The CSV exports' writer (lists, form submissions): a few lines instead of papaparse, which
 * Refine's useExport put into every list's first load.
 */

/** One cell: in quotes (inner quotes doubled) when asked, or when a comma, quote or line break needs it. */
export const csvCell = (cell: string, quoteAll = false): string =>
  quoteAll || /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;

/** Lines of cells as CSV text, CRLF between the lines. */
export const csvText = (lines: readonly (readonly string[])[], quoteAll = false): string =>
  lines.map((line) => line.map((cell) => csvCell(cell, quoteAll)).join(',')).join('\r\n');

/** Starts an export's text: spreadsheet programs read a file that starts with it as UTF-8. */
export const BOM = '\uFEFF';

/** Starts the browser's download of a CSV text. */
export function downloadCsv(name: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Every record a filter selects, page by page: the API answers at most MAX_PAGE_SIZE records a
 * call. Stops at the total, or at an empty page (records deleted meanwhile).
 */
export async function fetchAllPages<T extends BaseRecord>(
  getList: DataProvider['getList'],
  params: Omit<GetListParams, 'pagination'>,
): Promise<T[]> {
  const all: T[] = [];
  for (let currentPage = 1; ; currentPage++) {
    const pagination = { currentPage, pageSize: MAX_PAGE_SIZE, mode: 'server' } as const;
    const { data, total } = await getList<T>({ ...params, pagination });
    all.push(...data);
    if (all.length >= total || data.length === 0) return all;
  }
}
