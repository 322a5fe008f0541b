import type { FieldAccess } from './access';
import { LOCALES, type Locale } from './locales';

/**
 * Field kinds (DESIGN §3). A field is plain data: the engine turns it into a zod rule
 * (schema/validation.ts), and the dashboard into an input, a list cell, a show view and a filter.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'richText'
  | 'email'
  | 'url'
  | 'phone'
  | 'slug'
  | 'password'
  | 'number'
  | 'money'
  | 'boolean'
  | 'select'
  | 'multiSelect'
  | 'date'
  | 'dateTime'
  | 'time'
  | 'color'
  | 'image'
  | 'file'
  | 'reference'
  | 'locale'
  | 'locales'
  | 'coordinates'
  | 'items'
  | 'group'
  | 'json';

export interface ListOptions {
  /** Part of the list's free-text search (json-server `q` searches every field; this marks the box). */
  search?: boolean;
  sort?: boolean;
  filter?: boolean;
  /** A column the user can turn on, but not shown at first. */
  hidden?: boolean;
  /** No column at all. */
  none?: boolean;
  /**
   * On a phone, shown in the row under the record's name instead of behind its "Show details"
   * button: what the row is about when its name alone does not say it (Activity's who, what, when).
   */
  phone?: boolean;
}

interface FieldOptions<V> {
  required?: boolean;
  /** Translated by Sync for the other locales (localized resources). */
  translatable?: boolean;
  /**
   * Not language (a photo, coordinates, a colour): one value for every language of a localized
   * resource's item. An edit changes the whole translation group in the same write, and Sync's
   * copies carry it; a reference to a localized resource points, in each language, at that
   * language's version of the same item. Texts stay per language.
   */
  shared?: boolean;
  default?: V;
  list?: ListOptions;
  /** Set by the server (timestamps, metadata): shown, never sent. */
  readOnly?: boolean;
  /**
   * Who may read or set the field (schema/access `fieldAccess`); everyone who may read or write
   * the record when unset. Changing a field one may not set answers 403.
   */
  access?: FieldAccess;
  /** Not part of forms (e.g. set by a dedicated action). */
  hideInForm?: boolean;
  /**
   * The server's bookkeeping (a member's account id): stored and answered to API clients, but
   * no form field, no column and no line on the show page, where a number would mean nothing.
   */
  internal?: boolean;
  /**
   * No two records may share the value (texts compared case-insensitively, references by the
   * record they point at); 409 otherwise. `{ per: [...] }` limits
   * that to records sharing those fields, e.g. a slug unique per owner and locale.
   */
  unique?: boolean | { per: readonly string[] };
  /**
   * Shown, validated and stored only when the record meets it (e.g. an iframe address only for
   * iframe pages); a hidden field is neither checked nor kept. Read on client and server alike.
   */
  condition?: (record: Readonly<Record<string, unknown>>) => boolean;
  /**
   * Asked by the create form, never stored or sent back (e.g. the languages a new page is also
   * made in: a `locales` field of a localized resource, which Sync fills after Create).
   */
  transient?: boolean;
}

export interface TextField extends FieldOptions<string> {
  /** An email field only: one or more addresses, separated by commas (at most 10). */
  multiple?: boolean;
  kind: 'text' | 'textarea' | 'richText' | 'email' | 'url' | 'phone' | 'slug' | 'password';
  /** A slug suggested from another field while the person has not typed one (`from: 'title'`). */
  from?: string;
  /**
   * The value is the name of a declared resource (an audit entry's `resource`): people read it
   * as the resource's title in their language ("Users", not `users`), in cells, pages and CSV.
   */
  names?: 'resource';
  max?: number;
  min?: number;
  /**
   * A pattern the trimmed text must match, with the i18n key of the message when it does not
   * (a form field's name: letters, numbers and hyphens).
   */
  pattern?: { regex: RegExp; message: string };
  /**
   * Write-only (credentials): encrypted at rest, never returned; the API answers
   * `{ "set": true | false }` in its place. Sending that object back keeps the value.
   */
  secret?: boolean;
}
export interface NumberField extends FieldOptions<number> {
  kind: 'number' | 'money';
  min?: number;
  max?: number;
  integer?: boolean;
}
export interface BooleanField extends FieldOptions<boolean> {
  kind: 'boolean';
  /**
   * A Yes that needs attention (an account disabled, archived): an orange tag, not a green one,
   * and beside the row's label while its own column is not shown.
   */
  alert?: boolean;
}
export interface SelectField extends FieldOptions<string> {
  kind: 'select';
  options: readonly string[];
}
export interface MultiSelectField extends FieldOptions<string[]> {
  kind: 'multiSelect';
  options: readonly string[];
}
export interface DateField extends FieldOptions<string> {
  kind: 'date' | 'dateTime' | 'time';
}
export interface ColorField extends FieldOptions<string> {
  kind: 'color';
}
export interface UploadField extends FieldOptions<string> {
  kind: 'image' | 'file';
  accept?: string;
  /**
   * Also an absolute `https:` address (a file kept elsewhere). Without it only the hotel's own
   * uploads (`/uploads/files/<its folder>/…`) are taken.
   */
  external?: boolean;
}
export interface ReferenceField extends FieldOptions<number> {
  kind: 'reference';
  /** Name of the referenced resource. */
  resource: string;
  /** Field of the referenced record shown as its label. */
  labelField: string;
  /** A richer label from several fields, e.g. `'{serviceName} {startTime}–{endTime}'`. */
  labelTemplate?: string;
  /** The referenced record must belong to the same owner (tenant). */
  sameOwner?: boolean;
  /** What deleting the referenced record does to records that point at it. */
  onDelete?: 'restrict' | 'setNull';
  /** Only records matching these values may be chosen (e.g. `{ role: 'operator' }`). */
  where?: Record<string, string>;
  /** The referenced record must share these fields' values with the record (e.g. `locale`). */
  match?: readonly string[];
}
export interface LocaleField extends FieldOptions<Locale> {
  kind: 'locale';
  /** Offers only the languages another field of the record lists (a hotel's source language). */
  within?: string;
}
export interface LocalesField extends FieldOptions<Locale[]> {
  kind: 'locales';
}
export interface Coordinates {
  lat: number;
  lng: number;
}
export interface CoordinatesField extends FieldOptions<Coordinates | null> {
  kind: 'coordinates';
}
export interface JsonField extends FieldOptions<unknown> {
  kind: 'json';
  /**
   * The value is a list of another resource's record ids (a hotel group's hotels): the form
   * offers a choice of several of those records, and views show their labels. The API's hooks
   * check that they exist.
   */
  ids?: Pick<ReferenceField, 'resource' | 'labelField' | 'where'>;
}
/**
 * A list of sub-records, e.g. a transaction's line items or a form's fields: shown as a table.
 * Required means at least one. A part's `condition` reads its own sub-record (a field's options
 * only for a select); `translatable` parts are translated by Sync like top-level texts.
 */
export interface ItemsField extends FieldOptions<Record<string, unknown>[]> {
  kind: 'items';
  of: Record<string, Field>;
  /** At most this many sub-records. */
  max?: number;
  /**
   * Parts no two sub-records may share (compared trimmed and case-insensitively), each with the
   * i18n key of the message the later duplicate gets (a form's 'Duplicate name').
   */
  distinct?: Record<string, string>;
}

/**
 * Fields kept together as one object (a page's `styling`): a titled section in forms, labelled
 * `resources.<name>.groups.<field>`; its parts are labelled like top-level fields.
 */
export interface GroupField extends FieldOptions<Record<string, unknown>> {
  kind: 'group';
  of: Record<string, Field>;
}

export type Field =
  | TextField
  | NumberField
  | BooleanField
  | SelectField
  | MultiSelectField
  | DateField
  | ColorField
  | UploadField
  | ReferenceField
  | LocaleField
  | LocalesField
  | CoordinatesField
  | ItemsField
  | GroupField
  | JsonField;

type Opts<F extends Field> = Omit<F, 'kind'>;

export const text = (o: Opts<TextField> = {}): TextField => ({ kind: 'text', max: 200, ...o });
export const textarea = (o: Opts<TextField> = {}): TextField => ({
  kind: 'textarea',
  max: 5000,
  ...o,
});
export const richText = (o: Opts<TextField> = {}): TextField => ({
  kind: 'richText',
  max: 100_000,
  ...o,
});
export const email = (o: Opts<TextField> = {}): TextField => ({ kind: 'email', max: 254, ...o });
export const url = (o: Opts<TextField> = {}): TextField => ({ kind: 'url', max: 2000, ...o });
export const phone = (o: Opts<TextField> = {}): TextField => ({ kind: 'phone', max: 40, ...o });
export const slug = (o: Opts<TextField> = {}): TextField => ({ kind: 'slug', max: 80, ...o });
export const password = (o: Opts<TextField> = {}): TextField => ({
  kind: 'password',
  max: 200,
  ...o,
});
export const number = (o: Opts<NumberField> = {}): NumberField => ({ kind: 'number', ...o });
/** An amount in minor units (cents), shown in the owner's currency. */
export const money = (o: Opts<NumberField> = {}): NumberField => ({
  kind: 'money',
  integer: true,
  min: 0,
  ...o,
});
export const boolean = (o: Opts<BooleanField> = {}): BooleanField => ({ kind: 'boolean', ...o });
/** Keeps the options' type, so a record's value is one of them (RecordOf). */
export const select = <const O extends readonly string[]>(
  o: Opts<SelectField> & { options: O },
): SelectField & { options: O } => ({ kind: 'select', ...o });
export const multiSelect = <const O extends readonly string[]>(
  o: Opts<MultiSelectField> & { options: O },
): MultiSelectField & { options: O } => ({ kind: 'multiSelect', ...o });
export const date = (o: Opts<DateField> = {}): DateField => ({ kind: 'date', ...o });
export const dateTime = (o: Opts<DateField> = {}): DateField => ({ kind: 'dateTime', ...o });
export const time = (o: Opts<DateField> = {}): DateField => ({ kind: 'time', ...o });
export const color = (o: Opts<ColorField> = {}): ColorField => ({ kind: 'color', ...o });
export const image = (o: Opts<UploadField> = {}): UploadField => ({
  kind: 'image',
  accept: 'image/*',
  ...o,
});
export const file = (o: Opts<UploadField> = {}): UploadField => ({
  kind: 'file',
  accept: 'application/pdf',
  ...o,
});
export const reference = (o: Opts<ReferenceField>): ReferenceField => ({ kind: 'reference', ...o });
export const locale = (o: Opts<LocaleField> = {}): LocaleField => ({ kind: 'locale', ...o });
export const locales = (o: Opts<LocalesField> = {}): LocalesField => ({ kind: 'locales', ...o });
export const coordinates = (o: Opts<CoordinatesField> = {}): CoordinatesField => ({
  kind: 'coordinates',
  ...o,
});
export const json = (o: Opts<JsonField> = {}): JsonField => ({
  kind: 'json',
  readOnly: true,
  ...o,
});

export const LOCALE_OPTIONS = LOCALES;
/** Keeps the sub-fields' types, so a record's items are typed (RecordOf). */
export const items = <O extends Record<string, Field>>(
  o: Opts<ItemsField> & { of: O },
): ItemsField & { of: O } => ({ kind: 'items', ...o });
export const group = (o: Opts<GroupField>): GroupField => ({ kind: 'group', ...o });

/** How a referenced record is named in selects, cells and filters. */
export function referenceLabel(field: ReferenceField, row: Record<string, unknown>): string {
  if (!field.labelTemplate) return String(row[field.labelField] ?? `#${String(row.id)}`);
  return field.labelTemplate.replace(/{(\w+)}/g, (_, name: string) => String(row[name] ?? ''));
}
