import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../mock-server/auth/throttle';
import { AMSTERDAM, PASSWORD, startServer, type TestServer } from './helpers';

/**
 * README "Sign-in limits": the dashboard's proxy (npm start, npm run dev) forwards the browser's
 * address, which the API believes from loopback only, so the limits count per browser.
 */
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const signIn = (password: string, forwardedFor: string) =>
  server!.request('POST', '/auth/login', {
    json: { email: AMSTERDAM, password },
    headers: { 'X-Forwarded-For': forwardedFor },
  });

describe('limits behind the dashboard proxy', () => {
  it('count each forwarded browser address on its own', async () => {
    server = await startServer();
    for (let i = 0; i < LOGIN_LIMITS.maxFailuresPerPair; i += 1) {
      expect((await signIn('wrong-password', '203.0.113.7')).status).toBe(401);
    }
    // The attacker's browser is stopped; the owner's browser behind the same proxy is not.
    expect((await signIn(PASSWORD, '203.0.113.7')).status).toBe(429);
    expect((await signIn(PASSWORD, '198.51.100.20')).status).toBe(200);
  });
});
