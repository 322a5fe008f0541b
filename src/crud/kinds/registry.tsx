import { lazy } from 'react';
import type { Field, FieldKind, JsonField } from '../../schema/fields';
import type { FieldOf } from '../../schema/kinds';
import type * as DateInputs from './dateInputs';
import type * as Inputs from './inputs';
import { ReferenceInput } from './ReferenceInput';
import type { KindInputProps, KindValueProps, KindWidgets } from './types';
import * as view from './values';

// Heavy inputs load when a form that uses them opens, not with every form.
const RichTextInput = lazy(() => import('./richText/RichTextInput'));
const RichTextValue = lazy(() => import('./richText/RichTextValue'));
// A json field that lists another resource's ids (a group's hotels) is a choice of records.
const IdsInput = lazy(() => import('./IdsInput'));
const IdsValue = lazy(() => import('./IdsInput').then((module) => ({ default: module.IdsValue })));
const ImageInput = lazy(() => import('./upload/ImageInput'));
const FileInput = lazy(() => import('./upload/FileInput'));
const ImageValue = lazy(() =>
  import('./upload/UploadValue').then((module) => ({ default: module.ImageValue })),
);
const FileValue = lazy(() =>
  import('./upload/UploadValue').then((module) => ({ default: module.FileValue })),
);

// The inputs load with the first form, not with every list (a list shows values only).
const fromInputs = <K extends keyof typeof Inputs>(name: K) =>
  lazy(() => import('./inputs').then((module) => ({ default: module[name] })));
const fromDateInputs = <K extends keyof typeof DateInputs>(name: K) =>
  lazy(() => import('./dateInputs').then((module) => ({ default: module[name] })));
const input = {
  BooleanInput: fromInputs('BooleanInput'),
  ChoiceInput: fromInputs('ChoiceInput'),
  ColorInput: fromInputs('ColorInput'),
  CoordinatesInput: fromInputs('CoordinatesInput'),
  DateInput: fromDateInputs('DateInput'),
  GroupInput: fromInputs('GroupInput'),
  JsonInput: fromInputs('JsonInput'),
  LocaleInput: fromInputs('LocaleInput'),
  MoneyInput: fromInputs('MoneyInput'),
  NumberInput: fromInputs('NumberInput'),
  PasswordInput: fromInputs('PasswordInput'),
  TextInput: fromInputs('TextInput'),
  TextareaInput: fromInputs('TextareaInput'),
  TimeInput: fromDateInputs('TimeInput'),
};

function JsonOrIdsInput(props: KindInputProps<JsonField>) {
  return props.field.ids ? <IdsInput {...props} /> : <input.JsonInput {...props} />;
}
function JsonOrIdsValue(props: KindValueProps<JsonField>) {
  return props.field.ids ? <IdsValue {...props} /> : <view.CodeValue {...props} />;
}

/** The dashboard's side of every field kind; TypeScript refuses a kind without one. */
export const widgets: { [K in FieldKind]: KindWidgets<FieldOf<K>> } = {
  text: { Input: input.TextInput, ellipsis: true },
  textarea: { Input: input.TextareaInput, wide: true, ellipsis: true },
  richText: { Input: RichTextInput, Value: RichTextValue, wide: true },
  email: { Input: input.TextInput, Value: view.EmailValue },
  url: { Input: input.TextInput, Value: view.UrlValue, ellipsis: true },
  phone: { Input: input.TextInput },
  slug: { Input: input.TextInput },
  password: { Input: input.PasswordInput },
  number: { Input: input.NumberInput },
  money: { Input: input.MoneyInput },
  boolean: { Input: input.BooleanInput, Value: view.BooleanValue },
  select: { Input: input.ChoiceInput, Value: view.OptionValue },
  multiSelect: { Input: input.ChoiceInput, Value: view.OptionsValue },
  date: { Input: input.DateInput },
  dateTime: { Input: input.DateInput },
  time: { Input: input.TimeInput },
  color: { Input: input.ColorInput, Value: view.ColorValue },
  image: { Input: ImageInput, Value: ImageValue },
  file: { Input: FileInput, Value: FileValue },
  reference: { Input: ReferenceInput },
  locale: { Input: input.LocaleInput },
  locales: { Input: input.LocaleInput, Value: view.LocalesValue },
  coordinates: { Input: input.CoordinatesInput },
  items: { Input: input.JsonInput, Value: view.ItemsValue, wide: true },
  group: { Input: input.GroupInput, section: true, wide: true },
  json: { Input: JsonOrIdsInput, Value: JsonOrIdsValue, wide: true },
};

/** The widgets of a field's kind. */
export const widgetsOf = (field: Field): KindWidgets =>
  (widgets as Record<FieldKind, KindWidgets>)[field.kind];
