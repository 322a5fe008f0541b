/** How many times a failed read is tried again: network failures and 5xx answers only. */
export const MAX_RETRIES = 2;

/**
 * A 4xx answer will not change on a second try (a missing record stays missing, a refused one
 * refused): no retry. A network failure or a server error gets MAX_RETRIES more tries.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < MAX_RETRIES;
}
