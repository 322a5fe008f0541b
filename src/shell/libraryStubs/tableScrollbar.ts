/**
 * Stands in for rc-util's scrollbar measurement in rc-table's Table (vite.config.ts). rc-table
 * measures on every mount: a hidden scrolling box and a style sheet go in and out, which forces
 * the browser to style and lay out the whole page (a tenth of a phone's list render). It uses
 * the width only under a fixed header (`scroll.y`) or a sticky one, which no table here has
 * (tests/server/library-stubs.test.ts checks).
 */
export const getTargetScrollBarSize = (): { width: number; height: number } => ({
  width: 0,
  height: 0,
});

export default function getScrollBarSize(): number {
  return 0;
}
