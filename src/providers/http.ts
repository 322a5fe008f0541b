import type { HttpError } from '@refinedev/core';
import { config } from '../config';
import { i18n } from '../i18n';
import type { MessageCode } from '../schema/errors';
import { formatValues, message, resourceWords, type MessageParams } from '../schema/messages';
import type { ApiErrorBody } from '../schema/user';
import { noteCall } from './connection';
import { getToken } from './session';
import { hotelHeaders } from './hotel';

export const apiUrl = (path: string): string => `${config.apiUrl}${path}`;

/** Calls that need no session: signing in, password resets, a hotel's public guest-app data. */
const PUBLIC_PATH = /\/(auth|public)\//;

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON, or as it is when it is FormData (the browser writes the multipart header). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Added to the address's query (`undefined` values are left out). */
  params?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** 0–100 while the body is sent; fetch cannot report it, so such a call goes through XHR. */
  onUploadProgress?: (percent: number) => void;
}

export interface HttpResponse<T> {
  /** The parsed JSON body; a body that is no JSON stays text ('' when empty). */
  data: T;
  status: number;
  headers: Headers;
}

const isApiErrorBody = (data: unknown): data is ApiErrorBody =>
  typeof data === 'object' && data !== null && typeof (data as ApiErrorBody).message === 'string';

const isHttpError = (error: unknown): error is HttpError =>
  isApiErrorBody(error) && typeof (error as HttpError).statusCode === 'number';

/**
 * A coded message's values as the user reads them: dates in their language, a resource and a
 * field by their names (schema/messages resourceWords).
 */
function valuesFor(values: MessageParams = {}): MessageParams {
  const language = i18n.resolvedLanguage ?? i18n.language;
  const words = resourceWords(values, language, (key) =>
    i18n.exists(key) ? i18n.t(key) : undefined,
  );
  return { ...formatValues(values, language), ...words };
}

/** A coded message (ApiErrorBody's `code` and `values`) in the user's language. */
export const worded = (code: string, values: MessageParams): string =>
  i18n.t(code, valuesFor(values));

/**
 * The server's messages in the user's language where it sent their codes (ApiErrorBody): the
 * message in words, field messages as coded messages (`key|params`) that the forms word with
 * the field's label, like their own checks' messages. Codes this dashboard does not know keep
 * the server's English.
 */
function inUserLanguage(body: ApiErrorBody): ApiErrorBody {
  const known = (code: MessageCode | null | undefined): code is MessageCode =>
    Boolean(code && i18n.exists(code.code));
  const top = body.code === undefined ? null : { code: body.code, values: body.values ?? {} };
  const text = known(top) ? i18n.t(top.code, valuesFor(top.values)) : body.message;
  if (!body.errors || !body.errorCodes) return { ...body, message: text };
  const errors = Object.fromEntries(
    Object.entries(body.errors).map(([field, texts]) => [
      field,
      texts.map((original, index) => {
        const code = body.errorCodes?.[field]?.[index];
        return known(code) ? message(code.code, valuesFor(code.values)) : original;
      }),
    ]),
  );
  return { ...body, message: text, errors };
}

/**
 * A failed answer rejects with the server's body when it has one (its coded messages in the
 * user's language), otherwise with the text 'Something went wrong' (spec §7). Field errors
 * (`errors`) land where Refine's forms look.
 */
export function toHttpError(body: unknown, status: number): HttpError {
  if (isApiErrorBody(body)) {
    return { ...inUserLanguage(body), statusCode: body.statusCode ?? status };
  }
  return { message: i18n.t('errors.generic'), statusCode: status };
}

/** A network failure or a cancelled call: there is no answer to pass on. */
export const noAnswer = (error: unknown): HttpError =>
  isHttpError(error) ? error : { message: i18n.t('errors.generic'), statusCode: 0 };

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function withParams(url: string, params: RequestOptions['params']): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {}))
    if (value !== undefined) query.append(key, String(value));
  const text = query.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

/** The session's headers for a fetch of `url`: its token, and the hotel chosen (hotel.ts). */
export function sessionHeaders(url: string): Record<string, string> {
  const bearer = authorization(url);
  return { ...hotelHeaders(), ...(bearer ? { Authorization: bearer } : {}) };
}

/**
 * The Authorization header's value for a call to `url`. Without a session a protected call can
 * only answer 401: it is not sent (signing out from a list would otherwise fire one 401 per query
 * still on screen), this throws instead.
 */
export function authorization(url: string): string | undefined {
  const token = getToken();
  if (token) return `Bearer ${token}`;
  if (!PUBLIC_PATH.test(url))
    throw { message: i18n.t('auth.tokenExpired'), statusCode: 401 } satisfies HttpError;
  return undefined;
}

function requestHeaders(url: string, options: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined && !(options.body instanceof FormData))
    headers['Content-Type'] = 'application/json';
  const bearer = authorization(url);
  if (bearer) headers.Authorization = bearer;
  return { ...hotelHeaders(), ...headers };
}

const encodeBody = (body: unknown): string | FormData | undefined =>
  body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body);

async function viaFetch(url: string, options: RequestOptions, headers: Record<string, string>) {
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: encodeBody(options.body),
    signal: options.signal,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** XMLHttpRequest, for the one thing fetch cannot do: report upload progress. */
function viaXhr(url: string, options: RequestOptions, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'GET', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total)
        options.onUploadProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const received = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) received.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      resolve({ status: xhr.status, headers: received, text: xhr.responseText });
    };
    xhr.onerror = xhr.onabort = () => reject(new Error('network'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(encodeBody(options.body) ?? null);
  });
}

/** How long an early GET waits for its taker; later, the taker asks anew. */
const EARLY_TTL_MS = 10_000;
/** GETs started before their caller exists (a page's first data, with the page's code). */
const early = new Map<string, { token: string | null; answer: Promise<HttpResponse<unknown>> }>();

/**
 * Starts a GET now, for the first request to the same address with the same session within
 * 10 s to take: a page's first data need not wait until its code has run and drawn the page.
 */
export function fetchEarly(url: string): void {
  if (early.has(url)) return;
  const answer = request<unknown>(url);
  answer.catch(() => undefined); // the taker handles a failure
  early.set(url, { token: getToken(), answer });
  setTimeout(() => early.delete(url), EARLY_TTL_MS);
}

/** The early answer for a plain GET of `url` in this session, taken (once). */
export function takeEarly(url: string, options: RequestOptions) {
  const plain = (options.method ?? 'GET') === 'GET' && !options.params && !options.headers;
  const entry = plain ? early.get(url) : undefined;
  if (!entry) return undefined;
  early.delete(url);
  return entry.token === getToken() ? entry.answer : undefined;
}

/**
 * The one HTTP client of the dashboard: adds the bearer token, refuses protected calls without a
 * session, and rejects with an HttpError (the server's `{ message, statusCode, errors }`).
 */
export async function request<T>(url: string, options: RequestOptions = {}) {
  const started = takeEarly(url, options);
  if (started) return started as Promise<HttpResponse<T>>;
  const method = options.method ?? 'GET';
  const answer =
    method !== 'GET'
      ? requestOnce<T>(url, options)
      : retryingRead(
          () => requestOnce<T>(url, options),
          (error) => (error as HttpError).statusCode,
          options.signal,
        );
  // Whether the API could be reached, for the shell's notice. A call the page cancelled (it was
  // left) tells nothing, nor does one that never left (no session).
  return answer.then(
    (response) => {
      noteCall(method, response.status);
      return response;
    },
    (error: unknown) => {
      const status = (error as HttpError).statusCode;
      if (!options.signal?.aborted && typeof status === 'number' && getToken())
        noteCall(method, status);
      throw error;
    },
  );
}

/**
 * A read the API did not answer — no answer at all (0), or the proxy's 502/504: a process of
 * the API died with it, or is gone — is tried again after these pauses; a GET changes nothing,
 * and another process (or the same one, restarted) may answer it. Writes are never repeated.
 */
export const READ_RETRY_PAUSES_MS = [250, 1000];
const UNANSWERED = new Set([0, 502, 504]);

/** Runs a read, again after READ_RETRY_PAUSES_MS while it is not answered (`statusOf` its failure). */
export async function retryingRead<T>(
  read: () => Promise<T>,
  statusOf: (error: unknown) => number | undefined,
  signal?: { aborted?: boolean },
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      const pause = READ_RETRY_PAUSES_MS[attempt];
      const status = statusOf(error);
      if (pause === undefined || signal?.aborted || status === undefined || !UNANSWERED.has(status))
        throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

async function requestOnce<T>(url: string, options: RequestOptions): Promise<HttpResponse<T>> {
  let answer: { status: number; headers: Headers; text: string };
  try {
    const headers = requestHeaders(url, options);
    const address = withParams(url, options.params);
    answer = await (options.onUploadProgress ? viaXhr : viaFetch)(address, options, headers);
  } catch (error) {
    throw noAnswer(error);
  }
  const data = parseBody(answer.text);
  if (answer.status < 200 || answer.status >= 300) {
    const error = toHttpError(data, answer.status);
    // A limit's answer says when to try again (Retry-After, seconds): callers may tell the user.
    const retryAfter = Number(answer.headers.get('retry-after'));
    if (retryAfter > 0) error.retryAfter = retryAfter;
    throw error;
  }
  return { data: data as T, status: answer.status, headers: answer.headers } as HttpResponse<T>;
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

/** Shorthands in the shape the callers (and Refine's simple-rest before) are used to. */
export const http = {
  get: <T = unknown>(url: string, options?: Options) =>
    request<T>(url, { ...options, method: 'GET' }),
  delete: <T = unknown>(url: string, options?: Options & { body?: unknown }) =>
    request<T>(url, { ...options, method: 'DELETE' }),
  post: <T = unknown>(url: string, body?: unknown, options?: Options) =>
    request<T>(url, { ...options, body, method: 'POST' }),
  put: <T = unknown>(url: string, body?: unknown, options?: Options) =>
    request<T>(url, { ...options, body, method: 'PUT' }),
  patch: <T = unknown>(url: string, body?: unknown, options?: Options) =>
    request<T>(url, { ...options, body, method: 'PATCH' }),
};
