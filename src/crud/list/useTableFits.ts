import { useLayoutEffect, useState } from 'react';

/**
 * Whether a list's table fits its page, measured: wide screens try the whole table (cells
 * wrapping) and switch to a sideways scroll with the actions pinned when its columns need more
 * room than the page has (long German or French headers at 1,440 px, a long name). It fits again
 * once the page is as wide as the table needed, or when its columns change.
 *
 * `columns` names what decides the table's width (its columns and their language); `ref` goes on
 * the box around the table, measured whenever it changes size (the page's width, new rows).
 */
export function useTableFits(wideEnough: boolean, columns: string) {
  const [box, ref] = useState<HTMLDivElement | null>(null);
  const [room, setRoom] = useState(Infinity);
  // The width the table needed when it did not fit, for these columns.
  const [needed, setNeeded] = useState<{ columns: string; width: number } | null>(null);
  const fits = wideEnough && !(needed?.columns === columns && room < needed.width);

  useLayoutEffect(() => {
    // Without layout (a test's DOM) there is nothing to measure: the table is drawn to fit.
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      setRoom(box.clientWidth);
      // A table drawn to fit that is wider than its box does not fit. The table is watched too:
      // late cells (a reference's label) widen it without changing the box.
      const table = box.querySelector<HTMLElement>('.stay-fitting-table table');
      if (!table) return;
      observer.observe(table);
      if (table.offsetWidth > box.clientWidth + 1) setNeeded({ columns, width: table.offsetWidth });
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [box, columns]);

  // A scrolling table measures its columns in a hidden row (aria-hidden) that holds copies of
  // the header titles, the select-all checkbox among them: nothing in it may take the focus.
  useLayoutEffect(() => {
    if (!box || fits || typeof MutationObserver === 'undefined') return;
    const quiet = () => {
      for (const row of box.querySelectorAll('.ant-table-measure-row:not([inert])')) {
        row.setAttribute('inert', '');
      }
    };
    quiet();
    const observer = new MutationObserver(quiet);
    observer.observe(box, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [box, fits]);
  return { ref, fits };
}
