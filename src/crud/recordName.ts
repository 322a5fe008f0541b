import type { Field, ReferenceField } from '../schema/fields';
import { formatDate } from '../schema/format';
import type { Resource } from '../schema/resource';

type Row = Record<string, unknown>;

/** How a record is named by a date (a submission by when it came): the lists' own formats. */
const DATE_FORMATS: Partial<Record<Field['kind'], Intl.DateTimeFormatOptions>> = {
  date: { dateStyle: 'medium', timeZone: 'UTC' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
};
const TIMESTAMP = new Set(['createdAt', 'updatedAt']);

/**
 * A record's name as its show page, breadcrumb and tab title say it: its declared label field,
 * a reference as the referenced record's own label (an app permission is named by its app, not
 * by the app's id), a date as the interface language writes it. Undefined while that is not
 * known or the record has no name (the caller shows `#<id>`). Light on purpose: the shell's
 * breadcrumb imports it.
 */
export function recordName(
  resource: Pick<Resource, 'labelField' | 'fields'>,
  record: Row | undefined,
  context: {
    language: string;
    /** The label of a referenced record, when it is known. */
    referenceLabel?: (field: ReferenceField, id: number) => string | undefined;
  },
): string | undefined {
  const value = record?.[resource.labelField];
  if (value === undefined || value === null || value === '') return undefined;
  const field: Field | undefined =
    resource.fields[resource.labelField] ??
    (TIMESTAMP.has(resource.labelField) ? { kind: 'dateTime' } : undefined);
  if (field?.kind === 'reference') {
    const label = typeof value === 'number' ? context.referenceLabel?.(field, value) : undefined;
    return label?.trim() ? label : undefined;
  }
  const dates = field && DATE_FORMATS[field.kind];
  if (dates && typeof value === 'string') {
    const day = field.kind === 'date' ? new Date(`${value}T00:00:00Z`) : new Date(value);
    if (!Number.isNaN(day.getTime())) return formatDate(day, context.language, dates);
  }
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}
