import type { RequestHandler, Response } from 'express';
import type { AppContext } from '../context';
import { asyncMiddleware, HttpError } from '../http/errors';
import type { StoredUser } from '../store/types';
import { userById } from './accounts';
import { unauthorized } from './tokens';

export const isAdministrator = (user: StoredUser): boolean => user.isAdmin || user.isSuperAdmin;

/** The 403 for an account that may not sign in, or undefined. */
export function accountBlock(user: StoredUser): HttpError | undefined {
  if (user.status === 'banned') return new HttpError(403, 'This account is banned');
  if (user.disabled) return new HttpError(403, 'This account is disabled');
  return undefined;
}

/** The signed-in user, or null for a caller without a session (set by `identify`). */
export function actorOf(res: Response): StoredUser | null {
  const user: unknown = res.locals.user;
  if (user === undefined) throw new Error('actorOf() used on a route without identify()');
  return user as StoredUser | null;
}

/** The signed-in user; 401 for a caller without a session. */
export function currentUser(res: Response): StoredUser {
  const user = actorOf(res);
  if (!user) throw unauthorized();
  return user;
}

/** Refuses every later route to callers without a session. */
export const requireUser: RequestHandler = (_req, res, next) => {
  next(actorOf(res) ? undefined : unauthorized());
};

/** The administrator behind a "log in as" session, if any. */
export const impersonatorOf = (res: Response): number | undefined =>
  typeof res.locals.impersonatorId === 'number' ? res.locals.impersonatorId : undefined;

/**
 * Bearer-token check. A request without an Authorization header goes on as nobody (null), for
 * the routes whose declarations let guests in; a token that is there must be valid. The user is
 * reloaded on every request, so a ban, a disable or a password change takes effect on tokens
 * already handed out.
 */
export function identify({ store, tokens }: AppContext): RequestHandler {
  return asyncMiddleware(async (req, res) => {
    const header = req.headers.authorization;
    if (header === undefined) {
      res.locals.user = null;
      return;
    }
    const match = /^Bearer ([^\s]+)$/i.exec(header);
    if (!match) throw unauthorized();
    const token = await tokens.verify(match[1]);
    const user = await userById(store, token.userId);
    if (!user) throw unauthorized();
    const blocked = accountBlock(user);
    if (blocked) throw blocked;
    if (user.passwordChangedAt) {
      const changedAt = Math.floor(Date.parse(user.passwordChangedAt) / 1000);
      if (token.iat < changedAt) throw unauthorized(); // Issued before a password reset.
    }
    if (token.impersonatorId !== undefined) {
      // An impersonation ends as soon as the administrator behind it loses the right to it.
      const admin = await userById(store, token.impersonatorId);
      if (!admin || !isAdministrator(admin) || accountBlock(admin)) throw unauthorized();
      res.locals.impersonatorId = admin.id;
    }
    res.locals.user = user;
  });
}
