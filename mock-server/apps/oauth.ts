import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TypedWriter } from '../store/port';
import type { StoredRecord } from '../../src/schema/store';
import type { AppContext } from '../context';
import { secretContext } from '../engine/secrets';
import { SecretBox } from '../store/secrets';
import type { OAuthState } from '../store/types';
import { apps, appConnections } from '../../src/resources/apps';

/**
 * OAuth 2 authorization code with PKCE (RFC 6749, RFC 7636) for apps that connect through their
 * provider: the start (a single-use state bound to the hotel and app), the token exchange of the
 * callback, the refresh before expiry and the revocation on disconnect.
 */

/** How long a started connection waits for the provider's answer. */
export const STATE_TTL_MS = 10 * 60 * 1000;
/** Tokens are refreshed when they expire within this. */
export const REFRESH_AHEAD_MS = 5 * 60 * 1000;
/** How long the API waits for a provider. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** Why a connection through the provider failed; the dashboard says each in the user's words. */
export type OAuthFailure = 'denied' | 'expired' | 'state' | 'token';

export class OAuthError extends Error {
  constructor(
    readonly reason: OAuthFailure,
    detail: string,
    readonly state?: OAuthState,
  ) {
    super(detail);
  }
}

export const hashState = (state: string): string =>
  createHash('sha256').update(state).digest('base64url');

/** The address the provider sends the browser back to (the API's callback, via the dashboard's proxy). */
export const callbackUrl = (ctx: Pick<AppContext, 'config'>): string =>
  `${ctx.config.apiPublicUrl}/oauth/callback`;

const verifierContext = 'oauthStates/codeVerifier';

/**
 * The browser that starts a connection gets an HttpOnly cookie holding a random nonce (only its
 * hash is stored on the state); the callback is honoured only from a browser that sends it back
 * (RFC 6749 §10.12), so a state replayed from another client connects nothing. One cookie per
 * started connection, named after its state, so two tabs can connect two apps at once.
 */
export const browserCookieName = (state: string): string =>
  `oauth_${hashState(state).slice(0, 16)}`;

/** The cookie's path: the callback's, as the browser reaches it (API_PUBLIC_URL). */
export const browserCookiePath = (ctx: Pick<AppContext, 'config'>): string =>
  new URL(callbackUrl(ctx)).pathname;

/** What the start hands the route to set as the browser's cookie (never part of the JSON). */
export interface BrowserBinding {
  name: string;
  value: string;
}

/** The key of an authorize answer under which the binding rides to the route (not serialised). */
export const BROWSER_BINDING = Symbol('oauth browser binding');

/**
 * Starts a connection: stores the state (as its hash) and the PKCE verifier (sealed), and
 * answers the provider's authorize address with the S256 challenge.
 */
export async function startAuthorization(
  ctx: Pick<AppContext, 'config' | 'secrets'>,
  tx: TypedWriter,
  args: { app: StoredRecord; ownerId: number; actorId: number; returnTo: string; now: number },
): Promise<{ url: string; browser: BrowserBinding }> {
  const { app, ownerId, actorId, returnTo, now } = args;
  // Started connections nobody finished are of no use once expired.
  const expired = { expiresAt: { lte: new Date(now).toISOString() } };
  // raw write: the server's own OAuth state table
  for (const old of await tx.find('oauthStates', expired)) await tx.remove('oauthStates', old.id);
  const state = randomBytes(32).toString('base64url');
  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const nonce = randomBytes(32).toString('base64url');
  // raw write: the server's own OAuth state table
  await tx.insert('oauthStates', {
    stateHash: hashState(state),
    browserHash: hashState(nonce),
    ownerId,
    appId: app.id,
    actorId,
    codeVerifier: ctx.secrets.seal(verifier, verifierContext),
    returnTo,
    expiresAt: new Date(now + STATE_TTL_MS).toISOString(),
    createdAt: new Date(now).toISOString(),
  });
  const url = new URL(String(app.authorizeUrl));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', String(app.clientId));
  url.searchParams.set('redirect_uri', callbackUrl(ctx));
  if (typeof app.scopes === 'string' && app.scopes.trim()) {
    url.searchParams.set('scope', app.scopes.trim());
  }
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return { url: url.href, browser: { name: browserCookieName(state), value: nonce } };
}

const sameHash = (a: string, b: unknown): boolean =>
  typeof b === 'string' && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Takes a state out of the store (single use): the one it names, and only for the browser that
 * started it (`nonce`: its cookie). From another browser it is refused and left as it was, so a
 * replay neither connects nor spends the hotel's own connection.
 */
export async function takeState(
  tx: TypedWriter,
  state: unknown,
  nonce: string | undefined,
): Promise<OAuthState> {
  if (typeof state !== 'string' || state === '') {
    throw new OAuthError('state', 'The provider sent no state');
  }
  const [found] = await tx.find('oauthStates', { stateHash: hashState(state) });
  if (!found) throw new OAuthError('state', 'Unknown or already used state');
  if (!nonce || !sameHash(hashState(nonce), found.browserHash)) {
    throw new OAuthError('state', 'The callback came from a browser that did not start it');
  }
  // raw write: the server's own OAuth state table
  await tx.remove('oauthStates', found.id);
  return found;
}

/** Refuses a state older than STATE_TTL_MS (checked once its removal is stored). */
export function checkFresh(state: OAuthState, now: number): void {
  if (Date.parse(state.expiresAt) <= now) {
    throw new OAuthError('expired', 'The connection took longer than 10 minutes', state);
  }
}

export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  /** ISO time, when the provider said how long the token lives. */
  expiresAt?: string;
}

/** The app's client secret, opened (OAuth apps keep it as a secret field). */
const clientSecretOf = (ctx: Pick<AppContext, 'secrets'>, app: StoredRecord): string | undefined =>
  SecretBox.isSealed(app.clientSecret)
    ? ctx.secrets.open(app.clientSecret, secretContext(apps, 'clientSecret'))
    : undefined;

/** Calls a provider's token endpoint with a form body; any failure is the reason `token`. */
async function tokenRequest(
  ctx: Pick<AppContext, 'secrets'>,
  app: StoredRecord,
  params: Record<string, string>,
  now: number,
): Promise<TokenSet> {
  const body = new URLSearchParams({ ...params, client_id: String(app.clientId) });
  const secret = clientSecretOf(ctx, app);
  if (secret) body.set('client_secret', secret);
  let answer: Record<string, unknown>;
  try {
    const response = await fetch(String(app.tokenUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`The token endpoint answered ${response.status}`);
    answer = (await response.json()) as Record<string, unknown>;
  } catch (error) {
    throw new OAuthError('token', (error as Error).message);
  }
  if (typeof answer.access_token !== 'string' || answer.access_token === '') {
    throw new OAuthError('token', 'The token endpoint sent no access token');
  }
  const lifetime = Number(answer.expires_in);
  return {
    accessToken: answer.access_token,
    refreshToken: typeof answer.refresh_token === 'string' ? answer.refresh_token : undefined,
    expiresAt:
      Number.isFinite(lifetime) && lifetime > 0
        ? new Date(now + lifetime * 1000).toISOString()
        : undefined,
  };
}

/** Exchanges the callback's code for tokens, proving the start with the PKCE verifier. */
export function exchangeCode(
  ctx: Pick<AppContext, 'config' | 'secrets'>,
  app: StoredRecord,
  state: OAuthState,
  code: string,
  now: number,
): Promise<TokenSet> {
  return tokenRequest(
    ctx,
    app,
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: callbackUrl(ctx),
      code_verifier: ctx.secrets.open(state.codeVerifier, verifierContext),
    },
    now,
  );
}

const seal = (ctx: Pick<AppContext, 'secrets'>, field: string, value: string) =>
  ctx.secrets.seal(value, secretContext(appConnections, field));

/** The connection's fields for a token set (sealed). */
export const tokenFields = (
  ctx: Pick<AppContext, 'secrets'>,
  tokens: TokenSet,
): Record<string, unknown> => ({
  accessToken: seal(ctx, 'accessToken', tokens.accessToken),
  refreshToken: tokens.refreshToken ? seal(ctx, 'refreshToken', tokens.refreshToken) : undefined,
  expiresAt: tokens.expiresAt,
});

const openToken = (
  ctx: Pick<AppContext, 'secrets'>,
  connection: StoredRecord,
  field: 'accessToken' | 'refreshToken',
): string | undefined =>
  SecretBox.isSealed(connection[field])
    ? ctx.secrets.open(connection[field], secretContext(appConnections, field))
    : undefined;

/**
 * Refreshes every connected OAuth connection whose token expires within REFRESH_AHEAD_MS and
 * has a refresh token. A refused refresh leaves the connection as it is (it is tried again).
 * Answers how many were refreshed.
 */
export async function refreshDueTokens(
  ctx: Pick<AppContext, 'store' | 'secrets' | 'now'>,
): Promise<number> {
  const now = ctx.now();
  const soon = new Date(now + REFRESH_AHEAD_MS).toISOString();
  const due = (
    await ctx.store.find('app-connections', { status: 'connected', expiresAt: { lte: soon } })
  ).filter(
    (row) =>
      typeof row.expiresAt === 'string' &&
      Date.parse(row.expiresAt) - now <= REFRESH_AHEAD_MS &&
      SecretBox.isSealed(row.refreshToken),
  );
  let refreshed = 0;
  for (const connection of due) {
    const [app] = await ctx.store.find('apps', { id: connection.appId as number });
    const refreshToken = openToken(ctx, connection, 'refreshToken');
    if (!app || !refreshToken) continue;
    try {
      const tokens = await tokenRequest(
        ctx,
        app,
        { grant_type: 'refresh_token', refresh_token: refreshToken },
        now,
      );
      // A provider that rotates refresh tokens sends a new one; else the old one stays valid.
      const fields = tokenFields(ctx, { refreshToken, ...tokens });
      await ctx.store.transaction((tx) =>
        // raw write: a connection's tokens are server-owned (sealed, never a form's)
        tx.update('app-connections', connection.id, {
          ...fields,
          updatedAt: new Date(now).toISOString(),
        }),
      );
      refreshed += 1;
    } catch (error) {
      console.warn(`Refreshing the tokens of connection ${connection.id} failed:`, error);
    }
  }
  return refreshed;
}

/**
 * One tick of the refresher: refreshes the due tokens unless another tick runs right now, in this
 * process or (on PostgreSQL) in another API process on the same database; answers how many it
 * refreshed, or undefined when it left the job to that other tick.
 */
export const refreshTokensOnce = (
  ctx: Pick<AppContext, 'store' | 'secrets' | 'now'>,
): Promise<number | undefined> => ctx.store.exclusive('oauth-refresh', () => refreshDueTokens(ctx));

/** Every minute, refreshes the tokens that are about to expire (stopped by close()). */
export function startTokenRefresher(ctx: AppContext): { stop(): void } {
  const timer = setInterval(() => void refreshTokensOnce(ctx).catch(() => undefined), 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * Asks the provider to revoke a disconnected connection's tokens (RFC 7009), where it offers
 * it; best effort after the disconnect is stored: the tokens are gone from here either way.
 */
export async function revokeTokens(
  ctx: Pick<AppContext, 'secrets'>,
  app: StoredRecord,
  connection: StoredRecord,
): Promise<void> {
  if (typeof app.revokeUrl !== 'string' || app.revokeUrl === '') return;
  for (const field of ['refreshToken', 'accessToken'] as const) {
    const token = openToken(ctx, connection, field);
    if (!token) continue;
    const body = new URLSearchParams({
      token,
      token_type_hint: field === 'accessToken' ? 'access_token' : 'refresh_token',
      client_id: String(app.clientId),
    });
    const secret = clientSecretOf(ctx, app);
    if (secret) body.set('client_secret', secret);
    try {
      await fetch(app.revokeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
    } catch (error) {
      console.warn(`Revoking a token at ${app.revokeUrl} failed:`, error);
    }
  }
}
