import { LOCALES } from '../locales';
import { message } from '../messages';
import { asString, invalid, isDistinct, required, typeError } from './common';
import { defineKind } from './types';
import type {
  BooleanField,
  LocaleField,
  LocalesField,
  MultiSelectField,
  SelectField,
} from '../fields';

export const localeOptions = (t: (key: string) => string) =>
  LOCALES.map((lng) => ({ value: lng, label: t(`languages.${lng}`) }));

export const boolean = defineKind<BooleanField>({
  rule: (_field, { z }) => z.boolean({ error: typeError }),
  empty: () => false,
  text: (_field, value, { t }) => t(value ? 'crud.yes' : 'crud.no'),
  filterOptions: (_field, { t }) => [
    { value: true, label: t('crud.yes') },
    { value: false, label: t('crud.no') },
  ],
});

const declaredOptions = (
  field: SelectField | MultiSelectField,
  optionLabel: (v: string) => string,
) => field.options.map((option) => ({ value: option, label: optionLabel(option) }));

export const select = defineKind<SelectField>({
  rule: (field, { z }) => z.enum(field.options as [string, ...string[]], { error: typeError }),
  empty: () => null,
  text: (_field, value, { optionLabel }) => optionLabel(asString(value)),
  filterOptions: (field, { optionLabel }) => declaredOptions(field, optionLabel),
});

export const multiSelect = defineKind<MultiSelectField>({
  rule: (field, { z }) => {
    const values = z.array(z.enum(field.options as [string, ...string[]], { error: invalid }), {
      error: typeError,
    });
    // Required means at least one choice: a timeslot on no weekday is never offered.
    return (field.required ? values.min(1, required) : values).refine(
      isDistinct,
      message('validation.duplicate'),
    );
  },
  empty: () => [],
  text: (_field, value, { optionLabel }) =>
    (value as string[]).map((item) => optionLabel(item)).join(', '),
  filterOptions: (field, { optionLabel }) => declaredOptions(field, optionLabel),
});

export const locale = defineKind<LocaleField>({
  rule: (_field, { z }) => z.enum(LOCALES, { error: typeError }),
  empty: () => null,
  text: (_field, value, { t }) => t(`languages.${asString(value)}`),
  filterOptions: (_field, { t }) => localeOptions(t),
});

export const locales = defineKind<LocalesField>({
  rule: (_field, { z }) =>
    z
      .array(z.enum(LOCALES, { error: invalid }), { error: typeError })
      .min(1, required)
      .refine(isDistinct, message('validation.duplicate')),
  empty: () => [],
  text: (_field, value, { t }) =>
    (value as string[]).map((item) => t(`languages.${item}`)).join(', '),
  filterOptions: (_field, { t }) => localeOptions(t),
});
