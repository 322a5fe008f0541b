import { bearerOf, sessionIdOf } from '../events/streams';
import { Router } from 'express';
import { z } from 'zod';
import { NEW_PASSWORD_MIN } from '../../src/schema/user';
import { composeMail, sendLater } from '../auth/mailer';
import { hashPassword, verifyPassword } from '../auth/password';
import { createPasswordReset, findUsableReset } from '../auth/resets';
import { accountBlock, joinHotels, userByEmail, userById } from '../auth/accounts';
import {
  currentUser,
  hotelsOf,
  impersonatorOf,
  impersonatorVersionOf,
  isAdministrator,
  NO_HOTEL,
  sessionVersionOf,
} from '../auth/session';
import { recordLoginAs } from '../auth/audit';
import { accountEvent } from '../audit';
import { clientAddress } from '../http/rateLimit';
import type { AppContext } from '../context';
import { afterAnswer } from '../http/afterAnswer';
import { asyncHandler, HttpError, parseBody } from '../http/errors';
import type { StoredUser } from '../store/types';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../src/schema/email';

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required', abort: true })
  .max(EMAIL_MAX_LENGTH, { error: 'Email must be a valid email address', abort: true })
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'Email must be a valid email address' }));

const requiredPassword = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required', abort: true });

const loginBody = z.object({ email, password: requiredPassword });
const forgotBody = z.object({ email });
const resetBody = z.object({
  token: z.string({ error: 'Token is required' }).min(1, { error: 'Token is required' }),
  password: requiredPassword.min(NEW_PASSWORD_MIN, {
    error: `Password must be at least ${NEW_PASSWORD_MIN} characters`,
  }),
});
const userIdParam = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) ||
  (typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value));
const loginAsBody = z.object({
  // A number, or a numeric string as some clients send ids.
  id: z.custom<number | string>(userIdParam, { error: 'A user id is required' }).transform(Number),
});

const PUBLIC_AUTH_PATHS = ['/auth/login', '/auth/forgot-password', '/auth/reset-password'];
const INVALID_CREDENTIALS = 'Invalid email or password';
const INVALID_RESET = 'This reset link is invalid or has expired';

/** Sign-in, forgot-password and reset-password: the only routes reachable without a token. */
export function publicAuthRoutes(ctx: AppContext): Router {
  const { store, tokens, throttle, mailer, config, now, audit } = ctx;
  const router = Router();
  /** A refused sign-in is logged (about the account when the address names one) and answered. */
  const refuseSignIn = async (error: HttpError, account?: StoredUser): Promise<never> => {
    await audit.record(store, {
      action: 'sign-in-failed',
      actor: null,
      ...accountEvent(account as Row | undefined),
      detail: error.message,
    });
    throw error;
  };
  // Compared against when the email is unknown, so both failures take the same time.
  const dummyHash = hashPassword('not-a-real-password');

  router.post(
    '/auth/login',
    asyncHandler(async (req, res) => {
      const body = parseBody(loginBody, req.body);
      // 429 at the limits; otherwise counted as a failure until the password proves right.
      const attempt = await throttle.beginSignIn(body.email, clientAddress(req.ip));
      const user = await userByEmail(store, body.email);
      const valid = await verifyPassword(body.password, user?.passwordHash ?? (await dummyHash));
      if (!user || !valid) return refuseSignIn(new HttpError(401, INVALID_CREDENTIALS), user);
      // Hashing takes a while: a reset, ban or role change that finished meanwhile wins, so the
      // token is issued only for the version read before hashing if it is still the current one.
      const current = await userById(store, user.id);
      const unchanged =
        current?.passwordHash === user.passwordHash &&
        sessionVersionOf(current) === sessionVersionOf(user);
      if (!current || !unchanged) {
        return refuseSignIn(new HttpError(401, INVALID_CREDENTIALS), current ?? user);
      }
      await attempt.succeeded();
      const blocked = accountBlock(current);
      if (blocked) return refuseSignIn(blocked, current);
      // A person removed from every hotel has nothing to sign in to.
      if (!isAdministrator(current) && (await hotelsOf(store, current)).length === 0) {
        return refuseSignIn(new HttpError(403, NO_HOTEL), current);
      }
      // The list of hotels shows the last sign-in, and a first one takes up the invitation.
      const signedInAt = new Date(now()).toISOString();
      await store.transaction(async (tx) => {
        // raw write: lastSignInAt and invitation are server-owned (read-only, set by sign-in)
        await tx.update('users', current.id, { lastSignInAt: signedInAt, invitation: 'accepted' });
        await joinHotels(tx, current.id, signedInAt);
        await audit.write(tx, {
          action: 'sign-in',
          actor: current,
          ...accountEvent(current),
        });
      });
      res.json({
        accessToken: await tokens.sign(current.id, { sv: sessionVersionOf(current) }),
      });
    }),
  );

  /** A forgot-password request's work, after its answer: a link for an account that may have one. */
  async function mailResetLink(email: string, mayMail: boolean, at: number): Promise<void> {
    const user = await userByEmail(store, email);
    if (!mayMail || !user || accountBlock(user)) return;
    const token = await createPasswordReset(store, user.id, at);
    const mail = resetMail(user, `${config.appUrl}/auth/new-password?token=${token}`);
    sendLater(mailer, mail, 'password reset', user.id);
  }

  router.post(
    '/auth/forgot-password',
    asyncHandler(async (req, res) => {
      const body = parseBody(forgotBody, req.body);
      // 429 for an address over its limit; an email over its own gets nothing, silently.
      const mayMail = await throttle.allowResetMail(body.email, clientAddress(req.ip));
      // Same answer, in the same time, whether or not the account exists, so emails cannot be
      // probed: the answer goes first and the lookup, the stored link and the mail come after
      // it, for every email alike.
      res.status(204).end();
      const at = now();
      afterAnswer('A password reset request', () => mailResetLink(body.email, mayMail, at));
    }),
  );

  router.post(
    '/auth/reset-password',
    asyncHandler(async (req, res) => {
      const body = parseBody(resetBody, req.body);
      const at = now();
      const reset = await findUsableReset(store, body.token, at);
      const user = reset && (await userById(store, reset.userId));
      // A banned or disabled account cannot take itself back through a reset link.
      if (!reset || !user || accountBlock(user)) throw new HttpError(400, INVALID_RESET);
      const passwordHash = await hashPassword(body.password);
      const stamp = new Date(at).toISOString();
      await store.transaction(async (tx) => {
        // Re-check inside the write: a concurrent request may have used the token, or the
        // account been blocked, meanwhile.
        const current = await tx.get('users', user.id);
        const open = (await tx.get('passwordResets', reset.id))?.usedAt === null;
        if (!open || !current || accountBlock(current)) throw new HttpError(400, INVALID_RESET);
        // Single use; any other open link for the same account dies with it.
        for (const other of await tx.find('passwordResets', { userId: user.id, usedAt: null })) {
          // raw write: the server's own table of reset links
          await tx.update('passwordResets', other.id, { usedAt: stamp });
        }
        // A new session version ends every session of the account (see identify).
        // The link reached the account's mailbox: its address is proven (an invitation's too).
        // raw write: the password hash, session version and invitation are server-owned
        await tx.update('users', user.id, {
          passwordHash,
          passwordChangedAt: stamp,
          passwordTemporary: false,
          emailVerified: true,
          // Choosing a password through the link takes up the invitation.
          invitation: 'accepted',
          sessionVersion: sessionVersionOf(current) + 1,
          updatedAt: stamp,
        });
        await joinHotels(tx, current.id, stamp);
        // Whoever holds the link acts as the account.
        await audit.write(tx, {
          action: 'password-reset',
          actor: { id: current.id },
          ...accountEvent(current),
        });
      });
      await throttle.clearEmail(user.email);
      res.status(204).end();
    }),
  );

  // These paths exist but only for POST; say so instead of asking for a token.
  router.all(PUBLIC_AUTH_PATHS, (_req, res, next) => {
    res.setHeader('Allow', 'POST');
    next(new HttpError(405, 'Method not allowed'));
  });

  return router;
}

type Row = Record<string, unknown>;

/** "Log in as": an administrator obtains a token for another user. */
export function loginAsRoute(ctx: AppContext): Router {
  const { store, tokens } = ctx;
  const router = Router();
  router.post(
    '/auth/login-as',
    asyncHandler(async (req, res) => {
      const caller = currentUser(res);
      // Every attempt is recorded, a refused one with why (audit trail, never served).
      const parsed = loginAsBody.safeParse(req.body ?? {});
      const wanted = parsed.success ? parsed.data.id : null;
      const refuse = async (error: HttpError): Promise<never> => {
        await recordLoginAs(ctx, res, caller, { userId: wanted, refusal: error });
        throw error;
      };
      if (!isAdministrator(caller)) {
        await refuse(new HttpError(403, 'Only administrators can log in as another user'));
      }
      if (!parsed.success) await refuse(invalidLoginAsBody(req.body));
      const target = await userById(store, wanted!);
      if (!target) return refuse(new HttpError(404, 'User not found'));
      if (isAdministrator(target) && !caller.isSuperAdmin) {
        await refuse(
          new HttpError(403, 'Only super administrators can log in as an administrator'),
        );
      }
      const blocked = accountBlock(target);
      if (blocked) await refuse(blocked);
      // Keep the original administrator when an impersonated admin session goes one step further;
      // the token carries both versions, so either account's sessions ending ends this one too.
      const impersonatorId = impersonatorOf(res) ?? caller.id;
      const isv = impersonatorVersionOf(res) ?? sessionVersionOf(caller);
      const record = await recordLoginAs(ctx, res, caller, { userId: target.id });
      res.json({
        accessToken: await tokens.sign(target.id, {
          sv: sessionVersionOf(target),
          impersonatorId,
          isv,
          iid: record.id,
        }),
      });
    }),
  );
  return router;
}

/**
 * `POST /auth/logout`: a session ends on the client (its token is dropped); this logs the sign-out
 * in the audit log, with whoever is behind a login-as session.
 */
export function signOutRoute(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/auth/logout',
    asyncHandler(async (req, res) => {
      const user = currentUser(res);
      // This token's live-event streams end too, in every process.
      const token = bearerOf(req.headers.authorization);
      if (token) await ctx.events.endSession(sessionIdOf(token));
      await ctx.audit.record(ctx.store, {
        action: 'sign-out',
        actor: user,
        ...accountEvent(user),
      });
      res.status(204).end();
    }),
  );
  return router;
}

/** The 422 of an invalid login-as body, as parseBody answers it. */
function invalidLoginAsBody(body: unknown): HttpError {
  try {
    parseBody(loginAsBody, body);
  } catch (error) {
    if (error instanceof HttpError) return error;
  }
  return new HttpError(422, 'Validation failed', { id: ['A user id is required'] });
}

function resetMail(user: StoredUser, link: string) {
  return composeMail(user, 'Reset your password', {
    before: [
      'We received a request to reset the password of your Stay Console account.',
      'Open this link within one hour to choose a new password:',
    ],
    link,
    label: 'Reset your password',
    after: ['If you did not ask for this, ignore this mail: your password stays as it is.'],
  });
}
