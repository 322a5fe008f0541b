// The visitors chart's scale: in a module of its own, shared with the page that reserves its room.

/** The chart's height in pixels: the plot, its day labels below and some air above. */
export const CHART_HEIGHT = 200;
export const MAX_DAY_LABELS = 5;

/** A round step (1, 2 or 5 times a power of ten) that splits `max` into about `parts` parts. */
export function niceStep(max: number, parts = 4): number {
  const rough = Math.max(max, 1) / parts;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= rough)! * power;
  return Math.max(1, step);
}

/** Which days get a label below the axis: the first, the last and evenly between. */
export function labelledDays(count: number, most = MAX_DAY_LABELS): number[] {
  if (count <= most) return Array.from({ length: count }, (_, index) => index);
  return Array.from({ length: most }, (_, index) => Math.round((index * (count - 1)) / (most - 1)));
}
