import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DATA_KEY_FILE,
  parseDataKey,
  resolveDataKeys,
  SecretBox,
  SecretError,
} from '../../mock-server/store/secrets';

const keyA = Buffer.alloc(32, 0xa1);
const keyB = Buffer.alloc(32, 0xb2);

/** Replaces one character of a sealed value's `index`-th `:`-separated part. */
function tamper(sealed: string, index: number): string {
  const parts = sealed.split(':');
  const part = parts[index];
  const at = Math.floor(part.length / 2);
  // Key ids are lowercase hex: keep it well formed so the unknown-key path is what fails.
  const swapped = index === 2 ? (part[at] === 'a' ? 'b' : 'a') : part[at] === 'A' ? 'B' : 'A';
  parts[index] = part.slice(0, at) + swapped + part.slice(at + 1);
  return parts.join(':');
}

describe('SecretBox', () => {
  const box = new SecretBox({ current: keyA });

  it.each([
    ['ascii', 'sk_live_51H8xYzAbCdEf'],
    ['unicode', 'pässwörd — 密码 🔑'],
    ['empty', ''],
    ['long', 'x'.repeat(10_000)],
  ])('round-trips %s text', (_name, plain) => {
    const sealed = box.seal(plain);
    expect(sealed).toMatch(/^enc:v1:[0-9a-f]{8}:[\w-]{16}:[\w-]{22}:[\w-]*$/);
    expect(sealed).not.toContain(plain || 'never');
    expect(SecretBox.isSealed(sealed)).toBe(true);
    expect(box.open(sealed)).toBe(plain);
  });

  it('names the key by the first 8 hex chars of its sha256', async () => {
    const { createHash } = await import('node:crypto');
    const id = createHash('sha256').update(keyA).digest('hex').slice(0, 8);
    expect(box.seal('x').split(':')[2]).toBe(id);
  });

  it('uses a fresh IV, so two seals of the same text differ', () => {
    const first = box.seal('same text');
    const second = box.seal('same text');
    expect(first).not.toBe(second);
    expect(first.split(':')[3]).not.toBe(second.split(':')[3]);
    expect(box.open(first)).toBe('same text');
    expect(box.open(second)).toBe('same text');
  });

  it.each([
    ['key id', 2],
    ['iv', 3],
    ['tag', 4],
    ['ciphertext', 5],
  ])('throws SecretError when the %s is tampered with', (_name, index) => {
    const sealed = box.seal('api-key-123', 'apps/1/apiKey');
    const changed = tamper(sealed, index);
    expect(changed).not.toBe(sealed);
    expect(() => box.open(changed, 'apps/1/apiKey')).toThrow(SecretError);
    expect(SecretBox.isSealed(changed)).toBe(true);
  });

  it('throws SecretError for a changed last character of any part (no lenient decoding)', () => {
    const sealed = box.seal('api-key-123');
    const parts = sealed.split(':');
    for (const index of [3, 4, 5]) {
      const last = parts[index].at(-1)!;
      for (const replacement of ['A', 'B', 'w', 'x', '-', '_']) {
        if (replacement === last) continue;
        const copy = [...parts];
        copy[index] = parts[index].slice(0, -1) + replacement;
        expect(() => box.open(copy.join(':'))).toThrow(SecretError);
      }
    }
  });

  it.each([
    ['plain text', 'hunter2'],
    ['wrong prefix', 'enc:v2:00000000:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA:'],
    ['missing part', box.seal('x').split(':').slice(0, 5).join(':')],
    ['extra part', `${box.seal('x')}:AAAA`],
    ['short iv', box.seal('x').replace(/^(enc:v1:\w+:)[\w-]{16}/, '$1AAAA')],
    ['bad characters', box.seal('x').replace(/.$/, '+')],
  ])('throws SecretError for a malformed value (%s)', (_name, value) => {
    expect(() => box.open(value)).toThrow(SecretError);
  });

  it('binds the AAD: opening with a different or missing AAD throws', () => {
    const sealed = box.seal('token', 'apps/1/token');
    expect(box.open(sealed, 'apps/1/token')).toBe('token');
    expect(() => box.open(sealed, 'apps/2/token')).toThrow(SecretError);
    expect(() => box.open(sealed)).toThrow(SecretError);
    const unbound = box.seal('token');
    expect(() => box.open(unbound, 'apps/1/token')).toThrow(SecretError);
    expect(box.open(unbound, '')).toBe('token');
  });

  it('opens values sealed with a previous key and re-seals them under the current key', () => {
    const old = new SecretBox({ current: keyB });
    const sealedOld = old.seal('rotate me', 'apps/7/password');
    const rotated = new SecretBox({ current: keyA, previous: [keyB] });

    expect(rotated.open(sealedOld, 'apps/7/password')).toBe('rotate me');
    expect(rotated.isCurrent(sealedOld)).toBe(false);

    const resealed = rotated.reseal(sealedOld, 'apps/7/password');
    expect(resealed).not.toBe(sealedOld);
    expect(rotated.isCurrent(resealed)).toBe(true);
    expect(rotated.open(resealed, 'apps/7/password')).toBe('rotate me');
    // Only the current key is needed from now on.
    expect(new SecretBox({ current: keyA }).open(resealed, 'apps/7/password')).toBe('rotate me');
    // A current value is left as it is; a wrong AAD still refuses to re-seal.
    expect(rotated.reseal(resealed, 'apps/7/password')).toBe(resealed);
    expect(() => rotated.reseal(sealedOld, 'apps/8/password')).toThrow(SecretError);
  });

  it('throws SecretError for a value sealed with an unknown key', () => {
    const sealed = new SecretBox({ current: keyB }).seal('secret');
    expect(box.isCurrent(sealed)).toBe(false);
    expect(() => box.open(sealed)).toThrow(SecretError);
    expect(() => box.open(sealed)).toThrow(/unknown key/);
    expect(() => box.reseal(sealed)).toThrow(SecretError);
  });

  it('tolerates the current key listed again among previous keys', () => {
    const both = new SecretBox({ current: keyA, previous: [keyA, keyB] });
    expect(both.open(box.seal('x'))).toBe('x');
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => new SecretBox({ current: randomBytes(16) })).toThrow(/32-byte/);
    expect(() => new SecretBox({ current: keyA, previous: [randomBytes(31)] })).toThrow(/32-byte/);
  });

  it('isSealed tells sealed strings from anything else', () => {
    expect(SecretBox.isSealed(box.seal('x'))).toBe(true);
    expect(SecretBox.isSealed(new SecretBox({ current: keyB }).seal(''))).toBe(true);
    for (const value of [
      'plain',
      '',
      'enc:v1:',
      'enc:v1:zzzzzzzz:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA:',
      { sealed: box.seal('x') },
      [box.seal('x')],
      null,
      undefined,
      42,
    ]) {
      expect(SecretBox.isSealed(value)).toBe(false);
    }
  });

  it('isCurrent is false for values that are not sealed', () => {
    expect(box.isCurrent('plain')).toBe(false);
    expect(box.isCurrent('')).toBe(false);
  });
});

describe('parseDataKey', () => {
  const bytes = randomBytes(32);

  it('accepts 64 hex characters (either case)', () => {
    expect(parseDataKey(bytes.toString('hex'), 'DATA_KEY').equals(bytes)).toBe(true);
    expect(parseDataKey(bytes.toString('hex').toUpperCase(), 'DATA_KEY').equals(bytes)).toBe(true);
  });

  it('accepts base64 and base64url of 32 bytes, padded or not, and trims whitespace', () => {
    const b64 = bytes.toString('base64');
    for (const text of [
      b64,
      b64.replace(/=+$/, ''),
      bytes.toString('base64url'),
      `  ${b64}\n`,
      `${bytes.toString('hex')}\n`,
    ]) {
      expect(parseDataKey(text, 'DATA_KEY').equals(bytes)).toBe(true);
    }
  });

  it.each([
    ['31 bytes hex', randomBytes(31).toString('hex')],
    ['33 bytes hex', randomBytes(33).toString('hex')],
    ['31 bytes base64', randomBytes(31).toString('base64')],
    ['33 bytes base64', randomBytes(33).toString('base64')],
    ['garbage', 'not a key at all!'],
    ['empty', ''],
    ['non-canonical base64', `${bytes.toString('base64url').slice(0, 42)}z`],
    [
      'inner whitespace',
      `${bytes.toString('hex').slice(0, 32)} ${bytes.toString('hex').slice(32)}`,
    ],
  ])('rejects %s with a message naming the variable', (_name, text) => {
    expect(() => parseDataKey(text, 'MY_VARIABLE')).toThrow(/MY_VARIABLE/);
    expect(() => parseDataKey(text, 'MY_VARIABLE')).toThrow(/32-byte key/);
  });

  it('does not echo the rejected value', () => {
    const secretish = randomBytes(31).toString('hex');
    expect(() => parseDataKey(secretish, 'DATA_KEY')).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(secretish) }),
    );
  });
});

describe('resolveDataKeys', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-secrets-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('generates a key file with mode 0600 on first call and reuses it later', () => {
    const dir = tempDir();
    const dbFile = path.join(dir, 'db.json');
    const file = path.join(dir, DATA_KEY_FILE);
    expect(fs.existsSync(file)).toBe(false);

    const first = resolveDataKeys({ dbFile });
    expect(first.current).toHaveLength(32);
    expect(first.previous).toEqual([]);
    expect(fs.existsSync(file)).toBe(true);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual([DATA_KEY_FILE]);

    const second = resolveDataKeys({ dbFile });
    expect(second.current.equals(first.current)).toBe(true);

    // Secrets sealed before a restart still open after it.
    const sealed = new SecretBox(first).seal('survives restarts');
    expect(new SecretBox(second).open(sealed)).toBe('survives restarts');
  });

  it('gives different generated keys to different data directories', () => {
    const a = resolveDataKeys({ dbFile: path.join(tempDir(), 'db.json') });
    const b = resolveDataKeys({ dbFile: path.join(tempDir(), 'db.json') });
    expect(a.current.equals(b.current)).toBe(false);
  });

  it('prefers DATA_KEY over the file and creates no file', () => {
    const dir = tempDir();
    const dbFile = path.join(dir, 'db.json');
    const envKey = randomBytes(32);

    const fromEnv = resolveDataKeys({ dataKey: envKey.toString('hex'), dbFile });
    expect(fromEnv.current.equals(envKey)).toBe(true);
    expect(fs.existsSync(path.join(dir, DATA_KEY_FILE))).toBe(false);

    const generated = resolveDataKeys({ dbFile });
    expect(generated.current.equals(envKey)).toBe(false);
    const again = resolveDataKeys({ dataKey: envKey.toString('base64'), dbFile });
    expect(again.current.equals(envKey)).toBe(true);
  });

  it('refuses an unusable DATA_KEY naming the variable', () => {
    const dbFile = path.join(tempDir(), 'db.json');
    expect(() => resolveDataKeys({ dataKey: 'too-short', dbFile })).toThrow(/DATA_KEY/);
  });

  it('parses comma-separated DATA_KEY_PREVIOUS', () => {
    const dbFile = path.join(tempDir(), 'db.json');
    const [p1, p2] = [randomBytes(32), randomBytes(32)];
    const keys = resolveDataKeys({
      dataKey: keyA.toString('hex'),
      dataKeyPrevious: ` ${p1.toString('hex')} ,${p2.toString('base64url')},`,
      dbFile,
    });
    expect(keys.previous.map((key) => key.toString('hex'))).toEqual([
      p1.toString('hex'),
      p2.toString('hex'),
    ]);
    expect(() =>
      resolveDataKeys({ dataKey: keyA.toString('hex'), dataKeyPrevious: 'nope', dbFile }),
    ).toThrow(/DATA_KEY_PREVIOUS/);
  });

  it.each([
    ['truncated', (hex: string) => hex.slice(0, 40)],
    ['empty', () => ''],
    ['garbage', () => 'not a key\n'],
  ])('refuses a %s key file with a clear message and leaves it alone', (_name, corrupt) => {
    const dir = tempDir();
    const dbFile = path.join(dir, 'db.json');
    const file = path.join(dir, DATA_KEY_FILE);
    resolveDataKeys({ dbFile });
    const broken = corrupt(fs.readFileSync(file, 'utf8').trim());
    fs.writeFileSync(file, broken);

    expect(() => resolveDataKeys({ dbFile })).toThrow(/holds no usable data key/);
    expect(() => resolveDataKeys({ dbFile })).toThrow(file);
    // Not silently replaced: that would orphan every secret sealed with the old key.
    expect(fs.readFileSync(file, 'utf8')).toBe(broken);
  });
});
