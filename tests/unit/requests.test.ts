import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../src/i18n';
import { http } from '../../src/providers/http';
import { MAX_RETRIES, shouldRetry } from '../../src/providers/retry';
import { clearToken, setToken } from '../../src/providers/session';
import { installFakeApi } from './fakeApi';

describe('retrying failed reads', () => {
  it('does not retry a 4xx answer: a missing record stays missing', () => {
    for (const statusCode of [400, 401, 403, 404, 409, 422]) {
      expect(shouldRetry(0, { statusCode, message: 'no' })).toBe(false);
    }
  });

  it('retries network failures and server errors a few times', () => {
    expect(shouldRetry(0, { statusCode: 0, message: 'offline' })).toBe(true);
    expect(shouldRetry(0, { statusCode: 503, message: 'busy' })).toBe(true);
    expect(shouldRetry(MAX_RETRIES, { statusCode: 503, message: 'busy' })).toBe(false);
  });
});

const api = installFakeApi();
// The client's own texts ('Something went wrong') come from the dashboard's i18n.
beforeAll(async () => {
  await initI18n();
});
afterAll(() => api.uninstall());

describe('requests without a session', () => {
  beforeEach(() => {
    clearToken();
    api.reset();
    api.answer(() => ({ status: 200, data: {} }));
  });

  it('are not sent to protected addresses (signing out fires no 401s)', async () => {
    await expect(http.get('/api/amenities?_start=0')).rejects.toEqual({
      message: 'Token expired',
      statusCode: 401,
    });
    expect(api.received).toEqual([]);
  });

  it('are sent to sign-in and public addresses', async () => {
    await http.post('/api/auth/login', {});
    await http.get('/api/public/berlin/branding');
    expect(api.received.map((request) => request.url)).toEqual([
      '/api/auth/login',
      '/api/public/berlin/branding',
    ]);
    expect(api.received[0]!.headers.Authorization).toBeUndefined();
  });
});

describe('requests with a session', () => {
  beforeEach(() => {
    setToken('t0ken');
    api.reset();
  });
  afterAll(() => clearToken());

  it('carry the bearer token, send JSON and answer the parsed body and headers', async () => {
    api.answer(() => ({ status: 200, data: { id: 7 }, headers: { 'X-Access-Token': 'fresh' } }));
    const response = await http.patch<{ id: number }>('/api/users/me', { name: 'Ada' });
    expect(response.data).toEqual({ id: 7 });
    expect(response.headers.get('x-access-token')).toBe('fresh');
    const [sent] = api.received;
    expect(sent).toMatchObject({ method: 'PATCH', url: '/api/users/me', json: { name: 'Ada' } });
    expect(sent!.headers).toMatchObject({
      Authorization: 'Bearer t0ken',
      'Content-Type': 'application/json',
    });
  });

  it('add params to the address', async () => {
    api.answer(() => ({ status: 200, data: [] }));
    await http.get('/api/public/berlin/pages', { params: { locale: 'de', skip: undefined } });
    await http.get('/api/uploads?kind=image', { params: { q: 'a b' } });
    expect(api.received.map((request) => request.url)).toEqual([
      '/api/public/berlin/pages?locale=de',
      '/api/uploads?kind=image&q=a+b',
    ]);
  });

  it('reject with the server’s error body, field errors included', async () => {
    const body = { message: 'Invalid', statusCode: 422, errors: { name: ['Required'] } };
    api.answer(() => ({ status: 422, data: body }));
    await expect(http.post('/api/amenities', {})).rejects.toEqual(body);
  });

  it('reject with the answer’s status and the generic text when the body is no API error', async () => {
    api.answer(() => ({ status: 413, data: '<html>413 Request Entity Too Large</html>' }));
    await expect(http.post('/api/uploads', {})).rejects.toEqual({
      message: 'Something went wrong',
      statusCode: 413,
    });
  });

  it('reject with status 0 and the generic text when the network fails', async () => {
    api.answer(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(http.get('/api/amenities')).rejects.toEqual({
      message: 'Something went wrong',
      statusCode: 0,
    });
  });
});
