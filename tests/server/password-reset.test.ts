import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLatestMail } from '../../mock-server/auth/mailer';
import type { ApiErrorBody } from '../../src/schema/user';
import type { PasswordReset } from '../../mock-server/store/types';
import {
  AMSTERDAM,
  BERLIN,
  PASSWORD,
  recordsSnapshot,
  startServer,
  userId,
  type TestServer,
} from './helpers';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

const forgot = (email: unknown) =>
  server.request('POST', '/auth/forgot-password', { json: { email } });
const reset = (token: string, password: string) =>
  server.request('POST', '/auth/reset-password', { json: { token, password } });
const login = (email: string, password: string) =>
  server.request('POST', '/auth/login', { json: { email, password } });

/** Requests a reset link for `email` and returns the token from the mailed link. */
async function mailedToken(email: string): Promise<string> {
  expect((await forgot(email)).status).toBe(204);
  const mail = readLatestMail(server.config.mailOutbox, email);
  expect(mail).toBeDefined();
  const match = /http:\/\/dashboard\.test\/auth\/new-password\?token=([\w-]+)/.exec(mail!.text);
  expect(match).not.toBeNull();
  return match![1];
}

describe('POST /auth/forgot-password', () => {
  it('answers 204 for an unknown email and writes no mail', async () => {
    const response = await forgot('nobody@example.com');
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const files = fs.existsSync(server.config.mailOutbox)
      ? fs.readdirSync(server.config.mailOutbox)
      : [];
    expect(files).toEqual([]);
    expect(await server.data.all('passwordResets')).toEqual([]);
  });

  it('validates the email (422)', async () => {
    const response = await forgot('not-an-email');
    expect(response.status).toBe(422);
    expect(((await response.json()) as ApiErrorBody).errors?.email).toEqual([
      'Email must be a valid email address',
    ]);
  });

  it('mails a link and stores only the hash of its token, valid for one hour', async () => {
    const token = await mailedToken(AMSTERDAM);
    const mail = readLatestMail(server.config.mailOutbox, AMSTERDAM)!;
    expect(mail.subject).toBe('Reset your password');
    expect(mail.to).toBe(AMSTERDAM);
    expect(mail.html).toContain(`href="http://dashboard.test/auth/new-password?token=${token}"`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const [stored] = (await server.data.all('passwordResets')) as unknown as PasswordReset[];
    expect(stored!.userId).toBe(userId(server, AMSTERDAM));
    expect(stored!.usedAt).toBeNull();
    expect(stored!.tokenHash).not.toContain(token);
    expect(JSON.stringify(await recordsSnapshot(server))).not.toContain(token);
    expect(Date.parse(stored!.expiresAt) - Date.parse(stored!.createdAt)).toBe(60 * 60 * 1000);
  });

  it('sends nothing for a banned account, still answering 204', async () => {
    await server.data.update('users', userId(server, BERLIN), { status: 'banned' });
    expect((await forgot(BERLIN)).status).toBe(204);
    expect(readLatestMail(server.config.mailOutbox, BERLIN)).toBeUndefined();
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password once and revokes older sessions', async () => {
    const oldSession = await server.login(AMSTERDAM);
    const token = await mailedToken(AMSTERDAM);
    // Tokens are compared in whole seconds: let the old session be strictly older.
    server.clock.advance(2000);

    expect((await reset(token, 'new-password-1')).status).toBe(204);
    expect((await login(AMSTERDAM, 'new-password-1')).status).toBe(200);
    expect((await login(AMSTERDAM, PASSWORD)).status).toBe(401);

    const again = await reset(token, 'another-password');
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      message: 'This reset link is invalid or has expired',
      statusCode: 400,
    });
    expect((await login(AMSTERDAM, 'new-password-1')).status).toBe(200);

    expect((await server.request('GET', '/users/me', { token: oldSession })).status).toBe(401);

    const user = await server.data.one('users', { email: AMSTERDAM });
    expect(user.passwordChangedAt).toBe(new Date(server.clock.now()).toISOString());
    expect((await server.data.all('passwordResets'))[0]!.usedAt).not.toBeNull();
  });

  it('refuses an expired link', async () => {
    const token = await mailedToken(AMSTERDAM);
    server.clock.advance(60 * 60 * 1000 + 1000);
    const response = await reset(token, 'new-password-1');
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).message).toBe(
      'This reset link is invalid or has expired',
    );
    expect((await login(AMSTERDAM, PASSWORD)).status).toBe(200);
  });

  it('refuses an unknown token', async () => {
    expect((await reset('made-up-token', 'new-password-1')).status).toBe(400);
  });

  it('validates the new password (422, spec message)', async () => {
    const token = await mailedToken(AMSTERDAM);
    const short = await reset(token, 'short');
    expect(short.status).toBe(422);
    expect(((await short.json()) as ApiErrorBody).errors).toEqual({
      password: ['Password must be at least 8 characters'],
    });
    const missing = await server.request('POST', '/auth/reset-password', { json: { token } });
    expect(((await missing.json()) as ApiErrorBody).errors?.password).toEqual([
      'Password is required',
    ]);
    // The link was not consumed by the failed attempts.
    expect((await reset(token, 'new-password-1')).status).toBe(204);
  });

  it('invalidates the other open links of the account', async () => {
    const first = await mailedToken(AMSTERDAM);
    const second = await mailedToken(AMSTERDAM);
    expect(first).not.toBe(second);
    expect((await reset(second, 'new-password-1')).status).toBe(204);
    expect((await reset(first, 'new-password-2')).status).toBe(400);
  });
});
