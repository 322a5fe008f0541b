import type { RequestHandler, Response } from 'express';
import type { AppContext } from '../context';
import { asyncMiddleware, HttpError } from '../http/errors';
import type { StoredUser } from '../store/types';
import { unauthorized } from './tokens';

export const isAdministrator = (user: StoredUser): boolean => user.isAdmin || user.isSuperAdmin;

/** The 403 for an account that may not sign in, or undefined. */
export function accountBlock(user: StoredUser): HttpError | undefined {
  if (user.status === 'banned') return new HttpError(403, 'This account is banned');
  if (user.disabled) return new HttpError(403, 'This account is disabled');
  return undefined;
}

/** The signed-in user, set by `authenticate`. */
export function currentUser(res: Response): StoredUser {
  const user: unknown = res.locals.user;
  if (!user) throw new Error('currentUser() used on a route without authenticate()');
  return user as StoredUser;
}

/** The administrator behind a "log in as" session, if any. */
export const impersonatorOf = (res: Response): number | undefined =>
  typeof res.locals.impersonatorId === 'number' ? res.locals.impersonatorId : undefined;

/**
 * Bearer-token check for every non-public route. The user is reloaded on every request, so a
 * ban, a disable or a password change takes effect on tokens already handed out.
 */
export function authenticate({ store, tokens }: AppContext): RequestHandler {
  return asyncMiddleware(async (req, res) => {
    const match = /^Bearer ([^\s]+)$/i.exec(req.headers.authorization ?? '');
    if (!match) throw unauthorized();
    const token = await tokens.verify(match[1]);
    const user = store.getUserById(token.userId);
    if (!user) throw unauthorized();
    const blocked = accountBlock(user);
    if (blocked) throw blocked;
    if (user.passwordChangedAt) {
      const changedAt = Math.floor(Date.parse(user.passwordChangedAt) / 1000);
      if (token.iat < changedAt) throw unauthorized(); // Issued before a password reset.
    }
    if (token.impersonatorId !== undefined) {
      // An impersonation ends as soon as the administrator behind it loses the right to it.
      const admin = store.getUserById(token.impersonatorId);
      if (!admin || !isAdministrator(admin) || accountBlock(admin)) throw unauthorized();
      res.locals.impersonatorId = admin.id;
    }
    res.locals.user = user;
  });
}
