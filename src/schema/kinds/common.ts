import { message } from '../messages';

export const required = message('validation.required');
export const invalid = message('validation.invalid');

/** 'Required' when nothing was given, 'Invalid' for a value of the wrong kind. */
export const typeError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? required : invalid;

/** No value twice: a choice of weekdays or languages is a set. */
export const isDistinct = (values: readonly unknown[]) => new Set(values).size === values.length;

export const asString = (value: unknown) => (typeof value === 'string' ? value : String(value));
