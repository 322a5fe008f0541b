import { accountEvent } from '../audit';
import { Router } from 'express';
import { z } from 'zod';
import { temporaryPasswordSchema } from '../../src/schema/account';
import { users } from '../../src/resources/users';
import { isLocked } from '../../src/schema/resource';
import { accountBlock, userById } from '../auth/accounts';
import { hashPassword } from '../auth/password';
import { currentUser, isAdministrator, sessionVersionOf } from '../auth/session';
import type { AppContext } from '../context';
import { recordId } from '../engine/service';
import { asyncHandler, HttpError, parseBody } from '../http/errors';
import { parseShared } from '../http/messages';
import { message } from '../../src/schema/messages';
import { findUsableVerification } from './verification';

const INVALID_LINK = 'This verification link is invalid or has expired';
const verifyBody = z.object({
  token: z.string({ error: 'Token is required' }).min(1, { error: 'Token is required' }),
});

/** `POST /auth/verify-email { token }`: the mailed link turns the account's email verified. */
export function verifyEmailRoute({ store, now, audit }: AppContext): Router {
  const router = Router();
  router.post(
    '/auth/verify-email',
    asyncHandler(async (req, res) => {
      const { token } = parseBody(verifyBody, req.body);
      const at = now();
      const link = await findUsableVerification(store, token, at);
      if (!link) throw new HttpError(400, INVALID_LINK);
      await store.transaction(async (tx) => {
        const user = await tx.get('users', link.userId);
        const open = (await tx.get('emailVerifications', link.id))?.usedAt === null;
        // A link for an address the account no longer has proves nothing about the new one.
        if (!open || !user || accountBlock(user) || user.email !== link.email) {
          throw new HttpError(400, INVALID_LINK);
        }
        const stamp = new Date(at).toISOString();
        // raw write: the server's own table of verification links
        await tx.update('emailVerifications', link.id, { usedAt: stamp });
        // raw write: proven by the followed link, the server's to set (audited below)
        await tx.update('users', user.id, { emailVerified: true, updatedAt: stamp });
        // Whoever holds the link acts as the account (a password reset's rule).
        await audit.write(tx, {
          action: 'email-verification',
          actor: { id: user.id },
          ...accountEvent(user),
          detail: user.email,
        });
      });
      res.status(204).end();
    }),
  );
  router.all('/auth/verify-email', (_req, res, next) => {
    res.setHeader('Allow', 'POST');
    next(new HttpError(405, 'Method not allowed'));
  });
  return router;
}

/**
 * `POST /users/:id/temporary-password { password }` (administrators; an administrator's account
 * only by a super administrator): the account's password becomes the given one, its sessions
 * and open reset links end, and it is marked temporary until its owner chooses their own.
 */
export function temporaryPasswordRoute({ store, now, audit }: AppContext): Router {
  const router = Router();
  router.post(
    '/users/:id/temporary-password',
    asyncHandler(async (req, res) => {
      const actor = currentUser(res);
      if (!isAdministrator(actor)) throw new HttpError(403, 'You are not allowed to do this');
      const id = recordId(req.params.id);
      const { password } = parseShared(temporaryPasswordSchema, req.body, users.name);
      const target = await userById(store, id);
      if (!target) throw new HttpError(404, 'Not found');
      // The account's own lock (users.ts), as its edit page and PATCH /users/:id read it.
      const lock = users.lock?.({ actor, record: target });
      if (isLocked(lock)) throw new HttpError(403, message(lock!.key));
      const passwordHash = await hashPassword(password);
      const stamp = new Date(now()).toISOString();
      await store.transaction(async (tx) => {
        const current = await tx.get('users', id);
        if (!current) throw new HttpError(404, 'Not found');
        for (const reset of await tx.find('passwordResets', { userId: id, usedAt: null })) {
          // raw write: the server's own table of reset links
          await tx.update('passwordResets', reset.id, { usedAt: stamp });
        }
        // raw write: a temporary password, its hash and session version are server-owned
        await tx.update('users', id, {
          passwordHash,
          passwordChangedAt: stamp,
          passwordTemporary: true,
          sessionVersion: sessionVersionOf(current) + 1,
          updatedAt: stamp,
        });
        await audit.write(tx, {
          action: 'password-change',
          actor,
          ...accountEvent(current),
          detail: 'temporary',
        });
      });
      res.status(204).end();
    }),
  );
  return router;
}
