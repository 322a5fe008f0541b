import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { ApiError as HttpError } from '../../src/schema/errors';
import type { ApiErrorBody } from '../../src/schema/user';

/** An error with an HTTP status (the schema's ApiError: declarations throw the same class). */
export { HttpError };

export function sendError(res: Response, error: HttpError): void {
  const body: ApiErrorBody = { message: error.message, statusCode: error.statusCode };
  if (error.errors) body.errors = error.errors;
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

/** Validates a JSON body with zod; field errors become a 422 `{ errors: { field: [...] } }`. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  // An empty body is allowed by the transport rules; validate it as {} so fields are reported.
  const input: unknown = body === undefined ? {} : body;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'body';
    (errors[field] ??= []).push(issue.message);
  }
  throw new HttpError(422, 'Validation failed', errors);
}
