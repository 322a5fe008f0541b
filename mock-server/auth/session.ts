import type { Request, RequestHandler, Response } from 'express';
import type { Store, TypedReader } from '../store/port';
import { bindSession } from '../audit';
import type { AppContext } from '../context';
import { asyncMiddleware, HttpError, unauthorized } from '../http/errors';
import type { StoredUser } from '../store/types';
import { connectedAppKeys } from '../apps';
import { accountBlock, userById } from './accounts';
import type { VerifiedToken } from './tokens';
import { message } from '../../src/schema/messages';
import type { HotelRole } from '../../src/schema/access';
import {
  ALL_HOTELS,
  HOTEL_HEADER,
  PERSON_ROLE,
  sessionVersionOf,
  type HotelMembership,
} from '../../src/schema/user';

export const isAdministrator = (user: StoredUser): boolean => user.isAdmin || user.isSuperAdmin;

// Bumped by a password reset, a ban, a disable, a role change, a removal from a hotel (members).
export { sessionVersionOf };

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

/**
 * The person signed in (issue 40): their own account, which a member's profile, password and
 * sign-ins concern. The actor (`currentUser`) is the hotel they act for; for a hotel's own login
 * and administrators both are the same account.
 */
export function currentPerson(res: Response): StoredUser {
  const person: unknown = res.locals.person;
  return (person as StoredUser | undefined) ?? currentUser(res);
}

/** Refuses every later route to callers without a session. */
export const requireUser: RequestHandler = (_req, res, next) => {
  next(actorOf(res) ? undefined : unauthorized());
};

/** What a session whose password an administrator set may still do: learn who it is, choose its own. */
const OPEN_TO_TEMPORARY: readonly (readonly [string, string])[] = [
  ['GET', '/users/me'],
  ['HEAD', '/users/me'],
  ['POST', '/users/me/password'],
];

/**
 * The owner of an account with a temporary password (set by an administrator) chooses their own
 * before anything else: every other route answers 403 until then. An administrator's "log in as"
 * session is not the owner's and goes on.
 */
export const requireOwnPassword: RequestHandler = (req, res, next) => {
  const user = actorOf(res);
  if (!user || user.passwordTemporary !== true || impersonatorOf(res) !== undefined) {
    next();
    return;
  }
  const open = OPEN_TO_TEMPORARY.some(
    ([method, path]) => req.method === method && req.path === path,
  );
  next(open ? undefined : new HttpError(403, MUST_CHANGE_PASSWORD));
};

/** The 403's message for a session that must choose its own password first. */
export const MUST_CHANGE_PASSWORD = 'Choose your own password first: this one is temporary';

/** Whether this session must choose its own password before it may do anything else. */
export const mustChangePassword = (res: Response): boolean =>
  actorOf(res)?.passwordTemporary === true && impersonatorOf(res) === undefined;

/** The administrator behind a "log in as" session, if any. */
export const impersonatorOf = (res: Response): number | undefined =>
  typeof res.locals.impersonatorId === 'number' ? res.locals.impersonatorId : undefined;

/** That administrator's session version, as checked by `identify` for this request. */
export const impersonatorVersionOf = (res: Response): number | undefined =>
  typeof res.locals.impersonatorVersion === 'number' ? res.locals.impersonatorVersion : undefined;

/** The audit record of the login-as that made this session, when its token names one. */
export const impersonationIdOf = (res: Response): number | undefined =>
  typeof res.locals.impersonationId === 'number' ? res.locals.impersonationId : undefined;

/**
 * Bearer-token check. A request without an Authorization header goes on as nobody (null), for
 * the routes whose declarations let guests in; a token that is there must be valid. The user is
 * reloaded on every request and the token's session version must be the stored one, so a ban, a
 * disable, a role change or a password reset ends the sessions already handed out.
 */
export function identify(ctx: AppContext): RequestHandler {
  return asyncMiddleware((req, res) => identifyCaller(ctx, req, res));
}

/**
 * Who calls a public route (mounted before `identify`) that shows an administrator more than
 * anyone: the administrator its token names, else null (no token, or one `identify` refuses).
 */
export async function administratorCalling(
  ctx: AppContext,
  req: Request,
  res: Response,
): Promise<StoredUser | null> {
  if (req.headers.authorization === undefined) return null;
  try {
    await identifyCaller(ctx, req, res);
  } catch {
    return null;
  }
  const user = actorOf(res);
  return user && isAdministrator(user) ? user : null;
}

/** `identify`'s work: sets `res.locals.user` (null for no token), or throws its refusal. */
async function identifyCaller(
  { store, tokens }: AppContext,
  req: Request,
  res: Response,
): Promise<void> {
  const header = req.headers.authorization;
  if (header === undefined) {
    res.locals.user = null;
    return;
  }
  const match = /^Bearer ([^\s]+)$/i.exec(header);
  if (!match) throw unauthorized();
  const token = await tokens.verify(match[1]);
  const hotel = chosenHotel(req);
  const { actor: user, person } = await sessionOf(store, { ...token, hotel });
  if (typeof hotel === 'number') res.locals.chosenHotel = hotel;
  if (token.impersonatorId !== undefined) {
    res.locals.impersonatorId = token.impersonatorId;
    res.locals.impersonatorVersion = token.impersonatorVersion;
    res.locals.impersonationId = token.impersonationId;
  }
  res.locals.person = person;
  res.locals.user = user;
  // The audit log names who is behind this actor (a login-as), wherever the actor goes.
  bindSession(res.locals.user as object, {
    impersonatorId: impersonatorOf(res),
    impersonationId: impersonationIdOf(res),
  });
}

/**
 * A session as `sessionOf` checks it: the token's claims, and the hotel the request chose;
 * `allHotels` also reads "all my hotels" while acting for that hotel (a person's live stream).
 */
export type SessionToken = Omit<VerifiedToken, 'iat' | 'exp'> & {
  hotel?: HotelChoice;
  allHotels?: boolean;
};

/**
 * Remembers the hotel this request chose as the one a request without a choice (a new sign-in)
 * lands on. Asked by GET /users/me, which the dashboard sends once as a page opens in a hotel (the
 * switcher opens a new page), not on every request: two tabs in two hotels do not write it back
 * and forth. An administrator's "log in as" leaves the person's choice as it was.
 */
export async function rememberChosenHotel(store: Store, res: Response): Promise<void> {
  const hotel: unknown = res.locals.chosenHotel;
  const person = currentPerson(res);
  if (typeof hotel !== 'number' || impersonatorOf(res) !== undefined) return;
  if (currentUser(res).personId === undefined || person.lastHotelId === hotel) return;
  // raw write: lastHotelId is server-owned (where the next sign-in lands), not declared
  await store.transaction((tx) => tx.update('users', person.id, { lastHotelId: hotel }));
}
/** A hotel's id, or every hotel of the person (a read of "all my hotels"). */
export type HotelChoice = number | typeof ALL_HOTELS;

/**
 * The hotel the request chooses (the `X-Hotel` header, see HOTEL_HEADER), if any: 400 for a
 * value that is no id; "all my hotels" only reads (a write goes to one hotel).
 */
function chosenHotel(req: Request): HotelChoice | undefined {
  const value = req.headers[HOTEL_HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  const text = Array.isArray(value) ? value.join(',') : value;
  if (text === ALL_HOTELS) {
    if (req.method === 'GET' || req.method === 'HEAD') return ALL_HOTELS;
    throw new HttpError(400, message('apiErrors.allHotelsRead'));
  }
  if (!/^[1-9]\d{0,15}$/.test(text)) throw new HttpError(400, message('apiErrors.hotelHeader'));
  return Number(text);
}

/**
 * The user a verified token's session is still open for, as the access rules see it, or the
 * refusal (401, or 403 with the block's reason). Asked on every request and by the live-event
 * stream (mock-server/events), which stays open only while this answers.
 */
export async function sessionUser(store: TypedReader, token: SessionToken): Promise<SessionActor> {
  return (await sessionOf(store, token)).actor;
}

/** sessionUser, and the signed-in person behind the actor (a hotel's member). */
export async function sessionOf(
  store: TypedReader,
  token: SessionToken,
): Promise<{ actor: SessionActor; person: StoredUser }> {
  const user = await userById(store, token.userId);
  if (!user) throw unauthorized();
  // A blocked account hears why (403) even on a session its block has ended.
  const blocked = accountBlock(user);
  if (blocked) throw blocked;
  // Compared exactly, unlike a time stamp: a session from the same second as a reset ends too.
  if (sessionVersionOf(user) !== token.sessionVersion) throw unauthorized();
  if (token.impersonatorId !== undefined) {
    // An impersonation ends as soon as the administrator behind it loses the right to it, or
    // their own sessions end.
    const admin = await userById(store, token.impersonatorId);
    if (!admin || !isAdministrator(admin) || accountBlock(admin)) throw unauthorized();
    if (sessionVersionOf(admin) !== token.impersonatorVersion) throw unauthorized();
  }
  const acting = await actingFor(store, user, token.hotel, token.allHotels === true);
  // The areas of the apps the hotel connected (Hotek) are part of what it may do, in each hotel
  // "all my hotels" reads.
  const connectedApps = await connectedAppKeys(store, acting.hotel.id);
  if (acting.as.allHotels && acting.as.memberships) {
    acting.as.memberships = await Promise.all(
      acting.as.memberships.map(async (hotel) => ({
        ...hotel,
        connectedApps: await connectedAppKeys(store, hotel.id),
      })),
    );
  }
  return { actor: { ...acting.hotel, ...acting.as, connectedApps }, person: user };
}

/** The request's actor: the hotel acted for, with the person behind it (see Actor). */
export type SessionActor = StoredUser & {
  connectedApps: string[];
  personId?: number;
  hotelRole?: HotelRole;
  memberships?: (HotelMembership & { connectedApps?: string[] })[];
  allHotels?: boolean;
};

/** The 403 of a person who belongs to no hotel (any more). */
export const NO_HOTEL = message('apiErrors.noHotel');

/**
 * The hotels a person may act for, with their role in each: a hotel's own login its own hotel
 * (manager unless its membership says otherwise); a person their memberships' hotels that may
 * sign in. None for administrators.
 */
export async function hotelsOf(store: TypedReader, user: StoredUser): Promise<HotelMembership[]> {
  if (isAdministrator(user)) return [];
  const memberships = await store.find('members', { userId: user.id });
  if (user.role !== PERSON_ROLE) {
    const own = memberships.find((row) => row.ownerId === user.id);
    const role = (own?.role as HotelRole | undefined) ?? 'manager';
    return [{ id: user.id, name: user.company || user.name, role }];
  }
  const hotels: HotelMembership[] = [];
  for (const membership of memberships) {
    const hotel = await userById(store, membership.ownerId as number);
    if (!hotel || accountBlock(hotel)) continue;
    hotels.push({
      id: hotel.id,
      name: hotel.company || hotel.name,
      role: membership.role as HotelRole,
    });
  }
  return hotels;
}

/**
 * Who a session acts as: an administrator as themselves; anyone else for one of their hotels,
 * with their role there: the one the request chose (404 for a hotel not theirs, as another
 * hotel's records answer), else the last one they chose, else their first. "All my hotels" acts
 * for that default hotel and reads every one (`hotels()` in src/schema/access.ts). 403 for a
 * person in no hotel (removed, or their hotel blocked).
 */
async function actingFor(
  store: TypedReader,
  user: StoredUser,
  choice: HotelChoice | undefined,
  readAll: boolean,
): Promise<{ hotel: StoredUser; as: Partial<SessionActor> }> {
  if (isAdministrator(user)) return { hotel: user, as: {} };
  const memberships = await hotelsOf(store, user);
  if (memberships.length === 0) throw new HttpError(403, NO_HOTEL);
  const byId = (id: unknown) => memberships.find((hotel) => hotel.id === id);
  const chosen = typeof choice === 'number' ? byId(choice) : undefined;
  if (typeof choice === 'number' && !chosen) throw new HttpError(404, 'Not found');
  const acting = chosen ?? byId(user.lastHotelId) ?? memberships[0]!;
  const hotel = acting.id === user.id ? user : await userById(store, acting.id);
  if (!hotel) throw new HttpError(403, NO_HOTEL);
  return {
    hotel,
    as: {
      personId: user.id,
      hotelRole: acting.role,
      memberships,
      ...((choice === ALL_HOTELS || readAll) && { allHotels: true }),
    },
  };
}
