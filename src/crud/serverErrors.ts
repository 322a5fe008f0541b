import type { HttpError } from '@refinedev/core';

/**
 * The API's field errors (422, 409) under their fields: calls `setError` with the first message
 * of each field; answers whether there were any.
 */
export function showFieldErrors(
  error: HttpError,
  setError: (name: string, message: string) => void,
): boolean {
  const entries = Object.entries(error.errors ?? {});
  for (const [name, value] of entries) {
    const first = Array.isArray(value) ? value[0] : value;
    const text = typeof first === 'string' ? first : (first as { message?: string })?.message;
    if (text) setError(name, text);
  }
  return entries.length > 0;
}

/**
 * A form submit the API refused: its field errors under their fields (`setError`, as for
 * showFieldErrors) and a toast titled `title` with the API's message.
 */
export function showSubmitError(
  failure: unknown,
  setError: (name: string, message: string) => void,
  notification: { error: (args: { message: string; description?: string }) => void },
  title: string,
): void {
  const error = failure as HttpError;
  showFieldErrors(error, setError);
  notification.error({ message: title, description: error.message });
}
