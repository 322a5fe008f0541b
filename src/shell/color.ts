/** Colour arithmetic without antd (the light sign-in page uses it too). */

/** A colour mixed with white: `amount` 0 keeps it, 1 is white. */
export function tint(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return (
    '#' +
    channels
      .map((value) => Math.round(value + (255 - value) * amount))
      .map((value) => value.toString(16).padStart(2, '0'))
      .join('')
  );
}

/** A colour mixed with black: `amount` 0 keeps it, 1 is black. */
export const shade = (hex: string, amount: number): string =>
  '#' +
  [1, 3, 5]
    .map((at) => Math.round(parseInt(hex.slice(at, at + 2), 16) * (1 - amount)))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('');

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Relative luminance (WCAG) of a hex colour; undefined for other notations. */
export function luminance(colour: string): number | undefined {
  if (!HEX.test(colour)) return undefined;
  let hex = colour.slice(1);
  if (hex.length <= 4) hex = [...hex].map((digit) => digit + digit).join('');
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** WCAG 2 contrast ratio of two hex colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [lighter, darker] = [luminance(a) ?? 0, luminance(b) ?? 0].sort((x, y) => y - x);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** The colour, darkened step by step until it reads at `ratio` or more on `background`. */
export function readableOn(hex: string, background: string, ratio = 4.5): string {
  for (let amount = 0; amount < 1; amount += 0.04) {
    const candidate = shade(hex, amount);
    if (contrast(candidate, background) >= ratio) return candidate;
  }
  return '#000000';
}
