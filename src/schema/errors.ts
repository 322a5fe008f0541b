/**
 * An error with an HTTP status and field messages, thrown by declared hooks and actions and by the
 * server alike; the API turns it into its JSON error body `{ message, statusCode, errors? }`.
 * Lives in the schema so declarations (pure TypeScript) can refuse a write without importing the
 * server.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 422 with one message under one field. */
export const fieldError = (field: string, text: string): ApiError =>
  new ApiError(422, 'Validation failed', { [field]: [text] });
