/**
 * Stands in for rc-tree's tree-selection helpers in antd's table row selection
 * (antd/es/table/hooks/useSelection, see vite.config.ts): antd calls them only for tree data
 * selected with `checkStrictly: false`; our rows are flat, selected with antd's default
 * (`checkStrictly: true`), and the helpers brought rc-tree into every list's first load.
 */

/** Reached only for tree data with `checkStrictly: false`: says so instead of misbehaving. */
function treeSelection(): never {
  throw new Error("rc-tree's tree selection is stubbed out (vite.config.ts, libraryStubs)");
}

export const conductCheck = treeSelection;
export const convertDataToEntities = treeSelection;
