import type { Field, FieldKind } from '../fields';
import * as choice from './choice';
import * as misc from './misc';
import * as numbers from './number';
import { richText } from './richText';
import * as texts from './text';
import * as time from './time';
import type { DisplayContext, FieldOf, KindModule } from './types';

/** Every field kind's module; TypeScript refuses a kind without one. */
export const kinds: { [K in FieldKind]: KindModule<FieldOf<K>> } = {
  text: texts.text,
  textarea: texts.textarea,
  richText,
  email: texts.email,
  url: texts.url,
  phone: texts.phone,
  slug: texts.slug,
  password: texts.password,
  number: numbers.number,
  money: numbers.money,
  boolean: choice.boolean,
  select: choice.select,
  multiSelect: choice.multiSelect,
  date: time.date,
  dateTime: time.dateTime,
  time: time.time,
  color: misc.color,
  image: misc.image,
  file: misc.file,
  reference: misc.reference,
  locale: choice.locale,
  locales: choice.locales,
  coordinates: misc.coordinates,
  items: misc.items,
  group: misc.group,
  json: misc.json,
};

/** The module of a field's kind. */
export const kindOf = (field: Field): KindModule =>
  (kinds as Record<FieldKind, KindModule>)[field.kind];

/**
 * A value as a person reads it, in the interface language: what list cells, show pages and CSV
 * exports all say (money in the owner's currency, option labels, dates in the user's time zone,
 * references by their label). '' for no value.
 */
export function displayText(field: Field, value: unknown, ctx: DisplayContext): string {
  // A flag never set is off (a hotel never archived): "No", not blank.
  if (field.kind === 'boolean') value ??= false;
  if (value === null || value === undefined || value === '') return '';
  const module = kindOf(field);
  // Parts of items and groups read through here too (handed over: ./misc does not import this).
  return module.text
    ? module.text(field, value, ctx, (part, partValue) => displayText(part, partValue, ctx))
    : String(value);
}

export { localeOptions } from './choice';
export { DEFAULT_CURRENCY, minorUnits } from '../currency';
export { SLUG_PATTERN, slugify } from './text';
export { HEX_COLOR_PATTERN } from './misc';
export type { DisplayContext, FieldOf, FilterOption, KindModule } from './types';
