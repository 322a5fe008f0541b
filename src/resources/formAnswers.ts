/**
 * A guest's answers checked against one form's own fields (spec §5: required, email, number and
 * date validity; plus select values among the options, a checkbox a boolean, unknown keys dropped
 * and length limits). Plain TypeScript without zod: the registry imports it, and the registry is
 * on every dashboard page.
 */
import { isEmailAddress } from '../schema/email';
import { message } from '../schema/messages';

/** The seven field types of the form builder (spec §3), in the builder's palette order. */
export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'number',
  'date',
  'checkbox',
  'select',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export interface FormOption {
  value: string;
  text: string;
}

/** A form's field as the API stores and serves it. */
export interface FormField {
  name: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  /** A select's choices. */
  options?: FormOption[];
}

/** The longest answer each kind of text field takes (characters, after trimming). */
export const ANSWER_MAX_LENGTH = { text: 500, textarea: 5000, email: 254 } as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * A date-time as Form.io's date field submits it (`2026-12-24T00:00:00+01:00`): its day is the
 * first ten characters, the day the guest picked in their own time zone.
 */
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** The day of a date answer: a `YYYY-MM-DD`, or the day of a date-time with its offset. */
export function answerDay(value: string): string {
  const text = value.trim();
  return DATE_TIME.exec(text)?.[1] ?? text;
}

/** A `YYYY-MM-DD` that names a day of the calendar (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(2000, 0, 1));
  probe.setUTCFullYear(year, month - 1, day);
  return (
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day
  );
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * One answer checked against its field: the value to keep, or the message (coded, with the
 * field's own label: the API words it in the form's language).
 */
function checkAnswer(field: FormField, raw: unknown): { value: unknown } | { error: string } {
  const says = (key: string, params: Record<string, string | number> = {}) => ({
    error: message(key, { field: field.label, ...params }),
  });
  if (field.type === 'checkbox') {
    if (raw === undefined || raw === null) {
      return field.required ? says('validation.required') : { value: false };
    }
    if (typeof raw !== 'boolean') return says('apiErrors.answerBoolean');
    if (field.required && !raw) return says('validation.required');
    return { value: raw };
  }
  if (isEmpty(raw)) return field.required ? says('validation.required') : { value: undefined };
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email': {
      if (typeof raw !== 'string') return says('validation.invalid');
      const text = raw.trim();
      const max = ANSWER_MAX_LENGTH[field.type];
      if (text.length > max) return says('validation.tooLong', { max });
      if (field.type === 'email' && !isEmailAddress(text)) return says('validation.email');
      return { value: field.type === 'email' ? text.toLowerCase() : text };
    }
    case 'number':
      return typeof raw === 'number' && Number.isFinite(raw)
        ? { value: raw }
        : says('apiErrors.answerNumber');
    case 'date': {
      const day = typeof raw === 'string' ? answerDay(raw) : '';
      return isCalendarDay(day) ? { value: day } : says('validation.date');
    }
    case 'select': {
      const values = (field.options ?? []).map((option) => option.value);
      return typeof raw === 'string' && values.includes(raw)
        ? { value: raw }
        : says('apiErrors.answerOption');
    }
  }
}

/**
 * The answers a form keeps from `data`: each of its fields checked, keys it does not have
 * dropped. Errors are keyed `data.<field name>`, the path of the answer in the request body.
 */
export function checkAnswers(
  fields: readonly FormField[],
  data: unknown,
): { answers: Record<string, unknown>; errors: Record<string, string[]> } {
  if (data !== undefined && (typeof data !== 'object' || data === null || Array.isArray(data))) {
    return { answers: {}, errors: { data: [message('apiErrors.answersObject')] } };
  }
  const given = (data ?? {}) as Record<string, unknown>;
  const answers: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  for (const field of fields) {
    const raw = Object.hasOwn(given, field.name) ? given[field.name] : undefined;
    const result = checkAnswer(field, raw);
    if ('error' in result) errors[`data.${field.name}`] = [result.error];
    else if (result.value !== undefined) answers[field.name] = result.value;
  }
  return { answers, errors };
}
