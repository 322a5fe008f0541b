import type { DataProvider, GetListParams, HttpError } from '@refinedev/core';
import simpleRestProvider, {
  generateFilter,
  generateSort,
  stringify,
} from '@refinedev/simple-rest';
import axios, { AxiosHeaders, isAxiosError, type AxiosAdapter } from 'axios';
import { etagOf } from '../schema/versions';
import { noteCall } from './connection';
import { hotelHeaders } from './hotel';
import { authorization, noAnswer, retryingRead, takeEarly, toHttpError } from './http';

export { generateFilter, stringify };

/**
 * Refine's `@refinedev/simple-rest` provider (json-server 0.17's query language, docs/api.md:
 * `_start/_end` pages, `_sort/_order`, `field_ne|_gte|_lte|_like`, `q`, the total in
 * `X-Total-Count`, `id=1&id=2` for many records, PATCH for updates), wrapped as react-admin's
 * demo wraps its stock provider: it talks through our axios instance, whose interceptors add the
 * session's token and reject with the dashboard's HttpError — the server's `message` and field
 * `errors` (which simple-rest's own interceptor drops), or the spec's 'Something went wrong'.
 */

const isHttpError = (error: unknown): error is HttpError =>
  typeof error === 'object' &&
  error !== null &&
  !isAxiosError(error) &&
  typeof (error as HttpError).statusCode === 'number';

/**
 * axios's own (XMLHttpRequest) adapter, except for a GET that `fetchEarly` already started (a list's first
 * page, asked for with the page's code): that one takes the early answer instead of asking twice.
 */
const xhrAdapter = axios.getAdapter('xhr');
const earlyOrXhr: AxiosAdapter = async (config) => {
  const started =
    config.method === 'get' && config.url ? takeEarly(config.url, { method: 'GET' }) : undefined;
  if (!started) return xhrAdapter(config);
  const answer = await started;
  return {
    data: answer.data,
    status: answer.status,
    statusText: '',
    headers: new AxiosHeaders(Object.fromEntries(answer.headers.entries())),
    config,
  };
};

/** A GET the API did not answer is tried again, as the dashboard's other reads (http.ts). */
const retryingReads: AxiosAdapter = (config) =>
  config.method !== 'get'
    ? earlyOrXhr(config)
    : retryingRead(
        () => earlyOrXhr(config),
        (error) =>
          isAxiosError(error) ? (error.response?.status ?? 0) : (error as HttpError).statusCode,
        config.signal,
      );

export const httpClient = axios.create({ adapter: retryingReads });

httpClient.interceptors.request.use((config) => {
  const url = config.url ?? '';
  // simple-rest's `custom` GET joins its parts with '&' even when one is empty ('/x?&a=1&').
  config.url = url.replace('?&', '?').replace(/&{2,}/g, '&').replace(/[?&]$/, '');
  const bearer = authorization(config.url);
  if (bearer) config.headers.set('Authorization', bearer);
  // The hotel chosen, unless the call names its own ("all my hotels").
  for (const [name, value] of Object.entries(hotelHeaders()))
    if (!config.headers.has(name)) config.headers.set(name, value);
  return config;
});

/** Whether the API could be reached, for the shell's notice (connection.ts), as http.ts tells it. */
httpClient.interceptors.response.use((response) => {
  noteCall(response.config.method ?? 'get', response.status);
  return response;
}, undefined);

httpClient.interceptors.response.use(undefined, (error: unknown) => {
  // Refused before it was sent (no session) or an early answer's failure: already ours.
  if (isHttpError(error)) return Promise.reject(error);
  const response = isAxiosError(error) ? error.response : undefined;
  const cancelled = axios.isCancel(error);
  if (isAxiosError(error) && !cancelled)
    noteCall(error.config?.method ?? 'get', response?.status ?? 0);
  if (!response) return Promise.reject(noAnswer(error));
  const failure = toHttpError(response.data, response.status);
  // A limit's answer says when to try again (Retry-After, seconds): callers may tell the user.
  const retryAfter = Number(response.headers['retry-after']);
  if (retryAfter > 0) failure.retryAfter = retryAfter;
  return Promise.reject(failure);
});

/** The address of a page of records, exactly as simple-rest's getList asks for it. */
export function listAddress(
  apiUrl: string,
  { resource, pagination, filters, sorters }: Omit<GetListParams, 'meta'>,
): string {
  const { currentPage = 1, pageSize = 10, mode = 'server' } = pagination ?? {};
  const sort = generateSort(sorters);
  const query = {
    ...(mode === 'server' && {
      _start: (currentPage - 1) * pageSize,
      _end: currentPage * pageSize,
    }),
    ...(sort && { _sort: sort._sort.join(','), _order: sort._order.join(',') }),
    ...generateFilter(filters),
  };
  const text = stringify(query);
  return text ? `${apiUrl}/${resource}?${text}` : `${apiUrl}/${resource}`;
}

/**
 * A write's `meta.ifMatch` (the record's version the writer had, docs/api.md "Versions and
 * conflicts") as the `If-Match` header: the API answers 412 instead of overwriting a newer record.
 */
function withIfMatch<T extends { meta?: Record<string, unknown> }>(params: T): T {
  const version = params.meta?.ifMatch;
  if (typeof version !== 'number') return params;
  const headers = { ...(params.meta?.headers as object | undefined), 'If-Match': etagOf(version) };
  return { ...params, meta: { ...params.meta, headers } };
}

export function dataProvider(
  apiUrl: string,
): Required<Omit<DataProvider, 'createMany' | 'updateMany' | 'deleteMany'>> {
  const provider = simpleRestProvider(apiUrl, httpClient);
  return {
    ...provider,
    update: (params) => provider.update(withIfMatch(params)),
    deleteOne: (params) => provider.deleteOne(withIfMatch(params)),
  };
}
