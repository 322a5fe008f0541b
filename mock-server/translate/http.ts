import { TranslationError, type FetchLike, type TranslatorName } from './types';

/** Builds TranslationErrors for one provider, blanking the key wherever a message might echo it. */
export function errorFactory(provider: TranslatorName, secret: string | undefined) {
  return (message: string, status?: number): TranslationError =>
    new TranslationError(
      provider,
      secret ? message.replaceAll(secret, '[redacted]') : message,
      status,
    );
}

export type MakeError = ReturnType<typeof errorFactory>;

export interface JsonAnswer {
  status: number;
  ok: boolean;
  /** The parsed body, or undefined when it is not JSON. */
  body: unknown;
}

/** Where a request went, for messages: no credentials or query string. */
const where = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
};

/**
 * POSTs JSON and reads the whole answer within timeoutMs. Only transport failures (unreachable,
 * timeout) throw here; each provider interprets statuses and bodies itself.
 */
export async function postJson(
  fetchImpl: FetchLike,
  label: string,
  makeError: MakeError,
  url: string,
  payload: unknown,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  let status: number;
  let ok: boolean;
  let text: string;
  try {
    // The signal also covers reading the body, so a server that stalls mid-answer times out too.
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
    ({ status, ok } = response);
    text = await response.text();
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw makeError(`${label} did not answer within ${timeoutMs} ms (${where(url)})`);
    }
    // Node's fetch says only "fetch failed"; the useful part (ECONNREFUSED, ENOTFOUND) is the cause.
    const cause = (error as { cause?: { message?: unknown } } | null)?.cause?.message;
    const reason = typeof cause === 'string' ? cause : String(error);
    throw makeError(`${label} could not be reached at ${where(url)}: ${reason}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status, ok, body };
}

/** A provider's own explanation (`{ [field]: "..." }`), shortened, as a suffix for messages. */
export function detail(body: unknown, field: string): string {
  const value = (body as Record<string, unknown> | null | undefined)?.[field];
  if (typeof value !== 'string' || !value.trim()) return '';
  const text = value.trim();
  return `: ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`;
}

export const isStringArray = (value: unknown, length: number): value is string[] =>
  Array.isArray(value) &&
  value.length === length &&
  value.every((item) => typeof item === 'string');
