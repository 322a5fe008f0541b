/**
 * Connectable apps beyond their declarations (src/resources/apps.ts): the actions' runs, the
 * OAuth callback and token refresher, and what the session knows of a hotel's apps.
 */
export { appActions, maySelfConnect } from './connect';
export { oauthCallbackRoute, oauthStartCookie } from './routes';
export { refreshDueTokens, refreshTokensOnce, startTokenRefresher, STATE_TTL_MS } from './oauth';
import { defineServerFeature } from '../feature';
import type { TypedReader } from '../store/port';
import { appActions } from './connect';
import { startTokenRefresher } from './oauth';
import { oauthCallbackRoute, oauthStartCookie } from './routes';

const keysOf = async (store: TypedReader, appIds: unknown[]): Promise<string[]> => {
  if (!appIds.length) return [];
  const ids = appIds.filter((id): id is number => typeof id === 'number');
  return (await store.find('apps', { id: { in: ids } })).map((app) => String(app.key));
};

/** Keys of the apps a hotel has connected (the areas they open: `hotek`). */
export async function connectedAppKeys(store: TypedReader, ownerId: number): Promise<string[]> {
  const rows = await store.find('app-connections', { ownerId, status: 'connected' });
  return keysOf(
    store,
    rows.map((row) => row.appId),
  );
}

/** Keys of the apps a hotel may not connect itself (its administrator does). */
export async function lockedAppKeys(store: TypedReader, ownerId: number): Promise<string[]> {
  const rows = await store.find('app-permissions', { ownerId, canSelfConnect: false });
  return keysOf(
    store,
    rows.map((row) => row.appId),
  );
}

/**
 * Connectable apps: the actions' runs, the OAuth callback and the start's cookie; connections
 * through a provider keep fresh tokens (checked every minute).
 */
export const appsServer = defineServerFeature({
  name: 'apps',
  publicRoutes: [oauthCallbackRoute],
  routes: [oauthStartCookie],
  serverSide: (ctx) => [appActions(ctx)],
  start: startTokenRefresher,
});
