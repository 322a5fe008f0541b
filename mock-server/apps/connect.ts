import {
  appConnections,
  apps,
  CREDENTIAL_FIELDS,
  type CredentialField,
} from '../../src/resources/apps';
import type { ConnectInput } from '../../src/resources/appInputs';
import { isAdministrator, type Actor } from '../../src/schema/access';
import { message } from '../../src/schema/messages';
import type { StoredRecord } from '../../src/schema/store';
import type { TypedReader, TypedWriter } from '../store/port';
import type { AppContext } from '../context';
import { presenter } from '../engine/present';
import { secretContext } from '../engine/secrets';
import {
  serverSide,
  type ServerAction,
  type ServerActionArgs,
  type ServerSide,
} from '../engine/service';
import { HttpError } from '../http/errors';
import { invalidFields } from '../http/messages';
import {
  BROWSER_BINDING,
  revokeTokens,
  startAuthorization,
  tokenFields,
  type TokenSet,
} from './oauth';

/**
 * The apps' actions, run by the API (the declaration in src/resources/apps.ts names them):
 * connect with credentials, disconnect, and the start of an OAuth connection. Who acts for which
 * hotel, and whether the hotel may do it itself, is decided here on every call.
 */

type Verb = 'connect' | 'disconnect';

/** The hotel an action is for: the caller's own, or the one an administrator names. */
async function hotelFor(store: TypedReader, actor: Actor, hotelId: number | undefined) {
  if (!actor) throw new HttpError(401, 'Unauthorized');
  if (hotelId === undefined || hotelId === actor.id) {
    const self = await store.get('users', actor.id);
    return self!;
  }
  if (!isAdministrator(actor)) throw new HttpError(403, 'You are not allowed to do this');
  const hotel = await store.get('users', hotelId);
  if (hotel?.role !== 'operator')
    throw new HttpError(404, 'Hotel not found', { hotelId: ['Hotel not found'] });
  return hotel;
}

/** Whether a hotel may connect and disconnect the app itself (no permission record: it may). */
export async function maySelfConnect(store: TypedReader, ownerId: number, appId: number) {
  const [permission] = await store.find('app-permissions', { ownerId, appId });
  return permission?.canSelfConnect !== false;
}

/** Refuses a hotel acting itself on an app its administrator keeps (403). */
async function checkSelfConnect(store: TypedReader, actor: Actor, app: StoredRecord, verb: Verb) {
  if (isAdministrator(actor)) return;
  if (await maySelfConnect(store, actor!.id, app.id)) return;
  const refusal =
    verb === 'connect' ? 'apiErrors.onlyAdminConnects' : 'apiErrors.onlyAdminDisconnects';
  throw new HttpError(403, message(refusal, { app: String(app.name) }));
}

const connectionOf = async (store: TypedReader, ownerId: number, appId: number) =>
  (await store.find('app-connections', { ownerId, appId }))[0];

/**
 * The hotel's count of connected apps, kept on its account (stored, so that the list of hotels
 * filters and sorts on it on both stores): counted again with each connect and disconnect.
 */
async function recountApps(tx: TypedWriter, ownerId: number): Promise<void> {
  const connectedAppCount = await tx.count('app-connections', { ownerId, status: 'connected' });
  // raw write: connectedAppCount is server-owned (read-only, counted here)
  await tx.update('users', ownerId, { connectedAppCount });
}

/** Where the connection is kept: the existing record changed, or a new one. */
async function saveConnection(
  tx: TypedWriter,
  ownerId: number,
  appId: number,
  fields: Record<string, unknown>,
  now: number,
): Promise<StoredRecord> {
  const stamp = new Date(now).toISOString();
  const existing = await connectionOf(tx, ownerId, appId);
  // raw write: in the connect action's server run (the engine's action pipeline: access, input,
  // audit): the existing connection changed, or a new one.
  const saved = await (existing
    ? tx.update('app-connections', existing.id, { ...fields, updatedAt: stamp })
    : tx.insert('app-connections', {
        ownerId,
        appId,
        ...fields,
        createdAt: stamp,
        updatedAt: stamp,
      }));
  await recountApps(tx, ownerId);
  return saved;
}

/** No credential and no token: what a disconnected app keeps (and a fresh connect starts from). */
const CLEARED: Record<string, undefined> = Object.fromEntries(
  [...CREDENTIAL_FIELDS, 'accessToken', 'refreshToken', 'expiresAt'].map((name) => [
    name,
    undefined,
  ]),
);

/** Stores a hotel's connection to an app through its provider (the OAuth callback). */
export async function connectWithTokens(
  ctx: Pick<AppContext, 'secrets'>,
  tx: TypedWriter,
  args: { ownerId: number; app: StoredRecord; actorName: string; tokens: TokenSet; now: number },
): Promise<StoredRecord> {
  const { ownerId, app, actorName, tokens, now } = args;
  return saveConnection(
    tx,
    ownerId,
    app.id,
    {
      ...CLEARED,
      ...tokenFields(ctx, tokens),
      status: 'connected',
      connectedAt: new Date(now).toISOString(),
      connectedBy: actorName,
    },
    now,
  );
}

const nameOf = async (store: TypedReader, actor: Actor) =>
  String((await store.get('users', actor!.id))?.name ?? '');

/** The runs of the `apps` declaration's actions (connect, disconnect, the OAuth start). */
export function appActions(ctx: AppContext): ServerSide {
  const show = (actor: Actor, row: StoredRecord) => presenter(appConnections, actor)(row);

  const connect: ServerAction = async ({ actor, input, record, store, now }: ServerActionArgs) => {
    const app = record!;
    const body = input as ConnectInput;
    const hotel = await hotelFor(store, actor, body.hotelId);
    await checkSelfConnect(store, actor, app, 'connect');
    if (app.connection === 'oauth') {
      throw new HttpError(422, `${String(app.name)} connects through its provider`, {
        connection: ['Continue with the provider to connect this app'],
      });
    }
    const needed = (
      Array.isArray(app.credentialFields) ? app.credentialFields : []
    ) as CredentialField[];
    // Each credential the app asks for is required (spec §5); nothing is stored otherwise.
    const errors: Record<string, string[]> = {};
    for (const name of needed) {
      if (!body[name]) {
        errors[name] = [message('validation.required')];
      }
    }
    if (Object.keys(errors).length) throw invalidFields(appConnections.name, errors);
    const credentials = Object.fromEntries(
      needed.map((name) => [
        name,
        ctx.secrets.seal(body[name]!, secretContext(appConnections, name)),
      ]),
    );
    const saved = await saveConnection(
      store,
      hotel.id,
      app.id,
      {
        ...CLEARED,
        ...credentials,
        status: 'connected',
        connectedAt: new Date(now).toISOString(),
        connectedBy: await nameOf(store, actor),
      },
      now,
    );
    return { answer: show(actor, saved) };
  };

  const disconnect: ServerAction = async ({ actor, input, record, store, now }) => {
    const app = record!;
    const hotel = await hotelFor(store, actor, (input as { hotelId?: number }).hotelId);
    await checkSelfConnect(store, actor, app, 'disconnect');
    const existing = await connectionOf(store, hotel.id, app.id);
    if (existing?.status !== 'connected') {
      throw new HttpError(409, `${String(app.name)} is not connected`);
    }
    // raw write: in the disconnect action's server run (the engine's action pipeline)
    const saved = await store.update('app-connections', existing.id, {
      ...CLEARED,
      status: 'disconnected',
      updatedAt: new Date(now).toISOString(),
    });
    await recountApps(store, hotel.id);
    return {
      answer: show(actor, saved),
      afterCommit: () => void revokeTokens(ctx, app, existing),
    };
  };

  const authorize: ServerAction = async ({ actor, input, record, store, now }) => {
    const app = record!;
    const hotelId = (input as { hotelId?: number }).hotelId;
    const hotel = await hotelFor(store, actor, hotelId);
    await checkSelfConnect(store, actor, app, 'connect');
    if (app.connection !== 'oauth') {
      throw new HttpError(422, `${String(app.name)} connects with credentials`);
    }
    // Back where it started: an administrator on the hotel's page, a hotel on its Apps page.
    const returnTo =
      hotel.id === actor!.id ? '/dashboard/user/apps' : `/dashboard/user/${hotel.id}/edit`;
    const { url, browser } = await startAuthorization(ctx, store, {
      app,
      ownerId: hotel.id,
      actorId: actor!.id,
      returnTo,
      now,
    });
    // The browser's cookie rides beside the answer (a symbol: JSON never shows it); the route
    // sets it (oauthStartCookie).
    return { answer: { url, [BROWSER_BINDING]: browser } };
  };

  return serverSide(apps, { actions: { connect, disconnect, authorize } });
}
