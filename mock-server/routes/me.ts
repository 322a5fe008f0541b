import { Router, type Response } from 'express';
import { users } from '../../src/resources/users';
import {
  CHANGE_PASSWORD_LIMITS,
  changeEmailSchema,
  changePasswordSchema,
  FRESH_TOKEN_HEADER,
} from '../../src/schema/account';
import { message } from '../../src/schema/messages';
import { accountEvent } from '../audit';
import { accountBlock, userById } from '../auth/accounts';
import { hashPassword, verifyPassword } from '../auth/password';
import {
  currentPerson,
  currentUser,
  hotelsOf,
  impersonatorOf,
  impersonatorVersionOf,
  mustChangePassword,
  rememberChosenHotel,
  sessionVersionOf,
} from '../auth/session';
import type { AppContext } from '../context';
import { connectedAppKeys, lockedAppKeys } from '../apps';
import { presenter } from '../engine/present';
import { ifMatch } from '../engine/routes';
import { ResourceService } from '../engine/service';
import { asyncHandler, HttpError, unauthorized } from '../http/errors';
import { invalidFields, parseShared } from '../http/messages';
import { SlidingWindow, tooMany } from '../http/rateLimit';
import type { StoredUser } from '../store/types';
import type { StoredRecord } from '../../src/schema/store';
import { VERSION_FIELD } from '../../src/schema/versions';

type Row = Record<string, unknown>;

/** What a hotel's member shows of their own account in `GET /users/me` (the rest: the hotel's). */
const PERSONAL_FIELDS: readonly string[] = [
  'name',
  'email',
  'phoneNumber',
  'avatar',
  'address',
  'emailVerified',
  'invitation',
  'lastSignInAt',
  'passwordTemporary',
  'createdAt',
  'updatedAt',
  VERSION_FIELD,
];

const show = (user: StoredUser) => presenter(users, user)(user);

function jsonObject(body: unknown): Row {
  const input: unknown = body === undefined ? {} : body;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  return input as Row;
}

/** Refuses a write whose account was blocked or whose sessions ended meanwhile (401). */
const sameSession = (me: StoredUser) => (current: StoredRecord) => {
  if (accountBlock(current) || sessionVersionOf(current) !== sessionVersionOf(me)) {
    throw unauthorized();
  }
};

/**
 * The signed-in user's own account (registered before the users collection):
 * - GET /users/me;
 * - PATCH /users/me: their profile (name, phone number, avatar, address);
 * - POST /users/me/password: a new password given the current one. Every session of the account
 *   ends (its session version is bumped) and the caller's goes on with the fresh token of the 204's
 *   X-Access-Token header.
 */
export function meRoutes(ctx: AppContext): Router {
  const { store, tokens, throttle, now, audit } = ctx;
  const router = Router();
  const accounts = new ResourceService(users, ctx);
  // Shown as to an administrator: every declared field of one's own account, and which apps the
  // hotel has connected and may not connect itself (the dashboard mirrors the rules).
  const answer = async (user: StoredUser) => ({
    ...show(user),
    connectedApps: await connectedAppKeys(store, user.id),
    lockedApps: await lockedAppKeys(store, user.id),
  });
  // Wrong current passwords per account: guessing through a stolen session is as slow as sign-in.
  const guesses = new SlidingWindow(
    ctx.limiter,
    'password-change',
    CHANGE_PASSWORD_LIMITS.maxFailures,
    CHANGE_PASSWORD_LIMITS.windowMs,
    now,
  );

  /**
   * The caller's current password, checked before a change that needs it (422 on `field` when
   * wrong). Guesses count before hashing, so parallel ones cannot all slip through; a right
   * password takes its count back.
   */
  const confirmPassword = async (me: StoredUser, password: string, field: string) => {
    const key = String(me.id);
    const taken = await guesses.take(key);
    if (taken.wait !== undefined) {
      throw tooMany('Too many wrong passwords. Try again later.', taken.wait);
    }
    if (!(await verifyPassword(password, me.passwordHash))) {
      throw invalidFields(users.name, { [field]: [message('account.errors.wrongPassword')] });
    }
    await guesses.forget(key, taken.hit);
  };

  /**
   * The account as its owner reads it (GET and PATCH answer alike). The dashboard shows only
   * "choose your password" while `mustChangePassword` is true (requireOwnPassword).
   */
  const ownAnswer = async (person: StoredUser, res: Response) => {
    const acting = currentUser(res);
    const hotels = await hotelsOf(store, person);
    // A member works in the hotel they act for (its languages, apps, currency: the actor's id)
    // as themselves: their own name, address, avatar and sign-in.
    const own =
      person.id === acting.id
        ? {}
        : Object.fromEntries(
            Object.entries(show(person)).filter(([field]) => PERSONAL_FIELDS.includes(field)),
          );
    return {
      // The hotel's own login: the account as just stored (a PATCH's answer), not as identified.
      ...(await answer(person.id === acting.id ? person : acting)),
      ...own,
      ...(acting.personId !== undefined && {
        personId: acting.personId,
        hotelRole: acting.hotelRole,
      }),
      hotels,
      mustChangePassword: mustChangePassword(res),
    };
  };

  router.get(
    '/users/me',
    asyncHandler(async (_req, res) => {
      // A page opened in a hotel asks this first: that hotel is where the next sign-in lands.
      await rememberChosenHotel(store, res);
      res.json(await ownAnswer(currentPerson(res), res));
    }),
  );

  router.patch(
    '/users/me',
    asyncHandler(async (req, res) => {
      const me = currentPerson(res);
      // The users declaration's `self` fields, through the engine's pipeline and hooks.
      await accounts.updateSelf(currentUser(res), me.id, jsonObject(req.body), {
        ifMatch: ifMatch(req),
        still: sameSession(me),
      });
      res.json(await ownAnswer((await userById(store, me.id))!, res));
    }),
  );

  router.post(
    '/users/me/password',
    asyncHandler(async (req, res) => {
      const me = currentPerson(res);
      const body = parseShared(changePasswordSchema, jsonObject(req.body), users.name);
      await confirmPassword(me, body.oldPassword, 'oldPassword');
      const passwordHash = await hashPassword(body.newPassword);
      const stamp = new Date(now()).toISOString();
      const version = await store.transaction(async (tx) => {
        const current = await tx.get('users', me.id);
        if (!current || accountBlock(current)) throw unauthorized();
        // A reset, ban or other change of password that finished while hashing wins.
        const unchanged =
          current.passwordHash === me.passwordHash &&
          sessionVersionOf(current) === sessionVersionOf(me);
        if (!unchanged) throw unauthorized();
        const next = sessionVersionOf(current) + 1;
        // A new session version ends every session of the account (see identify)…
        // raw write: the password hash and session version are server-owned, never declared
        await tx.update('users', me.id, {
          passwordHash,
          passwordChangedAt: stamp,
          passwordTemporary: false,
          sessionVersion: next,
          updatedAt: stamp,
        });
        await audit.write(tx, {
          action: 'password-change',
          actor: currentUser(res),
          ...accountEvent(current),
        });
        return next;
      });
      // …and the caller's goes on with a token of the new version (kept as who is behind a
      // "log in as", whose own version is unchanged).
      const impersonatorId = impersonatorOf(res);
      const token = await tokens.sign(
        me.id,
        impersonatorId === undefined
          ? { sv: version }
          : { sv: version, impersonatorId, isv: impersonatorVersionOf(res) },
      );
      // Sign-in guesses at the old password no longer matter.
      await throttle.clearEmail(me.email);
      res.setHeader(FRESH_TOKEN_HEADER, token);
      res.status(204).end();
    }),
  );

  router.post(
    '/users/me/email',
    asyncHandler(async (req, res) => {
      const me = currentPerson(res);
      const body = parseShared(changeEmailSchema, jsonObject(req.body), users.name);
      await confirmPassword(me, body.password, 'password');
      // The declared field through the engine (its checks and hooks: a taken address is a 409,
      // the new one is unverified and gets its link, the memberships follow), once the password
      // is confirmed; logged as the email change it is.
      await accounts.updateSelf(
        currentUser(res),
        me.id,
        { email: body.email },
        {
          still: sameSession(me),
          fields: ['email'],
          event: 'email-change',
        },
      );
      // Sign-in guesses at the old address no longer matter.
      if (body.email !== me.email) await throttle.clearEmail(me.email);
      res.json(await ownAnswer((await userById(store, me.id))!, res));
    }),
  );

  // Not a user id: without this, PUT and DELETE would reach the users routes as `/users/:id`.
  router.all('/users/me', (_req, res, next) => {
    res.setHeader('Allow', 'GET, HEAD, PATCH');
    next(new HttpError(405, 'Method not allowed'));
  });
  router.all(['/users/me/password', '/users/me/email'], (_req, res, next) => {
    res.setHeader('Allow', 'POST');
    next(new HttpError(405, 'Method not allowed'));
  });
  return router;
}
