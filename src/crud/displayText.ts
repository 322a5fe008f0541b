import type { Field } from '../schema/fields';

/** What formatting a value needs: the interface language and the resource's texts. */
export interface DisplayContext {
  language: string;
  /** `crud.yes`, `languages.nl`, …: the interface's own texts. */
  t: (key: string) => string;
  /** An option's label in the interface language. */
  optionLabel: (value: string) => string;
  /** A referenced record's label, when known. */
  label?: string;
}

const str = (value: unknown) => (typeof value === 'string' ? value : String(value));

/**
 * A value as a person reads it, in the interface language: what list cells, show pages and CSV
 * exports all say (money in currency units, option labels, dates in the user's time zone,
 * references by their label). '' for no value.
 */
export function displayText(field: Field, value: unknown, ctx: DisplayContext): string {
  if (value === null || value === undefined || value === '') return '';
  const { language, t } = ctx;
  switch (field.kind) {
    case 'boolean':
      return t(value ? 'crud.yes' : 'crud.no');
    case 'select':
      return ctx.optionLabel(str(value));
    case 'multiSelect':
      return (value as string[]).map((item) => ctx.optionLabel(item)).join(', ');
    case 'locale':
      return t(`languages.${str(value)}`);
    case 'locales':
      return (value as string[]).map((item) => t(`languages.${item}`)).join(', ');
    case 'money':
      return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(
        Number(value) / 100,
      );
    case 'number':
      return Number(value).toLocaleString(language);
    case 'date':
      // A calendar day: the same day everywhere.
      return new Date(`${str(value)}T00:00:00Z`).toLocaleDateString(language, {
        dateStyle: 'medium',
        timeZone: 'UTC',
      });
    case 'dateTime':
      // A moment: shown in the user's own time zone.
      return new Date(str(value)).toLocaleString(language, {
        dateStyle: 'medium',
        timeStyle: 'short',
      });
    case 'reference':
      return ctx.label ?? `#${str(value)}`;
    case 'coordinates': {
      const { lat, lng } = value as { lat: number; lng: number };
      return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
    }
    case 'items':
    case 'json':
      return JSON.stringify(value);
    default:
      return str(value);
  }
}

/**
 * A cell a spreadsheet will not run: text starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return is a formula to Excel and LibreOffice (OWASP "CSV injection"), so it gets a leading `'`.
 */
export function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
