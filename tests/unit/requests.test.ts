import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../src/providers/http';
import { MAX_RETRIES, shouldRetry } from '../../src/providers/retry';
import { clearToken } from '../../src/providers/session';

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

describe('requests without a session', () => {
  const sent: string[] = [];
  const original = http.defaults.adapter;
  beforeEach(() => {
    clearToken();
    sent.length = 0;
    const adapter: AxiosAdapter = async (config) => {
      sent.push(String(config.url));
      return { data: {}, status: 200, statusText: 'OK', headers: {}, config };
    };
    http.defaults.adapter = adapter;
  });
  afterEach(() => {
    http.defaults.adapter = original;
  });

  it('are not sent to protected addresses (signing out fires no 401s)', async () => {
    await expect(http.get('/api/amenities?_start=0')).rejects.toMatchObject({ statusCode: 401 });
    expect(sent).toEqual([]);
  });

  it('are sent to sign-in and public addresses', async () => {
    await http.post('/api/auth/login', {});
    await http.get('/api/public/berlin/branding');
    expect(sent).toEqual(['/api/auth/login', '/api/public/berlin/branding']);
  });
});
