import type { HttpError } from '@refinedev/core';
import axios, { AxiosError } from 'axios';
import { config } from '../config';
import { i18n } from '../i18n';
import type { ApiErrorBody } from '../schema/user';
import { getToken } from './session';

/**
 * The one HTTP client of the dashboard: adds the bearer token, turns failures into HttpError.
 * No baseURL: Refine's data provider already prefixes the API address; use `apiUrl()` elsewhere.
 */
export const http = axios.create();

export const apiUrl = (path: string): string => `${config.apiUrl}${path}`;

/** Calls that need no session: signing in, password resets, a hotel's public guest-app data. */
const PUBLIC_PATH = /\/(auth|public)\//;

http.interceptors.request.use((request) => {
  const token = getToken();
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  // Without a session a protected call can only answer 401: it is not sent (signing out from a
  // list would otherwise fire one 401 per query still on screen).
  else if (!PUBLIC_PATH.test(request.url ?? ''))
    throw { message: i18n.t('auth.tokenExpired'), statusCode: 401 } satisfies HttpError;
  return request;
});

const isApiErrorBody = (data: unknown): data is ApiErrorBody =>
  typeof data === 'object' && data !== null && typeof (data as ApiErrorBody).message === 'string';

/**
 * A failed call rejects with the server's body when it has one, otherwise with the text
 * 'Something went wrong' (spec §7). Field errors land where Refine's forms look for them.
 */
export function toHttpError(error: unknown): HttpError {
  // Already one (a call refused before it was sent).
  if (
    !(error instanceof AxiosError) &&
    isApiErrorBody(error) &&
    typeof error.statusCode === 'number'
  )
    return error as HttpError;
  const response = error instanceof AxiosError ? error.response : undefined;
  const body: unknown = response?.data;
  if (isApiErrorBody(body)) {
    return { ...body, statusCode: body.statusCode ?? response?.status ?? 500 };
  }
  return { message: i18n.t('errors.generic'), statusCode: response?.status ?? 0 };
}

http.interceptors.response.use(undefined, (error: unknown) => Promise.reject(toHttpError(error)));
