import { hotels, owner } from '../schema/access';
import { ApiError, fieldError } from '../schema/errors';
import { message } from '../schema/messages';
import {
  boolean,
  dateTime,
  email,
  items,
  json,
  number,
  reference,
  select,
  text,
  textarea,
} from '../schema/fields';
import { defineResource, type ResourceHooks } from '../schema/resource';
import { checkAnswers, FORM_FIELD_TYPES, type FormField } from './formAnswers';

export { FORM_FIELD_TYPES, type FormField, type FormFieldType } from './formAnswers';

/**
 * How many fields a form may have before the builder warns that it is slow (spec §5: the
 * threshold is not shown). 20, because a guest fills these forms in on a phone, where about four
 * fields fit on a screen: past 20 that is five screens of scrolling, where guests abandon a form;
 * and the Form.io builder redraws every component on each change, so past about 20 a drag or an
 * edit visibly lags. It is a warning, not a rule: the API stores longer forms (up to MAX_FIELDS).
 */
export const FIELD_COUNT_WARNING = 20;
/** Hard limits that keep one form's definition and a guest's answers bounded. */
export const MAX_FIELDS = 100;
export const MAX_OPTIONS = 50;

/** A field name and an option value: letters, numbers and hyphens only (spec §5). */
export const FIELD_NAME_PATTERN = /^[A-Za-z0-9-]+$/;
const NAME_RULE = { regex: FIELD_NAME_PATTERN, message: 'validation.lettersNumbersHyphens' };

const option = {
  value: text({ required: true, max: 60, pattern: NAME_RULE }),
  text: text({ required: true, max: 200, translatable: true }),
};

/** A form's field (spec §3); names and values stay as they are in every language. */
const formField = {
  name: text({ required: true, max: 60, pattern: NAME_RULE }),
  label: text({ required: true, max: 200, translatable: true }),
  type: select({ options: FORM_FIELD_TYPES, required: true }),
  required: boolean({ required: true }),
  options: items({
    required: true,
    max: MAX_OPTIONS,
    of: option,
    distinct: { value: 'validation.duplicateOptionValue' },
    // Only a select has options; another type's are neither checked nor kept.
    condition: (field) => field.type === 'select',
  }),
};

/**
 * Forms of a hotel's guest app (spec §3), one per language: the label and the fields, in the
 * simple model any guest app can render. The dashboard builds them with Form.io and converts to
 * and from this model; guests' answers are the submissions below.
 */
export const forms = defineResource({
  name: 'forms',
  route: 'form',
  menu: { group: 'management', icon: 'form', items: ['list', 'create'] },
  owned: true,
  localized: true,
  // Read with "all my hotels" too: the Requests inbox names each request's form.
  access: hotels(),
  labelField: 'label',
  timestamps: true,
  // Spec §2's list: label, languages, field count, submissions count, updated.
  listTimestamps: ['updatedAt'],
  defaultSort: { field: 'updatedAt', order: 'desc' },
  fields: {
    label: text({
      required: true,
      max: 160,
      translatable: true,
      list: { search: true, sort: true },
    }),
    fields: items({
      required: true,
      max: MAX_FIELDS,
      of: formField,
      distinct: { name: 'validation.duplicateName' },
    }),
    /**
     * Who is mailed when a guest sends the form: addresses separated by commas; empty, the
     * hotel's account email.
     */
    notify: email({ multiple: true, max: 1000, list: { none: true } }),
    /** Filled by the API when a form is read: how many submissions it has. */
    submissionCount: number({ readOnly: true, integer: true }),
  },
});

/** Where a guest request is in its handling (the Requests inbox); a new submission is `new`. */
export const SUBMISSION_STATUSES = ['new', 'in-progress', 'done', 'spam'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** Letters and digits a person reads without confusing them (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A submission's reference a guest can quote, e.g. `K7MQ-4XP2`. */
export function newReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const chars = [...bytes].map((byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/**
 * A guest's answers are checked against the form's own fields, and the submission keeps those
 * fields as they are now: later edits to the form do not garble old answers.
 */
const submissionRules: ResourceHooks = {
  beforeValidate: async ({ operation, data, existing, store, now }) => {
    if (operation !== 'create') {
      // When the status last changed (the audit log, where there is one, keeps every change).
      if (existing && data.status !== existing.status) {
        data.statusChangedAt = new Date(now).toISOString();
      }
      return;
    }
    const form = await store.get('forms', Number(data.formId));
    if (!form || form.ownerId !== data.ownerId)
      throw fieldError('formId', 'Choose an existing form');
    const fields = (form.fields ?? []) as FormField[];
    const { answers, errors } = checkAnswers(fields, data.data);
    // Coded: the public form API words it in the form's language.
    if (Object.keys(errors).length)
      throw new ApiError(422, message('apiErrors.answersInvalid'), errors);
    data.data = answers;
    data.fields = structuredClone(fields);
    data.createdAt = new Date(now).toISOString();
    data.reference = newReference();
  },
};

/** Answers are the guest's: set by the public route (no signed-in actor), never changed after. */
const guestOnly = { write: ({ actor }: { actor: unknown }) => actor === null };

/**
 * What guests sent through a form (`POST /public/<hotel>/forms/<id>/submissions`): a child of
 * the form, read and deleted by the hotel, and handled as a request in the Requests inbox: its
 * status, assignee and internal notes are the hotel's to change; the answers never change.
 */
export const submissions = defineResource({
  name: 'submissions',
  route: 'form/submissions',
  owned: true,
  parent: { resource: 'forms', field: 'formId', count: 'submissionCount' },
  access: { read: hotels(), update: owner(), delete: owner() },
  labelField: 'createdAt',
  defaultSort: { field: 'createdAt', order: 'desc' },
  hooks: submissionRules,
  fields: {
    formId: reference({
      resource: 'forms',
      labelField: 'label',
      required: true,
      sameOwner: true,
      // A form with answers is not deleted by accident: its submissions go first.
      onDelete: 'restrict',
      list: { filter: true },
    }),
    createdAt: dateTime({ readOnly: true, list: { filter: true, sort: true } }),
    status: select({
      options: SUBMISSION_STATUSES,
      required: true,
      default: 'new',
      list: { filter: true, sort: true },
    }),
    /** Who handles it: a name or a staff label. */
    assignee: text({ max: 120, list: { search: true, filter: true } }),
    /** The hotel's own notes, never shown to the guest. */
    notes: textarea({ max: 5000, list: { none: true } }),
    /** When the status last changed. */
    statusChangedAt: dateTime({ readOnly: true, list: { sort: true } }),
    /** What the guest can quote (given with the public answer), e.g. `K7MQ-4XP2`. */
    reference: text({ readOnly: true, max: 20, list: { search: true } }),
    /**
     * How the hotel was told of it: a mail of its own, the flood's one summary, or nothing
     * (past the flood cap). Set by the API.
     */
    notice: select({
      options: ['mail', 'summary', 'none'],
      readOnly: true,
      list: { none: true },
    }),
    /** The answers by field name, as checked against the form's fields. */
    data: json({ readOnly: false, access: guestOnly, list: { none: true } }),
    /** The form's fields when the guest submitted (labels, types, options). */
    fields: items({ readOnly: true, of: formField, list: { none: true } }),
  },
});
