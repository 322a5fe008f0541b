import type {
  BaseRecord,
  CreateParams,
  CrudFilter,
  CrudOperators,
  CrudSort,
  CustomParams,
  DataProvider,
  DeleteOneParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  MetaQuery,
  UpdateParams,
} from '@refinedev/core';
import { request, type HttpMethod, type RequestOptions } from './http';

/**
 * Refine's data provider over our fetch client. It speaks the wire contract of
 * `@refinedev/simple-rest` (json-server 0.17's query language, docs/api.md) without axios and
 * query-string: `_start/_end` pages, `_sort/_order`, `field`, `field_ne|_gte|_lte|_like`, `q`,
 * the total in `X-Total-Count`, `id=1&id=2` for many records, PATCH for updates.
 */

type QueryValue = unknown;
type Query = Record<string, QueryValue>;

/** encodeURIComponent that also escapes !'()* (query-string's strict mode, as simple-rest sent). */
const encode = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

function pair(key: string, value: QueryValue): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return encode(key);
  return `${encode(key)}=${encode(String(value))}`;
}

/**
 * A query string as simple-rest's `stringify` wrote it: keys sorted, an array as the key
 * repeated (`id=1&id=2`), `null` as the bare key, `undefined` left out.
 */
export function stringify(query: Query): string {
  return Object.keys(query)
    .sort()
    .flatMap((key) => {
      const value = query[key];
      return Array.isArray(value) ? value.map((item) => pair(key, item)) : [pair(key, value)];
    })
    .filter((part): part is string => part !== undefined)
    .join('&');
}

const SUFFIX: Partial<Record<CrudOperators, string>> = {
  ne: '_ne',
  gte: '_gte',
  lte: '_lte',
  contains: '_like',
};

/** Refine's filters in json-server's words: `field`, `field_ne`, `field_gte`, `field_like`, `q`. */
export function generateFilter(filters?: CrudFilter[]): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) throw new Error(`The API has no "${filter.operator}" filter`);
    const { field, operator, value } = filter;
    query[field === 'q' ? field : `${field}${SUFFIX[operator] ?? ''}`] = value;
  }
  return query;
}

/** `_sort=a,b&_order=asc,desc`, or nothing without sorters. */
export function generateSort(sorters?: CrudSort[]): { _sort: string; _order: string } | undefined {
  if (!sorters?.length) return undefined;
  return {
    _sort: sorters.map((sorter) => sorter.field).join(','),
    _order: sorters.map((sorter) => sorter.order).join(','),
  };
}

const withQuery = (url: string, query: Query) => {
  const text = stringify(query);
  return text ? `${url}?${text}` : url;
};

/** `meta.headers` and `meta.method`, which simple-rest honoured on every call, and the body. */
function fromMeta(
  meta: MetaQuery | undefined,
  fallback: HttpMethod,
  body?: unknown,
): RequestOptions {
  const method = typeof meta?.method === 'string' ? meta.method.toUpperCase() : fallback;
  return {
    method: method as HttpMethod,
    headers: meta?.headers as Record<string, string> | undefined,
    body,
  };
}

/** The address of a page of records, as getList asks for it. */
export function listAddress(
  apiUrl: string,
  { resource, pagination, filters, sorters }: Omit<GetListParams, 'meta'>,
): string {
  const { currentPage = 1, pageSize = 10, mode = 'server' } = pagination ?? {};
  const query: Query = { ...generateSort(sorters), ...generateFilter(filters) };
  if (mode === 'server') {
    query._start = (currentPage - 1) * pageSize;
    query._end = currentPage * pageSize;
  }
  return withQuery(`${apiUrl}/${resource}`, query);
}

/** The `{ data }` every method but getList answers. */
const dataOf = async <T>(url: string, options: RequestOptions) => ({
  data: (await request<T>(url, options)).data,
});

export function dataProvider(
  apiUrl: string,
): Required<Omit<DataProvider, 'createMany' | 'updateMany' | 'deleteMany'>> {
  return {
    getApiUrl: () => apiUrl,

    getList: async <TData extends BaseRecord>({ meta, ...params }: GetListParams) => {
      const { data, headers } = await request<TData[]>(
        listAddress(apiUrl, params),
        fromMeta(meta, 'GET'),
      );
      const total = Number(headers.get('x-total-count'));
      return { data, total: total || data.length };
    },

    getMany: <TData extends BaseRecord>({ resource, ids, meta }: GetManyParams) =>
      dataOf<TData[]>(withQuery(`${apiUrl}/${resource}`, { id: ids }), fromMeta(meta, 'GET')),

    getOne: <TData extends BaseRecord>({ resource, id, meta }: GetOneParams) =>
      dataOf<TData>(`${apiUrl}/${resource}/${id}`, fromMeta(meta, 'GET')),

    create: <TData extends BaseRecord, TVariables>({
      resource,
      variables,
      meta,
    }: CreateParams<TVariables>) =>
      dataOf<TData>(`${apiUrl}/${resource}`, fromMeta(meta, 'POST', variables)),

    update: <TData extends BaseRecord, TVariables>({
      resource,
      id,
      variables,
      meta,
    }: UpdateParams<TVariables>) =>
      dataOf<TData>(`${apiUrl}/${resource}/${id}`, fromMeta(meta, 'PATCH', variables)),

    deleteOne: <TData extends BaseRecord, TVariables>({
      resource,
      id,
      variables,
      meta,
    }: DeleteOneParams<TVariables>) =>
      dataOf<TData>(`${apiUrl}/${resource}/${id}`, fromMeta(meta, 'DELETE', variables)),

    custom: <TData extends BaseRecord>({
      url,
      method,
      filters,
      sorters,
      payload,
      query,
      headers: sent,
    }: CustomParams) => {
      const headers = sent as Record<string, string> | undefined;
      // As in simple-rest: a write sends the payload to the bare url; any other method is a GET
      // with the sorters, filters and query in the address.
      if (method === 'post' || method === 'put' || method === 'patch' || method === 'delete')
        return dataOf<TData>(url, {
          method: method.toUpperCase() as HttpMethod,
          headers,
          body: payload,
        });
      const search = [
        stringify(generateSort(sorters) ?? {}),
        stringify(generateFilter(filters)),
        stringify((query ?? {}) as Query),
      ].filter(Boolean);
      return dataOf<TData>(search.length ? `${url}?${search.join('&')}` : url, { headers });
    },
  };
}
