import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// OWASP-recommended minimum for scrypt; N * r * 128 = 16 MiB of memory per hash.
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Enough for N up to 2^17 with r = 8 (the default 32 MiB cap would refuse that).
const MAX_MEM = 256 * 1024 * 1024;

/**
 * At most this many scrypt runs at once; the rest wait in line. Each takes 16 MiB and one of
 * libuv's 4 default threads, so a burst of sign-ins can neither exhaust memory nor starve the
 * file and DNS work that shares those threads.
 */
export const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: (() => void)[] = [];

/** How busy hashing is (for tests and debugging). */
export const hashingLoad = () => ({
  running,
  queued: waiting.length,
  limit: MAX_CONCURRENT_HASHES,
});

async function limited<T>(work: () => Promise<T>): Promise<T> {
  // A finishing run hands its slot straight to the next in line, so `running` never overshoots.
  if (running < MAX_CONCURRENT_HASHES) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const scryptAsync = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  limited(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password, salt, length, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );

const format = (salt: Buffer, hash: Buffer): string =>
  `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${hash.toString('base64')}`;

/** Hash in the stored format `scrypt$N$r$p$saltB64$hashB64`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  return format(
    salt,
    await scryptAsync(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: MAX_MEM }),
  );
}

/** Synchronous variant with a caller-given salt, so the seed file is reproducible. */
export function hashPasswordSync(password: string, salt: Buffer): string {
  return format(salt, scryptSync(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: MAX_MEM }));
}

const within = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

/** Constant-time check; a malformed or absurd stored hash simply does not match. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  // Bound the cost parameters so a corrupted record cannot make one login eat the CPU.
  const sane =
    within(N, 2, 2 ** 17) &&
    (N & (N - 1)) === 0 &&
    within(r, 1, 16) &&
    within(p, 1, 4) &&
    salt.length > 0 &&
    within(expected.length, 16, 64);
  if (!sane) return false;
  const actual = await scryptAsync(password, salt, expected.length, { N, r, p, maxmem: MAX_MEM });
  return timingSafeEqual(actual, expected);
}
