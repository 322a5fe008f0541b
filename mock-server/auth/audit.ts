import type { RequestHandler, Response } from 'express';
import type { TypedReader } from '../store/port';
import type { AppContext } from '../context';
import { asyncMiddleware, HttpError } from '../http/errors';
import type { Impersonation, StoredUser } from '../store/types';
import { accountEvent } from '../audit';
import { actorOf, impersonationIdOf, impersonatorOf } from './session';

/**
 * The audit trail of "log in as" (the server's `impersonations` collection, never served): every
 * attempt, allowed or refused, with the real chain of who logged in as whom, and every write
 * made in a session a login-as started, with the administrator acting behind it.
 */

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Who is behind a session, from the real administrator to its user: `[user]` for one's own
 * sign-in, `[admin, user]` for a login-as, `[super admin, admin, user]` when an impersonated
 * administrator logged in as someone again (read from the login-as record the token names).
 */
export async function sessionChain(store: TypedReader, res: Response, user: StoredUser) {
  const impersonatorId = impersonatorOf(res);
  if (impersonatorId === undefined) return { chain: [user.id], viaId: null };
  const viaId = impersonationIdOf(res) ?? null;
  const via =
    viaId === null
      ? undefined
      : ((await store.get('impersonations', viaId)) as Impersonation | undefined);
  const chain = via?.chain && via.chain.at(-1) === user.id ? via.chain : [impersonatorId, user.id];
  return { chain, viaId: via ? viaId : null };
}

/** Records a login-as attempt; answers the record (its id goes into an allowed session's token). */
export async function recordLoginAs(
  { store, now, audit }: Pick<AppContext, 'store' | 'now' | 'audit'>,
  res: Response,
  caller: StoredUser,
  attempt: { userId: number | null; refusal?: HttpError },
): Promise<Impersonation> {
  const { chain, viaId } = await sessionChain(store, res, caller);
  const { userId, refusal } = attempt;
  const full = userId === null ? chain : [...chain, userId];
  return await store.transaction(async (tx) => {
    // raw write: the server's own login-as records
    const record = await tx.insert('impersonations', {
      kind: 'login-as',
      outcome: refusal ? 'refused' : 'allowed',
      adminId: caller.id,
      userId,
      actingAdminId: full[0],
      chain: full,
      viaId,
      ...(refusal ? { statusCode: refusal.statusCode, reason: refusal.message } : {}),
      at: new Date(now()).toISOString(),
    });
    // The audit log's entry: who, as whom, behind whom (the whole chain, the target last).
    const target = userId === null ? undefined : await tx.get('users', userId);
    await audit.write(tx, {
      action: refusal ? 'login-as-refused' : 'login-as',
      actor: caller,
      chain: target ? full : chain,
      ...accountEvent(target, userId),
      detail: refusal?.message,
    });
    return record;
  });
}

/**
 * Middleware (after `identify`): a write in a login-as session is recorded before it runs, with
 * the administrator acting behind the session, and gets its answer's status once answered. The
 * login-as itself is recorded by its route.
 */
export function auditImpersonatedWrites(ctx: Pick<AppContext, 'store' | 'now'>): RequestHandler {
  const { store, now } = ctx;
  return asyncMiddleware(async (req, res) => {
    const user = actorOf(res);
    const impersonatorId = impersonatorOf(res);
    if (!user || impersonatorId === undefined || !WRITES.has(req.method)) return;
    if (req.path === '/auth/login-as') return;
    const { chain, viaId } = await sessionChain(store, res, user);
    const row = await store.transaction((tx) =>
      // raw write: the server's own login-as records
      tx.insert('impersonations', {
        kind: 'write',
        adminId: impersonatorId,
        userId: user.id,
        actingAdminId: chain[0],
        chain,
        viaId,
        method: req.method,
        path: req.path,
        at: new Date(now()).toISOString(),
      }),
    );
    res.once('finish', () => {
      void store
        // raw write: the server's own login-as records
        .transaction((tx) => tx.update('impersonations', row.id, { statusCode: res.statusCode }))
        .catch((error: unknown) => console.error('Could not record a write’s status:', error));
    });
  });
}
