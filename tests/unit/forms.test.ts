import { describe, expect, it } from 'vitest';
import {
  answerColumns,
  answerText,
  submissionsCsv,
  type SubmissionRow,
} from '../../src/features/forms/answers';
import {
  fromFormio,
  fromFormioData,
  isReorder,
  sameFields,
  toFormio,
  toFormioData,
  type FormioComponent,
} from '../../src/resources/formio';
import { forms, type FormField } from '../../src/resources/forms';
import { fieldSchema } from '../../src/schema/validation';

const SEVEN: FormField[] = [
  { name: 'name', label: 'Name', type: 'text', required: true },
  { name: 'wishes', label: 'Wishes', type: 'textarea', required: false },
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'guests', label: 'Guests', type: 'number', required: false },
  { name: 'arrival', label: 'Arrival', type: 'date', required: false },
  { name: 'newsletter', label: 'Newsletter', type: 'checkbox', required: false },
  {
    name: 'pillow',
    label: 'Pillow',
    type: 'select',
    required: true,
    options: [
      { value: 'soft', text: 'Soft' },
      { value: 'firm', text: 'Firm' },
    ],
  },
];

describe('the model and Form.io component JSON', () => {
  it('gives each of the seven types its Form.io component, and takes it back unchanged', () => {
    const form = toFormio(SEVEN);
    expect(form.display).toBe('form');
    expect(form.components.map((component) => component.type)).toEqual([
      'textfield',
      'textarea',
      'email',
      'number',
      'datetime',
      'checkbox',
      'select',
    ]);
    const select = form.components[6]!;
    expect(select).toMatchObject({
      key: 'pillow',
      label: 'Pillow',
      validate: { required: true },
      widget: 'html5',
      dataSrc: 'values',
      data: {
        values: [
          { label: 'Soft', value: 'soft' },
          { label: 'Firm', value: 'firm' },
        ],
      },
    });
    // No rich-text editor for a text area, no time for a date.
    expect(form.components[1]).toMatchObject({ editor: '' });
    expect(form.components[4]).toMatchObject({ enableTime: false, format: 'yyyy-MM-dd' });
    expect(fromFormio(form)).toEqual(SEVEN);
  });

  it('keeps only what the model stores of what the builder made, and leaves out other components', () => {
    const built: FormioComponent[] = [
      {
        type: 'textfield',
        key: 'room',
        label: 'Room',
        input: true,
        placeholder: 'e.g. 204',
        validate: { required: true, maxLength: 10 },
        conditional: { show: true },
      },
      { type: 'button', key: 'submit', label: 'Submit', action: 'submit' },
      { type: 'htmlelement', key: 'html', content: '<p>Hi</p>' },
      { type: 'select', key: 'meal', label: '', data: { values: [{ label: 'Fish' }] } },
      { type: 'checkbox', key: 'ok', label: 'OK' },
    ];
    expect(fromFormio({ components: built })).toEqual([
      { name: 'room', label: 'Room', type: 'text', required: true },
      // Empty parts stay empty: the rules, not the conversion, say what is missing.
      {
        name: 'meal',
        label: '',
        type: 'select',
        required: false,
        options: [{ value: '', text: 'Fish' }],
      },
      { name: 'ok', label: 'OK', type: 'checkbox', required: false },
    ]);
    expect(fromFormio({})).toEqual([]);
  });

  it('converts answers both ways: a day for the API, a local midnight for Form.io', () => {
    const answers = { name: 'Anna', arrival: '2030-05-17', guests: 2, newsletter: false };
    const formio = toFormioData(SEVEN, { ...answers, unknown: 'x' });
    expect(formio).toEqual({ ...answers, arrival: '2030-05-17T00:00:00' });
    expect(
      fromFormioData(SEVEN, {
        name: 'Anna',
        wishes: '',
        arrival: '2030-05-17T00:00:00+02:00',
        guests: 2,
        newsletter: false,
        submit: true,
      }),
    ).toEqual(answers);
  });

  it('tells a reorder from any other change', () => {
    const [a, b, c] = SEVEN;
    expect(isReorder([a!, b!, c!], [b!, a!, c!])).toBe(true);
    expect(isReorder([a!, b!], [a!, b!])).toBe(false);
    expect(isReorder([a!, b!], [b!, { ...a!, label: 'Changed' }])).toBe(false);
    expect(isReorder([a!, b!], [b!])).toBe(false);
  });

  it('compares fields whatever the order of their keys (PostgreSQL stores them in its own)', () => {
    const [a, b] = SEVEN;
    // As jsonb answers a stored field: its keys in another order than the builder writes them.
    const stored = (field: FormField) =>
      Object.fromEntries(Object.entries(field).reverse()) as FormField;
    expect(isReorder([stored(a!), stored(b!)], [b!, a!])).toBe(true);
    expect(sameFields([stored(a!), stored(b!)], [a!, b!])).toBe(true);
    expect(sameFields([a!, b!], [b!, a!])).toBe(false);
    expect(sameFields([a!], [{ ...a!, label: 'Changed' }])).toBe(false);
  });
});

describe("a form's fields by the declaration's rules (client and server alike)", () => {
  const rule = fieldSchema(forms.fields.fields);
  const issues = (fields: unknown) =>
    (rule.safeParse(fields).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]);

  it('takes the seven types and drops options of a field that is not a select', () => {
    const parsed = rule.safeParse([
      ...SEVEN,
      {
        name: 'x',
        label: 'X',
        type: 'text',
        required: false,
        options: [{ value: 'a', text: 'A' }],
      },
    ]);
    expect(parsed.success).toBe(true);
    expect((parsed.data as FormField[]).at(-1)).toEqual({
      name: 'x',
      label: 'X',
      type: 'text',
      required: false,
    });
  });

  it('names each broken rule under its field and option', () => {
    expect(issues([])).toEqual([['', 'validation.required']]);
    expect(
      issues([
        { name: 'room nr', label: '', type: 'radio', required: true },
        { name: 'pillow', label: 'Pillow', type: 'select', required: false, options: [] },
        {
          name: 'Pillow',
          label: 'Pillow 2',
          type: 'select',
          required: false,
          options: [
            { value: 'soft', text: 'Soft' },
            { value: 'Soft', text: '' },
          ],
        },
      ]),
    ).toEqual([
      ['0.name', 'validation.lettersNumbersHyphens'],
      ['0.label', 'validation.required'],
      ['0.type', 'validation.invalid'],
      ['1.options', 'validation.required'],
      ['2.options.1.text', 'validation.required'],
      ['2.options.1.value', 'validation.duplicateOptionValue'],
      ['2.name', 'validation.duplicateName'],
    ]);
  });
});

const row = (over: Partial<SubmissionRow> = {}): SubmissionRow => ({
  id: 1,
  formId: 9,
  createdAt: '2026-11-20T10:15:00.000Z',
  fields: SEVEN,
  data: {
    name: '=SUM(A1:A9)',
    wishes: 'Quiet, "high" floor\nplease',
    email: 'anna@example.com',
    guests: 1234.5,
    arrival: '2030-05-17',
    newsletter: true,
    pillow: 'firm',
  },
  ...over,
});

describe('submissions as people read them', () => {
  const words = { yes: 'Yes', no: 'No', language: 'en' };

  it('shows options by their text, checkboxes as yes or no, days and numbers in the language', () => {
    expect(answerText(row(), 'pillow', words)).toBe('Firm');
    expect(answerText(row(), 'newsletter', words)).toBe('Yes');
    expect(answerText(row(), 'guests', { ...words, language: 'nl' })).toBe('1.234,5');
    expect(answerText(row(), 'arrival', words)).toBe('May 17, 2030');
    expect(answerText(row({ data: {} }), 'name', words)).toBe('');
  });

  it('has a column per field of the form, then fields only older answers have', () => {
    const now = SEVEN.slice(0, 2).map((field) => ({ ...field, label: `${field.label} now` }));
    const old = row({
      fields: [
        ...SEVEN.slice(0, 1),
        { name: 'gone', label: 'Gone', type: 'text', required: false },
      ],
    });
    expect(answerColumns(now, [old])).toEqual([
      { name: 'name', label: 'Name now' },
      { name: 'wishes', label: 'Wishes now' },
      { name: 'gone', label: 'Gone' },
    ]);
  });

  it('exports CSV with the labels as headers, quoted where needed and safe from formulas', () => {
    const csv = submissionsCsv([row()], answerColumns(SEVEN, []), {
      ...words,
      submitted: 'Submitted',
      submittedAt: (iso) => iso.slice(0, 10),
    });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, line, end] = csv.slice(1).split('\r\n');
    expect(header).toBe('Submitted,Name,Wishes,Email,Guests,Arrival,Newsletter,Pillow');
    expect(line).toBe(
      `2026-11-20,'=SUM(A1:A9),"Quiet, ""high"" floor\nplease",anna@example.com,"1,234.5","May 17, 2030",Yes,Firm`,
    );
    expect(end).toBe('');
  });
});
