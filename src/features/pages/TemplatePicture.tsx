import type { ReactNode } from 'react';
import type { PageTemplate } from './preview/model';

const TILE = 'currentColor';

/** Where each template puts its tiles on a small phone screen (x, y, width, height; or circles). */
const LAYOUTS: Record<PageTemplate, ReactNode> = {
  // Rows of three square tiles.
  rows: [0, 1, 2].flatMap((row) =>
    [0, 1, 2].map((col) => (
      <rect
        key={`${row}-${col}`}
        x={8 + col * 16}
        y={22 + row * 16}
        width={13}
        height={13}
        rx={2}
      />
    )),
  ),
  // Two columns of tiles of different heights.
  masonry: [
    [8, 22, 22, 26],
    [34, 22, 22, 16],
    [34, 41, 22, 26],
    [8, 51, 22, 16],
  ].map(([x, y, width, height]) => (
    <rect key={`${x}-${y}`} x={x} y={y} width={width} height={height} rx={2} />
  )),
  // Full-width tiles, one under the other, as many as there are.
  vertical: [0, 1, 2, 3].map((row) => (
    <rect key={row} x={8} y={22 + row * 13} width={48} height={10} rx={2} />
  )),
  // Round tiles.
  bubbles: [
    [18, 32, 9],
    [42, 32, 9],
    [18, 56, 9],
    [42, 56, 9],
  ].map(([cx, cy, r]) => <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={r} />),
};

/**
 * A small drawing of a home template (spec §3: rows of three items, masonry, vertical unlimited
 * items, bubbles) for the pictures a template is chosen from. Decorative: the card names it.
 */
export function TemplatePicture({ template }: { template: string }) {
  const layout = LAYOUTS[template as PageTemplate];
  if (!layout) return null;
  return (
    <svg viewBox="0 0 64 96" role="presentation" focusable="false">
      <rect
        x={1}
        y={1}
        width={62}
        height={94}
        rx={8}
        fill="none"
        stroke={TILE}
        strokeOpacity={0.45}
        strokeWidth={2}
      />
      <rect x={8} y={9} width={30} height={5} rx={2} fill={TILE} fillOpacity={0.45} />
      <g fill={TILE} fillOpacity={0.8}>
        {layout}
      </g>
    </svg>
  );
}
