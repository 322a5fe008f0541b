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
