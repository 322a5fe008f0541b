import type { DataProvider, GetListParams } from '@refinedev/core';
import { describe, expect, it } from 'vitest';
import { csvCell, csvText, fetchAllPages } from '../../src/crud/csv';
import { MAX_PAGE_SIZE } from '../../src/schema/paging';

describe('the CSV writer', () => {
  it('writes a list export as papaparse did for Refine (every cell quoted, CRLF, no last break)', () => {
    const lines = [
      ['Name', 'Guests, total', 'Note'],
      ['Anna "A"', '2', 'line1\nline2'],
      [`'=HYPERLINK("x")`, '', 'ok'],
    ];
    // papaparse.unparse(rows, { quotes: true, header: true }) for the same records.
    expect(csvText(lines, true)).toBe(
      '"Name","Guests, total","Note"\r\n"Anna ""A""","2","line1\nline2"\r\n' +
        `"'=HYPERLINK(""x"")","","ok"`,
    );
  });

  it('quotes only what needs it otherwise', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('fetches page after page until the total is reached, or a page comes back empty', async () => {
    const asked: unknown[] = [];
    const pages = (total: number, sizes: number[]) =>
      (async (params: GetListParams) => {
        asked.push(params);
        const page = params.pagination!.currentPage!;
        return {
          data: Array.from({ length: sizes[page - 1] ?? 0 }, (_, i) => ({ id: page * 10 + i })),
          total,
        };
      }) as DataProvider['getList'];
    const filters = [{ field: 'status', operator: 'eq' as const, value: 'booked' }];
    const rows = await fetchAllPages(pages(5, [2, 2, 1]), { resource: 'bookings', filters });
    expect(rows.map((row) => row.id)).toEqual([10, 11, 20, 21, 30]);
    expect(asked).toEqual(
      [1, 2, 3].map((currentPage) => ({
        resource: 'bookings',
        filters,
        pagination: { currentPage, pageSize: MAX_PAGE_SIZE, mode: 'server' },
      })),
    );
    // A total the pages never reach (records deleted meanwhile) does not loop forever.
    expect(await fetchAllPages(pages(9, [1]), { resource: 'bookings' })).toEqual([{ id: 10 }]);
  });
});
