import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { safeParse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { ApiError as HttpError } from '../../src/schema/errors';
import type { MessageCode } from '../../src/schema/errors';
import type { ApiErrorBody } from '../../src/schema/user';
import { StoreError, type StoreFailure } from '../store/errors';
import { codeOf, word } from './wording';

/** An error with an HTTP status (the schema's ApiError: declarations throw the same class). */
export { HttpError };

/** No valid session (the engine's access rules and the token check answer it alike). */
export const unauthorized = (message = 'Unauthorized') =>
  new HttpError(401, message, undefined, { 'WWW-Authenticate': 'Bearer' });

/** What the API answers for each of the store's failures (never the database's own words). */
const STORE_ANSWERS: Readonly<Record<StoreFailure, readonly [number, string]>> = {
  unavailable: [503, 'The database is not reachable right now; try again in a moment'],
  duplicate: [409, 'Another record already has this value; it must be unique'],
  missingReference: [409, 'This change would leave a reference to a record that does not exist'],
  invalidPattern: [400, 'Invalid regular expression in a _like filter'],
  nulCharacter: [400, 'Text may not contain the NUL character (U+0000)'],
};

/** The answer for an error the API knows (its own, or the store's); undefined for the rest. */
export function answerFor(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof StoreError) return new HttpError(...STORE_ANSWERS[error.failure]);
  return undefined;
}

/**
 * The error body: coded messages worded (in English, or the error's `language`), with their codes
 * and values alongside for the dashboard to word in the user's language.
 */
export function errorBody(error: HttpError): ApiErrorBody {
  const about = { resource: error.resource, language: error.language };
  const top = codeOf(error.message);
  const body: ApiErrorBody = { message: word(error.message, about), statusCode: error.statusCode };
  if (top) Object.assign(body, top);
  if (error.errors) {
    const errors: Record<string, string[]> = {};
    const codes: Record<string, (MessageCode | null)[]> = {};
    for (const [field, texts] of Object.entries(error.errors)) {
      errors[field] = texts.map((text) => word(text, { ...about, field }));
      if (texts.some((text) => codeOf(text))) codes[field] = texts.map(codeOf);
    }
    body.errors = errors;
    if (Object.keys(codes).length) body.errorCodes = codes;
  }
  if (error.conflict) body.conflict = error.conflict;
  return body;
}

export function sendError(res: Response, error: HttpError): void {
  const body = errorBody(error);
  for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  res.status(error.statusCode).json(body);
}

/** Express 4 does not catch rejected promises; route them to the error handler. */
export const asyncHandler =
  (handler: (req: Request, res: Response) => Promise<void>): RequestHandler =>
  (req: Request, res: Response, next: NextFunction) => {
    handler(req, res).catch(next);
  };

/** Like asyncHandler, for middleware that passes on to the next handler when it succeeds. */
export const asyncMiddleware =
  (handler: (req: Request, res: Response) => Promise<void>): RequestHandler =>
  (req: Request, res: Response, next: NextFunction) => {
    handler(req, res).then(() => next(), next);
  };

/**
 * Validates a JSON body with a zod schema (classic or mini: routes' bodies and declared actions'
 * inputs alike); field errors become a 422 `{ errors: { field: [...] } }`.
 */
export function parseBody<T extends $ZodType>(schema: T, body: unknown): output<T> {
  // An empty body is allowed by the transport rules; validate it as {} so fields are reported.
  const input: unknown = body === undefined ? {} : body;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  const result = safeParse(schema, input);
  if (result.success) return result.data as output<T>;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    (errors[field] ??= []).push(issue.message);
  }
  throw new HttpError(422, 'Validation failed', errors);
}
