import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refreshDueTokens, refreshTokensOnce, STATE_TTL_MS } from '../../mock-server/apps';
import { migrations } from '../../mock-server/migrations';
import { tablesOf } from '../../mock-server/store/postgres/schema';
import { typedStore } from '../../mock-server/store/port';
import { openPostgresStore } from '../../mock-server/store/postgres/store';
import { resources } from '../../src/resources';
import { startOAuthProvider } from '../../mock-server/apps/provider';
import { resolveDataKeys, SecretBox } from '../../mock-server/store/secrets';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  MADRID,
  recordsSnapshot,
  startServer,
  storedText,
  SUPERADMIN,
  userId,
  type TestServer,
} from './helpers';

/**
 * Issue 13: connectable apps. Credentials sealed at rest and never answered, tenancy, the
 * self-connect permission for each role, the required credential fields, OAuth 2 with PKCE
 * against a real local provider (oauth2-mock-server) with each of its failures, token refresh
 * and revocation, and the Hotek area open only to hotels that connected Hotek.
 */
type Row = Record<string, unknown>;

let provider: OAuth2Server;
let server: TestServer;
let admin: string;
let amsterdam: string;
let berlin: string;
/** The seeded apps' ids, by key. */
let appIds: Map<string, number>;

beforeAll(async () => {
  provider = await startOAuthProvider(0, '127.0.0.1');
});
afterAll(async () => {
  await provider.stop();
});
beforeEach(async () => {
  server = await startServer();
  appIds = new Map((await server.data.all('apps')).map((app) => [String(app.key), app.id]));
  // The seeded OAuth app (Halo CRM) points at this test's provider.
  const url = provider.issuer.url!;
  await server.data.update('apps', appId('halo-crm'), {
    authorizeUrl: `${url}/authorize`,
    tokenUrl: `${url}/token`,
    revokeUrl: `${url}/revoke`,
  });
  [admin, amsterdam, berlin] = await Promise.all(
    [ADMIN, AMSTERDAM, BERLIN].map((email) => server.login(email)),
  );
}, 30_000);
afterEach(async () => {
  provider.service.removeAllListeners();
  await server.close();
});

const appId = (key: string) => {
  const id = appIds.get(key);
  if (id === undefined) throw new Error(`no app ${key}`);
  return id;
};
const connection = async (email: string, key: string) =>
  (
    await server.data.find('app-connections', {
      ownerId: userId(server, email),
      appId: appId(key),
    })
  )[0];
const post = (token: string, urlPath: string, json: unknown = {}) =>
  server.send('POST', urlPath, token, json);

describe('credentials', () => {
  it('are sealed in the data file, answered only as set or not, and the seed has none in clear', async () => {
    const answer = await post(berlin, `/apps/${appId('cloudstay-pms')}/connect`, {
      key: 'csp_live_BERLIN_4471',
      secret: 'sk-berlin-very-secret',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'connected',
      key: { set: true },
      secret: { set: true },
      username: { set: false },
      connectedBy: 'Lukas Schneider',
    });
    const file = await storedText(server);
    for (const clear of [
      'csp_live_BERLIN_4471',
      'sk-berlin-very-secret',
      // The seed's demo credentials and the OAuth app's client secret.
      'csp_live_4f9a2c71',
      'demo-secret-amsterdam',
      'demo-client-secret',
    ]) {
      expect(file).not.toContain(clear);
    }
    expect(String((await connection(BERLIN, 'cloudstay-pms'))!.key)).toMatch(/^enc:v1:/);

    const list = await server.send('GET', '/app-connections', berlin);
    expect(JSON.stringify(list.body)).not.toContain('enc:v1');
    const search = await server.send('GET', '/app-connections?q=csp_live', berlin);
    expect(search.body).toEqual([]);
    const catalogue = await server.send('GET', `/apps/${appId('halo-crm')}`, berlin);
    expect((catalogue.body as Row).clientSecret).toEqual({ set: true });
  });

  it('each credential field the app asks for is required, and nothing is stored without them', async () => {
    const before = await recordsSnapshot(server);
    const answer = await post(berlin, `/apps/${appId('channel-axis')}/connect`, {
      username: 'spree-loft',
      password: '   ',
    });
    expect(answer.status).toBe(422);
    expect((answer.body as { errors: Row }).errors).toEqual({
      password: ['Password is required'],
    });
    expect(await recordsSnapshot(server)).toEqual(before);
    const none = await post(berlin, `/apps/${appId('channel-axis')}/connect`, {});
    expect(Object.keys((none.body as { errors: Row }).errors).sort()).toEqual([
      'password',
      'username',
    ]);
  });

  it('a disconnect asks nothing more, keeps no credential and answers 409 when not connected', async () => {
    const id = appId('cloudstay-pms');
    const answer = await post(amsterdam, `/apps/${id}/disconnect`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'disconnected', key: { set: false } });
    const stored = (await connection(AMSTERDAM, 'cloudstay-pms'))!;
    expect(stored.key).toBeUndefined();
    expect(stored.secret).toBeUndefined();
    expect((await post(amsterdam, `/apps/${id}/disconnect`)).status).toBe(409);
  });
});

describe('tenancy', () => {
  it("a hotel reads only its own connections and can neither read nor act on another's", async () => {
    const mine = (await server.send('GET', '/app-connections', berlin)).body as Row[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row) => row.ownerId === userId(server, BERLIN))).toBe(true);
    const theirs = (await connection(AMSTERDAM, 'cloudstay-pms'))!;
    expect((await server.send('GET', `/app-connections/${theirs.id}`, berlin)).status).toBe(404);
    const forAmsterdam = await post(berlin, `/apps/${appId('send-hatch')}/connect`, {
      hotelId: userId(server, AMSTERDAM),
      key: 'x',
    });
    expect(forAmsterdam.status).toBe(403);
    expect(await connection(AMSTERDAM, 'send-hatch')).toBeUndefined();
  });

  it('connections are written by the actions only', async () => {
    const before = await recordsSnapshot(server);
    const id = (await connection(BERLIN, 'hotek'))!.id;
    const attempts = [
      await server.send('POST', '/app-connections', berlin, { appId: appId('send-hatch') }),
      await server.send('PATCH', `/app-connections/${id}`, berlin, { status: 'disconnected' }),
      await server.send('DELETE', `/app-connections/${id}`, berlin),
      await server.send('PATCH', `/app-connections/${id}`, admin, { status: 'disconnected' }),
    ];
    for (const attempt of attempts) expect([403, 405]).toContain(attempt.status);
    expect(await recordsSnapshot(server)).toEqual(before);
  });

  it('a super administrator adds an OAuth app: its client secret sealed, its OAuth fields required', async () => {
    const superAdmin = await server.login(SUPERADMIN);
    const app = {
      name: 'Concierge Chat',
      key: 'concierge-chat',
      text: { en: 'Chat with guests before they arrive.' },
      connection: 'oauth',
      authorizeUrl: 'https://auth.concierge.example/authorize',
      tokenUrl: 'https://auth.concierge.example/token',
      clientId: 'stay-console',
      clientSecret: 'cc-secret-42',
    };
    const incomplete = await server.send('POST', '/apps', superAdmin, { ...app, tokenUrl: '' });
    expect(incomplete.status).toBe(422);
    expect(Object.keys((incomplete.body as { errors: Row }).errors)).toEqual(['tokenUrl']);
    const created = await server.send('POST', '/apps', superAdmin, app);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ clientSecret: { set: true }, featured: false });
    expect(await storedText(server)).not.toContain('cc-secret-42');
    // Credential fields belong to apps that connect with credentials: not kept for this one.
    expect((created.body as Row).credentialFields).toBeUndefined();
  });

  it('only super administrators change the catalogue', async () => {
    const id = appId('send-hatch');
    expect((await server.send('PATCH', `/apps/${id}`, admin, { featured: true })).status).toBe(403);
    expect((await server.send('PATCH', `/apps/${id}`, berlin, { featured: true })).status).toBe(
      403,
    );
    const superAdmin = await server.login(SUPERADMIN);
    const changed = await server.send('PATCH', `/apps/${id}`, superAdmin, { featured: true });
    expect(changed.status).toBe(200);
    expect((await server.data.get('apps', id))!.featured).toBe(true);
  });
});

describe('app permissions', () => {
  const lockFor = async (token: string, email: string, key: string) =>
    server.send('POST', '/app-permissions', token, {
      ownerId: userId(server, email),
      appId: appId(key),
      canSelfConnect: false,
    });

  it('only administrators read and change them', async () => {
    for (const token of [berlin, amsterdam]) {
      for (const attempt of [
        await server.send('GET', '/app-permissions', token),
        await lockFor(token, BERLIN, 'channel-axis'),
      ]) {
        expect(attempt.status).toBe(403);
        expect(attempt.body).toMatchObject({
          message: 'Only administrators can manage app permissions',
        });
      }
    }
    expect((await lockFor(admin, BERLIN, 'channel-axis')).status).toBe(201);
    const superAdmin = await server.login(SUPERADMIN);
    expect((await lockFor(superAdmin, AMSTERDAM, 'channel-axis')).status).toBe(201);
    // One per hotel and app.
    expect((await lockFor(admin, BERLIN, 'channel-axis')).status).toBe(409);
  });

  it('a hotel without self-connect sees the app locked, cannot connect or disconnect it; an administrator can for it', async () => {
    expect((await lockFor(admin, BERLIN, 'channel-axis')).status).toBe(201);
    const me = (await server.send('GET', '/users/me', berlin)).body as Row;
    expect(me.lockedApps).toEqual(['channel-axis']);

    const before = await recordsSnapshot(server);
    const refused = await post(berlin, `/apps/${appId('channel-axis')}/connect`, {
      username: 'spree',
      password: 'pw-1234',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      message: 'Only an administrator can connect ChannelAxis for your hotel',
    });
    expect(await recordsSnapshot(server)).toEqual(before);

    const byAdmin = await post(admin, `/apps/${appId('channel-axis')}/connect`, {
      hotelId: userId(server, BERLIN),
      username: 'spree',
      password: 'pw-1234',
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ status: 'connected', connectedBy: 'Daniel Brooks' });
    expect((await connection(BERLIN, 'channel-axis'))!.ownerId).toBe(userId(server, BERLIN));

    const disconnect = await post(berlin, `/apps/${appId('channel-axis')}/disconnect`);
    expect(disconnect.status).toBe(403);
    // Other apps stay the hotel's to connect.
    const other = await post(berlin, `/apps/${appId('send-hatch')}/connect`, { key: 'sh-1' });
    expect(other.status).toBe(200);
    // Turned back on, the hotel disconnects it itself.
    const [permission] = await server.data.find('app-permissions', {
      ownerId: userId(server, BERLIN),
    });
    const on = await server.send('PATCH', `/app-permissions/${permission!.id}`, admin, {
      canSelfConnect: true,
    });
    expect(on.status).toBe(200);
    expect((await post(berlin, `/apps/${appId('channel-axis')}/disconnect`)).status).toBe(200);
  });

  it('an administrator acts only for hotels, and names one that exists', async () => {
    const missing = await post(admin, `/apps/${appId('send-hatch')}/connect`, {
      hotelId: 999_999,
      key: 'x',
    });
    expect(missing.status).toBe(404);
    const staff = await post(admin, `/apps/${appId('send-hatch')}/connect`, {
      hotelId: userId(server, SUPERADMIN),
      key: 'x',
    });
    expect(staff.status).toBe(404);
  });
});

describe('the Hotek area', () => {
  it('answers only hotels that connected Hotek (and administrators)', async () => {
    expect((await server.send('GET', '/timeslots', berlin)).status).toBe(200);
    expect((await post(berlin, `/apps/${appId('hotek')}/disconnect`)).status).toBe(200);
    for (const urlPath of ['/timeslots', '/bookings']) {
      const closed = await server.send('GET', urlPath, berlin);
      expect(closed.status).toBe(403);
      expect(closed.body).toMatchObject({ message: 'Connect the Hotek app to use this area' });
    }
    const me = (await server.send('GET', '/users/me', berlin)).body as Row;
    expect(me.connectedApps).not.toContain('hotek');
    // Its guest app no longer offers timeslots either.
    expect((await server.send('GET', '/public/spree-loft-berlin/timeslots')).status).toBe(404);
    expect((await server.send('GET', '/public/canal-house-amsterdam/timeslots')).status).toBe(200);
    // Amsterdam still has it; administrators see every hotel's.
    expect((await server.send('GET', '/timeslots', amsterdam)).status).toBe(200);
    expect((await server.send('GET', '/timeslots', admin)).status).toBe(200);
    // Connected again (Hotek asks no credentials), it opens again.
    expect((await post(berlin, `/apps/${appId('hotek')}/connect`)).status).toBe(200);
    expect((await server.send('GET', '/timeslots', berlin)).status).toBe(200);
    expect((await server.send('GET', '/public/spree-loft-berlin/timeslots')).status).toBe(200);
    const madrid = await server.login(MADRID);
    expect((await server.send('GET', '/users/me', madrid)).body).toMatchObject({
      connectedApps: expect.arrayContaining(['hotek']),
    });
  });
});

describe('OAuth 2 with PKCE', () => {
  /**
   * Starts a connection (keeping the cookie the start sets, as the browser does) and follows the
   * provider's redirect to the provider's consent and back.
   */
  async function startThroughProvider(token: string, body: Row = {}) {
    const start = await post(token, `/apps/${appId('halo-crm')}/authorize`, body);
    expect(start.status).toBe(200);
    const cookies = start.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    const cookie = cookies[0]!.split(';')[0]!;
    const authorize = new URL((start.body as { url: string }).url);
    const atProvider = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location')!);
    return { start, setCookie: cookies[0]!, cookie, authorize, callback };
  }

  /** The browser's way back to the callback, with the cookies it holds (`cookie`). */
  const callBack = (search: string, cookie?: string) =>
    fetch(`${server.baseUrl}/oauth/callback${search}`, {
      redirect: 'manual',
      headers: cookie ? { cookie } : {},
    });

  /** Starts a connection and follows the provider's redirect to our callback. */
  async function connectThroughProvider(token: string, body: Row = {}) {
    const { authorize, callback, cookie } = await startThroughProvider(token, body);
    // The provider sends the browser to the dashboard's proxy; the test calls the API directly.
    expect(`${callback.origin}${callback.pathname}`).toBe(
      'http://dashboard.test/api/oauth/callback',
    );
    const back = await callBack(callback.search, cookie);
    expect(back.status).toBe(303);
    return { authorize, callback, back: new URL(back.headers.get('location')!) };
  }

  it('connects: S256 challenge, a verifier that matches it, tokens sealed, back to the Apps page', async () => {
    const tokenRequests: Row[] = [];
    const issued: string[] = [];
    provider.service.on(
      'beforeResponse',
      (response: { body: Row }, req: IncomingMessage & { body: Row }) => {
        tokenRequests.push(req.body);
        issued.push(String(response.body.access_token), String(response.body.refresh_token));
      },
    );
    const { authorize, back } = await connectThroughProvider(amsterdam);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('client_id')).toBe('stay-console-demo');
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(back.href).toBe(
      `http://dashboard.test/dashboard/user/apps?oauth=connected&app=${appId('halo-crm')}`,
    );
    // The token request proved the start: its verifier hashes to the challenge sent.
    expect(tokenRequests).toHaveLength(1);
    const verifier = String(tokenRequests[0]!.code_verifier);
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(
      authorize.searchParams.get('code_challenge'),
    );
    expect(tokenRequests[0]).toMatchObject({
      grant_type: 'authorization_code',
      client_id: 'stay-console-demo',
      client_secret: 'demo-client-secret',
    });
    const stored = (await connection(AMSTERDAM, 'halo-crm'))!;
    expect(stored).toMatchObject({ status: 'connected', connectedBy: 'Eva de Vries' });
    expect(Date.parse(String(stored.expiresAt))).toBeGreaterThan(server.clock.now());
    const file = await storedText(server);
    for (const token of issued) expect(file).not.toContain(token);
    expect(file).not.toContain(verifier);
    const shown = await server.send('GET', `/app-connections/${stored.id}`, amsterdam);
    expect(shown.body).toMatchObject({ accessToken: { set: true }, refreshToken: { set: true } });
    // The state was single use.
    expect(await server.data.all('oauthStates')).toEqual([]);
  });

  it('an administrator connects a hotel and comes back to its page', async () => {
    const { back } = await connectThroughProvider(admin, { hotelId: userId(server, BERLIN) });
    expect(back.pathname).toBe(`/dashboard/user/${userId(server, BERLIN)}/edit`);
    expect(back.searchParams.get('oauth')).toBe('connected');
    expect(await connection(BERLIN, 'halo-crm')).toMatchObject({ connectedBy: 'Daniel Brooks' });
  });

  it('denied consent stores nothing and says so', async () => {
    provider.service.once('beforeAuthorizeRedirect', ({ url }: { url: URL }) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
    });
    const { back } = await connectThroughProvider(amsterdam);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      oauth: 'failed',
      reason: 'denied',
      app: String(appId('halo-crm')),
    });
    expect(await connection(AMSTERDAM, 'halo-crm')).toBeUndefined();
  });

  it('a failing token endpoint stores nothing', async () => {
    provider.service.once('beforeResponse', (response: { statusCode: number; body: Row }) => {
      response.statusCode = 500;
      response.body = { error: 'server_error' };
    });
    const { back } = await connectThroughProvider(amsterdam);
    expect(back.searchParams.get('reason')).toBe('token');
    expect(await connection(AMSTERDAM, 'halo-crm')).toBeUndefined();
  });

  it('refuses an unknown, a reused and an expired state', async () => {
    const unknown = await fetch(`${server.baseUrl}/oauth/callback?code=abc&state=forged`, {
      redirect: 'manual',
    });
    expect(new URL(unknown.headers.get('location')!).searchParams.get('reason')).toBe('state');

    const { callback, cookie } = await startThroughProvider(amsterdam);
    const search = callback.search;
    server.clock.advance(STATE_TTL_MS + 1000);
    const late = await callBack(search, cookie);
    expect(new URL(late.headers.get('location')!).searchParams.get('reason')).toBe('expired');
    const again = await callBack(search, cookie);
    expect(new URL(again.headers.get('location')!).searchParams.get('reason')).toBe('state');
    expect(await connection(AMSTERDAM, 'halo-crm')).toBeUndefined();
  });

  it('is bound to the browser that started it: the state replayed elsewhere connects nothing', async () => {
    const { setCookie, cookie, callback } = await startThroughProvider(amsterdam);
    // An HttpOnly, SameSite=Lax cookie for the callback's path only (as the browser reaches it
    // through the dashboard's /api proxy), living as long as the state.
    expect(setCookie).toMatch(/^oauth_[\w-]{16}=[\w-]{43}; /);
    expect(setCookie).toContain('Path=/api/oauth/callback');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain(`Max-Age=${STATE_TTL_MS / 1000}`);
    // Only the nonce's hash is stored.
    const nonce = cookie.split('=')[1]!;
    expect(await storedText(server)).not.toContain(nonce);
    const [state] = await server.store.find('oauthStates', {});
    expect(state!.browserHash).toBe(createHash('sha256').update(nonce).digest('base64url'));

    // Another client replays the callback: without the cookie, with another start's cookie,
    // with a forged one — refused each time, nothing connected, the state left for its browser.
    const other = await startThroughProvider(berlin);
    for (const stranger of [
      undefined,
      `${cookie.split('=')[0]}=${'x'.repeat(43)}`,
      other.cookie,
      `${other.cookie.split('=')[0]}=${nonce}`,
    ]) {
      const replay = await callBack(callback.search, stranger);
      expect(replay.status).toBe(303);
      expect(Object.fromEntries(new URL(replay.headers.get('location')!).searchParams)).toEqual({
        oauth: 'failed',
        reason: 'state',
      });
    }
    expect(await connection(AMSTERDAM, 'halo-crm')).toBeUndefined();
    expect(await server.store.find('app-connections', { appId: appId('halo-crm') })).toEqual([]);
    expect(await server.store.find('oauthStates', {})).toHaveLength(2);

    // The browser that started it still finishes it, and its cookie is cleared.
    const back = await callBack(callback.search, cookie);
    expect(new URL(back.headers.get('location')!).searchParams.get('oauth')).toBe('connected');
    expect(back.headers.getSetCookie()[0]).toMatch(
      /^oauth_[\w-]{16}=; Path=\/api\/oauth\/callback; Expires=Thu, 01 Jan 1970/,
    );
    expect(await server.store.find('app-connections', { appId: appId('halo-crm') })).toEqual([
      expect.objectContaining({ ownerId: userId(server, AMSTERDAM), status: 'connected' }),
    ]);
  });

  it('refreshes tokens before they expire, and revokes them on disconnect', async () => {
    await connectThroughProvider(amsterdam);
    const before = structuredClone((await connection(AMSTERDAM, 'halo-crm'))!);
    const secrets = new SecretBox(resolveDataKeys({ dbFile: server.config.dbFile }));
    const ctx = { store: server.store, secrets, now: server.clock.now };
    // An hour's token, 10 minutes in: not due yet.
    server.clock.advance(10 * 60 * 1000);
    expect(await refreshDueTokens(ctx)).toBe(0);
    const grants: string[] = [];
    provider.service.on('beforeResponse', (_response: unknown, req: { body: Row }) => {
      grants.push(String(req.body.grant_type));
    });
    server.clock.advance(46 * 60 * 1000);
    expect(await refreshDueTokens(ctx)).toBe(1);
    expect(grants).toEqual(['refresh_token']);
    const after = (await connection(AMSTERDAM, 'halo-crm'))!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(Date.parse(String(after.expiresAt))).toBeGreaterThan(
      Date.parse(String(before.expiresAt)),
    );

    // The provider hears of the disconnect (its revocation endpoint is called).
    const revoked = new Promise<void>((resolve) => {
      provider.service.once('beforeRevoke', () => resolve());
    });
    expect((await post(amsterdam, `/apps/${appId('halo-crm')}/disconnect`)).status).toBe(200);
    await revoked;
    expect((await connection(AMSTERDAM, 'halo-crm'))!.accessToken).toBeUndefined();
  });

  it('two refresher ticks at once, in two API processes, ask the provider once', async () => {
    await connectThroughProvider(amsterdam);
    const secrets = new SecretBox(resolveDataKeys({ dbFile: server.config.dbFile }));
    // On PostgreSQL a second store on the same database stands for a second API process; the
    // JSON file has one process, whose ticks may still overlap when a provider is slow.
    const other = server.config.databaseUrl
      ? typedStore(
          await openPostgresStore({
            url: server.config.databaseUrl,
            tables: tablesOf(resources),
            migrations,
            log: () => undefined,
          }),
        )
      : server.store;
    try {
      const grants: string[] = [];
      provider.service.on('beforeResponse', (_response: unknown, req: { body: Row }) => {
        grants.push(String(req.body.grant_type));
      });
      server.clock.advance(56 * 60 * 1000);
      const tick = (store: typeof other) =>
        refreshTokensOnce({ store, secrets, now: server.clock.now });
      const answers = await Promise.all([tick(server.store), tick(other), tick(other)]);
      expect(grants).toEqual(['refresh_token']);
      expect(answers.filter((answer) => answer === 1)).toHaveLength(1);
    } finally {
      if (other !== server.store) await other.close();
    }
  });

  it('a credentials app cannot be started through a provider, nor an OAuth app with credentials', async () => {
    expect((await post(amsterdam, `/apps/${appId('send-hatch')}/authorize`)).status).toBe(422);
    expect((await post(amsterdam, `/apps/${appId('halo-crm')}/connect`, { key: 'x' })).status).toBe(
      422,
    );
  });
});
