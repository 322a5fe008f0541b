/** The decimal mark of a language: `,` in Dutch, German, French and Spanish, `.` in English. */
export function decimalMark(language: string): string {
  return (
    new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')
      ?.value ?? '.'
  );
}

/**
 * What a person typed into a number input, as a number string: `3,75` and `3.75` are both three
 * and three quarters, whatever the interface language; `1.234,5` and `1,234.5` are both
 * 1234.5. The last `,` or `.` followed by one or two digits is the decimal mark; other marks group
 * thousands.
 */
export function parseAmount(text: string): string {
  const cleaned = text.replace(/[^\d.,-]/g, '');
  const decimal = /^(.*)[.,](\d{1,2})$/.exec(cleaned);
  if (decimal) return `${decimal[1]!.replace(/[.,]/g, '')}.${decimal[2]}`;
  return cleaned.replace(/[.,]/g, '');
}
