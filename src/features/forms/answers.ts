import type { FormField } from '../../resources/forms';
import { BOM, csvText } from '../../crud/csv';
import { safeCell } from '../../crud/displayText';
import { formatDate, formatNumber } from '../../schema/format';

/** A submission as the API answers it. */
export interface SubmissionRow {
  id: number;
  formId: number;
  createdAt: string;
  data: Record<string, unknown>;
  /** The form's fields when the guest submitted. */
  fields: FormField[];
  [key: string]: unknown;
}

/** A column of the submissions table and export: one per field. */
export interface AnswerColumn {
  name: string;
  label: string;
}

/**
 * The columns for a form's submissions: the form's fields as they are now, then fields only
 * older submissions have (a field since removed), labelled as those submissions knew them.
 */
export function answerColumns(
  current: readonly FormField[],
  rows: readonly SubmissionRow[],
): AnswerColumn[] {
  const columns = current.map((field) => ({ name: field.name, label: field.label }));
  const known = new Set(columns.map((column) => column.name));
  for (const row of rows) {
    for (const field of row.fields ?? []) {
      if (known.has(field.name)) continue;
      known.add(field.name);
      columns.push({ name: field.name, label: field.label });
    }
  }
  return columns;
}

/** Words the answers are shown with, in the interface language. */
export interface AnswerWords {
  yes: string;
  no: string;
  language: string;
}

/**
 * One answer as a person reads it, by the field as the guest saw it: a select's option by its
 * text, a checkbox as yes or no, a day and a number in the interface language. '' for none.
 */
export function answerText(row: SubmissionRow, name: string, words: AnswerWords): string {
  const value = row.data?.[name];
  if (value === undefined || value === null || value === '') return '';
  const field = (row.fields ?? []).find((candidate) => candidate.name === name);
  switch (field?.type) {
    case 'checkbox':
      return value === true ? words.yes : words.no;
    case 'select':
      return field.options?.find((option) => option.value === value)?.text ?? String(value);
    case 'number':
      return typeof value === 'number' ? formatNumber(value, words.language) : String(value);
    case 'date':
      return typeof value === 'string'
        ? formatDate(new Date(`${value}T00:00:00Z`), words.language, {
            dateStyle: 'medium',
            timeZone: 'UTC',
          })
        : String(value);
    default:
      return String(value);
  }
}

/**
 * The submissions as CSV: the labels as headers, one row per submission, each cell as the table
 * shows it and safe from spreadsheet formulas. Starts with a byte-order mark so spreadsheet
 * programs read it as UTF-8.
 */
export function submissionsCsv(
  rows: readonly SubmissionRow[],
  columns: readonly AnswerColumn[],
  words: AnswerWords & { submitted: string; submittedAt: (iso: string) => string },
): string {
  const header = [words.submitted, ...columns.map((column) => column.label)];
  const lines = rows.map((row) => [
    words.submittedAt(row.createdAt),
    ...columns.map((column) => answerText(row, column.name, words)),
  ]);
  return `${BOM}${csvText([header, ...lines].map((line) => line.map((cell) => safeCell(cell))))}\r\n`;
}
