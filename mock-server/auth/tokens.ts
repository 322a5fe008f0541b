import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { errors, jwtVerify, SignJWT } from 'jose';
import { JWT_SECRET_MIN_LENGTH, type Config } from '../config';
import { unauthorized } from '../http/errors';
import { atomicWriteFileSync } from '../store/atomic';

export const JWT_SECRET_FILE = '.jwt-secret';

/**
 * JWT_SECRET when set; otherwise a random secret kept in `.jwt-secret` beside the DB file
 * (mode 0600), generated on first start, so sessions survive restarts and no secret is in code.
 */
export function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(path.dirname(config.dbFile), JWT_SECRET_FILE);
  if (fs.existsSync(file)) {
    const secret = fs.readFileSync(file, 'utf8').trim();
    if (secret.length < JWT_SECRET_MIN_LENGTH) {
      throw new Error(`${file} holds no usable secret; delete it to generate a new one`);
    }
    return secret;
  }
  const secret = randomBytes(48).toString('base64url');
  atomicWriteFileSync(file, `${secret}\n`, 0o600);
  return secret;
}

export interface VerifiedToken {
  userId: number;
  /** Issued-at, seconds. */
  iat: number;
  /** Expiry, seconds. */
  exp: number;
  /** The user's session version when the token was issued (claim `sv`); see `identify`. */
  sessionVersion: number;
  /** Set on tokens made by "log in as": the administrator behind the session… */
  impersonatorId?: number;
  /** …and that administrator's session version (claim `isv`). */
  impersonatorVersion?: number;
  /** The audit record of the login-as that made the session (claim `iid`), for the chain. */
  impersonationId?: number;
}

/** What a token says besides its user: the session version, and who is behind a "log in as". */
export interface SessionClaims {
  sv: number;
  impersonatorId?: number;
  isv?: number;
  iid?: number;
}

const isVersion = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * HS256 access tokens: sub = user id, sv = session version, iat, exp = iat + TTL; time comes
 * from the injected clock.
 */
export class Tokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(userId: number, claims: SessionClaims): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /** Throws a 401 HttpError for anything but a valid, unexpired HS256 token of ours. */
  async verify(token: string): Promise<VerifiedToken> {
    let payload;
    try {
      // Pinning the algorithm refuses `alg: none` and any other algorithm.
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['sub', 'iat', 'exp'],
        currentDate: new Date(this.now()),
      }));
    } catch (error) {
      throw unauthorized(error instanceof errors.JWTExpired ? 'Token expired' : 'Unauthorized');
    }
    const { sub, iat, exp, sv, impersonatorId, isv, iid } = payload;
    if (
      typeof sub !== 'string' ||
      !/^[1-9]\d{0,15}$/.test(sub) ||
      typeof iat !== 'number' ||
      typeof exp !== 'number'
    ) {
      throw unauthorized();
    }
    // Tokens from before session versions have no `sv`: their users sign in again, once.
    if (!isVersion(sv)) throw unauthorized();
    if (impersonatorId !== undefined) {
      if (!Number.isSafeInteger(impersonatorId) || !isVersion(isv)) throw unauthorized();
      if (iid !== undefined && !(Number.isSafeInteger(iid) && (iid as number) > 0)) {
        throw unauthorized();
      }
      return {
        userId: Number(sub),
        iat,
        exp,
        sessionVersion: sv,
        impersonatorId: impersonatorId as number,
        impersonatorVersion: isv,
        impersonationId: iid as number | undefined,
      };
    }
    return { userId: Number(sub), iat, exp, sessionVersion: sv };
  }
}
