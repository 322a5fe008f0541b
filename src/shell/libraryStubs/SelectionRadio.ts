/**
 * Stands in for antd's Radio in the table's row selection (see vite.config.ts): the lists select
 * rows with checkboxes only, and Radio with its styles was in every list's first load.
 */
export default function SelectionRadio(): never {
  throw new Error('Radio row selection is stubbed out (vite.config.ts, libraryStubs)');
}
