import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../src/i18n';
import { authProvider, signedInUser } from '../../src/providers/authProvider';
import { getToken, setToken } from '../../src/providers/session';
import { installFakeApi } from './fakeApi';

const b64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
/** A token the browser believes for another hour. */
const liveToken = () =>
  `${b64url({ alg: 'HS256' })}.${b64url({ sub: '3', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

const api = installFakeApi();
beforeAll(async () => {
  await initI18n();
});
afterAll(() => api.uninstall());

describe('the session survives what is not a refusal', () => {
  beforeEach(async () => {
    await authProvider.logout({});
    api.reset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('keeps the token when GET /users/me is aborted (a reload right after signing in)', async () => {
    const token = liveToken();
    setToken(token);
    api.answer(() => {
      throw new DOMException('The user aborted a request.', 'AbortError');
    });
    expect(await signedInUser()).toBeNull();
    expect(getToken()).toBe(token);
    // The next check asks again and finds the user: still signed in.
    api.answer(() => ({ status: 200, data: { id: 3, name: 'Amsterdam', email: 'a@x.nl' } }));
    expect(await authProvider.check()).toEqual({ authenticated: true });
    expect(getToken()).toBe(token);
  });

  it('keeps the token when the API answers 500 or cannot be reached, and waits for it (issue 37)', async () => {
    const token = liveToken();
    setToken(token);
    // A database outage: the check neither signs out nor sends to the sign-in page; it asks
    // again until the API answers.
    let calls = 0;
    api.answer(() =>
      ++calls === 1
        ? { status: 503, data: { message: 'The database is not reachable', statusCode: 503 } }
        : { status: 200, data: { id: 1, email: 'a@example.com', role: 'operator' } },
    );
    const answer = await authProvider.check();
    expect(answer).toEqual({ authenticated: true });
    expect(calls).toBe(2);
    expect(getToken()).toBe(token);
    await authProvider.logout({});
    setToken(token);
    api.answer(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await signedInUser()).toBeNull();
    expect(getToken()).toBe(token);
  });

  it('ends the session when the API answers 401', async () => {
    setToken(liveToken());
    api.answer(() => ({ status: 401, data: { message: 'Token expired', statusCode: 401 } }));
    const answer = await authProvider.check();
    expect(answer).toMatchObject({ authenticated: false, logout: true });
    expect(getToken()).toBeNull();
  });

  it('stays signed out when a GET /users/me asked before signing out answers after it', async () => {
    setToken(liveToken());
    let answer!: () => void;
    api.answer(({ url }) =>
      url.endsWith('/users/me')
        ? new Promise((resolve) => {
            answer = () =>
              resolve({ status: 200, data: { id: 3, name: 'Berlin', email: 'b@x.de' } });
          })
        : { status: 204, data: null },
    );
    const asked = signedInUser();
    await vi.waitFor(() => expect(api.received).toHaveLength(1));
    await authProvider.logout({});
    answer();
    // The answer belongs to the ended session: it neither comes back nor signs the user in again.
    expect(await asked).toBeNull();
    expect(await signedInUser()).toBeNull();
    expect(await authProvider.check()).toMatchObject({ authenticated: false });
  });
});
