/** The currencies a hotel can keep its prices in (ISO 4217). */
export const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK'] as const;

/** The currency money is shown in when the owner has none. */
export const DEFAULT_CURRENCY = 'EUR';

/** Minor units per major unit of a currency (100 for EUR, 1 for JPY), from Intl. */
export const minorUnits = (currency: string): number =>
  10 **
  (new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits ?? 2);
