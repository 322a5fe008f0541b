import type { FormField, FormFieldType } from './formAnswers';

/**
 * The API's simple form model and Form.io's component JSON, converted both ways: the builder and
 * the renderer speak Form.io, the API and guest apps the model (spec §3). Pure, so both
 * directions are unit-tested; nothing here loads Form.io itself.
 */

export interface FormioComponent {
  type: string;
  key?: string;
  label?: string;
  input?: boolean;
  validate?: { required?: boolean; [rule: string]: unknown };
  data?: { values?: { label?: string; value?: string }[] };
  [setting: string]: unknown;
}

export interface FormioForm {
  display: 'form';
  components: FormioComponent[];
}

/** Each of the seven types' Form.io component, with the settings that make it behave as ours. */
export const FORMIO_TYPES: Record<
  FormFieldType,
  { type: string; settings: Record<string, unknown> }
> = {
  text: { type: 'textfield', settings: {} },
  // A plain text area: no rich-text editor (Quill, ACE) to load.
  textarea: { type: 'textarea', settings: { editor: '', rows: 3 } },
  email: { type: 'email', settings: {} },
  number: { type: 'number', settings: {} },
  // A calendar day: flatpickr (served from the build) without a time.
  date: {
    type: 'datetime',
    settings: {
      format: 'yyyy-MM-dd',
      enableTime: false,
      enableDate: true,
      datePicker: { disableWeekends: false, disableWeekdays: false },
      widget: {
        type: 'calendar',
        displayInTimezone: 'viewer',
        enableTime: false,
        format: 'yyyy-MM-dd',
        allowInput: true,
        hourIncrement: 1,
        minuteIncrement: 1,
        time_24hr: true,
        useLocaleSettings: false,
      },
    },
  },
  checkbox: { type: 'checkbox', settings: {} },
  // A native select: no Choices.js widget.
  select: { type: 'select', settings: { widget: 'html5', dataSrc: 'values' } },
};

const TYPE_OF = new Map<string, FormFieldType>(
  Object.entries(FORMIO_TYPES).map(([ours, { type }]) => [type, ours as FormFieldType]),
);

/** The model's type of a Form.io component type; undefined for anything else (a button). */
export const fieldTypeOf = (componentType: string): FormFieldType | undefined =>
  TYPE_OF.get(componentType);

/** One field as a Form.io component. */
export function toComponent(field: FormField): FormioComponent {
  const { type, settings } = FORMIO_TYPES[field.type];
  return {
    ...structuredClone(settings),
    type,
    key: field.name,
    label: field.label,
    input: true,
    tableView: true,
    validate: { required: field.required },
    ...(field.type === 'select'
      ? {
          data: {
            values: (field.options ?? []).map((option) => ({
              label: option.text,
              value: option.value,
            })),
          },
        }
      : {}),
  };
}

/** A form's fields as a Form.io form (no submit button: the builder and the views add their own). */
export const toFormio = (fields: readonly FormField[]): FormioForm => ({
  display: 'form',
  components: fields.map(toComponent),
});

/**
 * A Form.io form's components as the model's fields, in order: only the seven types (the
 * builder's submit button and anything pasted in are left out), each with what the model keeps.
 * Values are taken as they are, empty ones included: the rules say what is missing.
 */
export function fromFormio(form: { components?: readonly FormioComponent[] }): FormField[] {
  return (form.components ?? []).flatMap((component): FormField[] => {
    const type = fieldTypeOf(component.type);
    if (!type) return [];
    const field: FormField = {
      name: component.key ?? '',
      label: component.label ?? '',
      type,
      required: component.validate?.required === true,
    };
    if (type === 'select') {
      field.options = (component.data?.values ?? []).map((value) => ({
        value: value.value ?? '',
        text: value.label ?? '',
      }));
    }
    return [field];
  });
}

/** Stored answers as Form.io's submission data (a day as the local midnight Form.io expects). */
export function toFormioData(
  fields: readonly FormField[],
  data: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = data[field.name];
    if (value === undefined || value === null) continue;
    out[field.name] =
      field.type === 'date' && typeof value === 'string' ? `${value}T00:00:00` : value;
  }
  return out;
}

/**
 * Form.io's submission data as the answers the API takes: a day from Form.io's date-time (its
 * first ten characters are the day in the guest's own time zone), empty answers left out.
 */
export function fromFormioData(
  fields: readonly FormField[],
  data: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = data[field.name];
    if (value === undefined || value === null || value === '') continue;
    out[field.name] =
      field.type === 'date' && typeof value === 'string' ? value.slice(0, 10) : value;
  }
  return out;
}

/**
 * A value as text with every object's keys in order: PostgreSQL's `jsonb` keeps no key order
 * (a field stored as `{ name, label, type }` comes back as `{ name, type, label }`), so the
 * builder's fields and the stored ones compare as text only this way.
 */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

/** Whether two lists hold the same fields in the same order, whatever their keys' order. */
export const sameFields = (a: readonly FormField[], b: readonly FormField[]): boolean =>
  canonical(a) === canonical(b);

/** Whether two lists hold the same fields in another order. */
export function isReorder(before: readonly FormField[], after: readonly FormField[]): boolean {
  if (before.length !== after.length || before.length < 2) return false;
  const a = before.map(canonical);
  const b = after.map(canonical);
  return a.join('\n') !== b.join('\n') && [...a].sort().join('\n') === [...b].sort().join('\n');
}

/** A form as a Form.io app renders it: its title, its fields and a submit button. */
export function servedFormio(
  form: { label: string; fields: readonly FormField[] },
  submitLabel: string,
): FormioForm & { title: string } {
  return {
    title: form.label,
    ...toFormio(form.fields),
    components: [
      ...toFormio(form.fields).components,
      {
        type: 'button',
        key: 'submit',
        label: submitLabel,
        action: 'submit',
        input: true,
        disableOnInvalid: true,
      },
    ],
  };
}
