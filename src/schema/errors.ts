import type { MessageParams } from './messages';
import type { VersionConflict } from './versions';

/**
 * A message as a code and values (spec: server messages are worded where they are read): an i18n
 * key of the dashboard's catalogues and what fills it in. Moments are ISO 8601 strings, days
 * `YYYY-MM-DD`; `weekday` is one of `mon` … `sun`, `weekdays` a comma-separated list of them; `resource` and `field`
 * together name a field, read as its label.
 */
export interface MessageCode {
  code: string;
  values: MessageParams;
}

/**
 * An error with an HTTP status and field messages, thrown by declared hooks and actions and by the
 * server alike; the API turns it into its JSON error body `{ message, statusCode, errors? }`.
 * Lives in the schema so declarations (pure TypeScript) can refuse a write without importing the
 * server. The message and the field messages may be plain English or coded (`message(key,
 * params)` of schema/messages): the API words coded ones (in English, or in `language`) and
 * answers their codes and values too.
 */
export class ApiError extends Error {
  /** The resource whose fields the field messages are about (their labels in the wording). */
  resource?: string;
  /** The language the answer is worded in (the public form API: the form's); else English. */
  language?: string;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** A `412`'s account of what changed meanwhile (the body's `conflict`). */
    readonly conflict?: VersionConflict,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 422 with one message under one field. */
export const fieldError = (field: string, text: string): ApiError =>
  new ApiError(422, 'Validation failed', { [field]: [text] });
