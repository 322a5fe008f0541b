import { createHmac } from 'node:crypto';
import type { TypedReader } from '../store/port';
import type { Request } from 'express';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { StoredRecord } from '../../src/schema/store';
import { HttpError } from '../http/errors';

/** A guest session lasts until the end of the stay's departure day, and never over this. */
export const GUEST_SESSION_MAX_SECONDS = 24 * 60 * 60;
const AUDIENCE = 'guest';

/** `YYYY-MM-DD` of a moment, UTC. */
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whether a stay is under way on the given day (arrival and departure days included). */
export const stayIsCurrent = (stay: StoredRecord, at: number): boolean =>
  String(stay.arrival) <= day(at) && day(at) <= String(stay.departure);

const guestUnauthorized = (message: string) =>
  new HttpError(401, message, undefined, { 'WWW-Authenticate': 'Bearer realm="guest"' });

/**
 * Short-lived signed tokens for guests of one stay. Signed with a key derived from the API's
 * JWT secret, so a guest token can never pass as a staff token (nor the other way round).
 */
export class GuestSessions {
  private readonly key: Uint8Array;

  constructor(
    jwtSecret: string,
    private readonly now: () => number,
  ) {
    this.key = createHmac('sha256', jwtSecret).update('stay-console guest sessions').digest();
  }

  async sign(stay: StoredRecord): Promise<{ guestToken: string; expiresAt: string }> {
    const iat = Math.floor(this.now() / 1000);
    const endOfStay = Math.floor(Date.parse(`${String(stay.departure)}T23:59:59Z`) / 1000);
    const exp = Math.min(endOfStay, iat + GUEST_SESSION_MAX_SECONDS);
    const guestToken = await new SignJWT({ hotel: stay.ownerId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience(AUDIENCE)
      .setSubject(String(stay.id))
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { guestToken, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /**
   * The stay behind a request's guest token, or undefined without one. A token that is there
   * must be valid, be for this hotel and its stay still under way; otherwise 401.
   */
  async stayOf(
    req: Request,
    store: TypedReader,
    hotelId: number,
  ): Promise<StoredRecord | undefined> {
    const header = req.headers.authorization;
    if (header === undefined) return undefined;
    const match = /^Bearer ([^\s]+)$/i.exec(header);
    if (!match) throw guestUnauthorized('Unauthorized');
    let payload;
    try {
      ({ payload } = await jwtVerify(match[1]!, this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp'],
        currentDate: new Date(this.now()),
      }));
    } catch (error) {
      throw guestUnauthorized(
        error instanceof errors.JWTExpired ? 'Guest session expired' : 'Unauthorized',
      );
    }
    const stay = await store.get('stays', Number(payload.sub));
    if (!stay || stay.ownerId !== hotelId || payload.hotel !== hotelId) {
      throw guestUnauthorized('Unauthorized');
    }
    if (!stayIsCurrent(stay, this.now())) throw guestUnauthorized('Guest session expired');
    return stay;
  }
}
