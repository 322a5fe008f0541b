/**
 * Point of sale pricing. Prices are integer minor units (euro cents) and INCLUDE VAT, as hotel
 * menus in Europe show them: a line costs `unitPrice × quantity`; the VAT inside it is
 * `lineTotal × rate / (100 + rate)`, rounded to whole cents half away from zero, per line. The
 * total is the sum of the lines, the VAT the sum of the lines' VAT, the subtotal (net) the rest.
 */

/** One line to price: what the product costs at the time of sale and its VAT rate in percent. */
export interface PricedLineInput {
  unitPrice: number;
  quantity: number;
  vatRate: number;
}

export interface PricedLine extends PricedLineInput {
  lineTotal: number;
  vat: number;
}

export interface Pricing {
  lines: PricedLine[];
  /** Total without VAT: `total − vat`. */
  subtotal: number;
  vat: number;
  /** What the guest pays: the sum of the line totals. */
  total: number;
}

/**
 * `numerator / denominator` rounded to an integer, half away from zero, in exact integer
 * arithmetic (no floating-point surprises at .5). Both must be safe integers; denominator > 0.
 */
export function divideRounded(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  const quotient = Math.floor(magnitude / denominator);
  const remainder = magnitude - quotient * denominator;
  const rounded = remainder * 2 >= denominator ? quotient + 1 : quotient;
  return sign * rounded || 0;
}

/** The VAT included in `amount` cents at `rate` percent. */
export const includedVat = (amount: number, rate: number): number =>
  rate === 0 ? 0 : divideRounded(amount * rate, 100 + rate);

/** Prices lines (prices including VAT); see the module comment for the rule. */
export function priceLines(lines: readonly PricedLineInput[]): Pricing {
  for (const line of lines) {
    if (!Number.isSafeInteger(line.unitPrice) || !Number.isSafeInteger(line.quantity)) {
      throw new RangeError('unitPrice and quantity must be integers');
    }
    if (!Number.isInteger(line.vatRate) || line.vatRate < 0) {
      throw new RangeError('vatRate must be a non-negative integer percentage');
    }
  }
  const priced = lines.map((line) => {
    const lineTotal = line.unitPrice * line.quantity;
    return { ...line, lineTotal, vat: includedVat(lineTotal, line.vatRate) };
  });
  const total = priced.reduce((sum, line) => sum + line.lineTotal, 0);
  const vat = priced.reduce((sum, line) => sum + line.vat, 0);
  return { lines: priced, subtotal: total - vat, vat, total };
}
