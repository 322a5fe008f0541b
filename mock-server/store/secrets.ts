import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { atomicWriteFileSync } from './atomic';

/**
 * Encryption at rest for secret record fields (third-party API keys, tokens, passwords):
 * AES-256-GCM, a fresh random 96-bit IV per value, stored in the JSON file as
 * `enc:v1:<keyId>:<iv b64url>:<tag b64url>:<ciphertext b64url>`.
 *
 * AAD: we bind every ciphertext to its header (`enc:v1:<keyId>`) and to an optional
 * caller-given context. Callers should pass where the value lives, e.g. `apps/42/apiKey`
 * (collection, record id, field): without it, anyone able to edit the data file could move a
 * sealed value from one record or field into another and the server would happily decrypt and
 * use it there. Opening with a different context (or none) fails like tampering does.
 * No context is the same as the empty context.
 */

/** File beside the data file that keeps a generated key (mode 0600). */
export const DATA_KEY_FILE = '.data-key';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const PREFIX = 'enc:v1';
const ALGORITHM = 'aes-256-gcm';

const B64URL = /^[A-Za-z0-9_-]*$/;
const SEALED = /^enc:v1:([0-9a-f]{8}):([A-Za-z0-9_-]{16}):([A-Za-z0-9_-]{22}):([A-Za-z0-9_-]*)$/;

/** Decodes base64url only when it is the canonical encoding (no stray bits, no other alphabet). */
function decodeBase64url(text: string): Buffer | undefined {
  if (!B64URL.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

/**
 * A 32-byte key given as 64 hex chars or base64/base64url of 32 bytes; throws a clear Error
 * naming the variable otherwise. The value itself never appears in the message.
 */
export function parseDataKey(text: string, variable: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  // Accept both alphabets, with or without padding; decode strictly so garbage is not
  // silently skipped by Buffer.from.
  const normalized = trimmed.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const bytes = normalized ? decodeBase64url(normalized) : undefined;
  if (bytes?.length === KEY_BYTES) return bytes;
  const got = bytes ? ` (got ${bytes.length} bytes)` : '';
  throw new Error(
    `${variable} must be a ${KEY_BYTES}-byte key: 64 hex characters or base64/base64url of ` +
      `${KEY_BYTES} bytes${got}; generate one with \`openssl rand -hex ${KEY_BYTES}\``,
  );
}

/**
 * The keys secrets are sealed with: DATA_KEY when given (env value), else a random key
 * generated once into `.data-key` beside `dbFile` (mode 0600) and reused on later starts; an
 * unusable file is refused rather than replaced, since replacing it would make every secret
 * sealed with it unreadable. `previous` (from DATA_KEY_PREVIOUS, comma-separated) are old keys
 * still accepted for opening, for key rotation. When switching from the generated file to
 * DATA_KEY, put the file's key into DATA_KEY_PREVIOUS so existing secrets still open.
 */
export function resolveDataKeys(options: {
  dataKey?: string;
  dataKeyPrevious?: string;
  dbFile: string;
}): { current: Buffer; previous: Buffer[] } {
  const previous = (options.dataKeyPrevious ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part, index, all) =>
      parseDataKey(
        part,
        all.length > 1 ? `DATA_KEY_PREVIOUS (entry ${index + 1})` : 'DATA_KEY_PREVIOUS',
      ),
    );
  if (options.dataKey?.trim()) {
    return { current: parseDataKey(options.dataKey, 'DATA_KEY'), previous };
  }
  const file = path.join(path.dirname(options.dbFile), DATA_KEY_FILE);
  if (fs.existsSync(file)) {
    const text = fs.readFileSync(file, 'utf8');
    let current: Buffer;
    try {
      current = parseDataKey(text, file);
    } catch {
      throw new Error(
        `${file} holds no usable data key (expected ${KEY_BYTES * 2} hex characters); restore ` +
          `it from a backup or set DATA_KEY. Deleting it makes secrets sealed with it unreadable.`,
      );
    }
    return { current, previous };
  }
  const current = randomBytes(KEY_BYTES);
  atomicWriteFileSync(file, `${current.toString('hex')}\n`, 0o600);
  return { current, previous };
}

/** A sealed value that cannot be opened: malformed, tampered with, wrong context or unknown key. */
export class SecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretError';
  }
}

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

interface Parsed {
  keyId: string;
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

function parse(sealed: string): Parsed | undefined {
  const match = SEALED.exec(sealed);
  if (!match) return undefined;
  const [, keyId, ivText, tagText, ciphertextText] = match;
  const iv = decodeBase64url(ivText);
  const tag = decodeBase64url(tagText);
  const ciphertext = decodeBase64url(ciphertextText);
  if (!iv || !tag || !ciphertext) return undefined;
  return { keyId, iv, tag, ciphertext };
}

const additionalData = (keyId: string, aad: string | undefined) =>
  Buffer.from(`${PREFIX}:${keyId}\n${aad ?? ''}`, 'utf8');

/** A sealed value as stored in the JSON file: `enc:v1:<keyId>:<iv b64url>:<tag b64url>:<ciphertext b64url>`; keyId = first 8 hex chars of sha256(key). */
export class SecretBox {
  private readonly currentId: string;
  private readonly keys = new Map<string, Buffer>();

  constructor(keys: { current: Buffer; previous?: Buffer[] }) {
    for (const key of [keys.current, ...(keys.previous ?? [])]) {
      if (!Buffer.isBuffer(key) || key.length !== KEY_BYTES) {
        throw new Error(`SecretBox keys must be ${KEY_BYTES}-byte buffers`);
      }
      const id = keyIdOf(key);
      const known = this.keys.get(id);
      if (known && !known.equals(key)) {
        throw new Error(`Two different data keys share the key id ${id}; drop one of them`);
      }
      if (!known) this.keys.set(id, Buffer.from(key));
    }
    this.currentId = keyIdOf(keys.current);
  }

  /** Seals under the current key with a fresh 12-byte IV; `aad` binds it to its place (see top). */
  seal(plain: string, aad?: string): string {
    const key = this.keys.get(this.currentId)!;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(additionalData(this.currentId, aad));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [
      PREFIX,
      this.currentId,
      iv.toString('base64url'),
      tag.toString('base64url'),
      ciphertext.toString('base64url'),
    ].join(':');
  }

  /** Throws SecretError for tampered data, a wrong `aad`, an unknown key id, or a malformed value. */
  open(sealed: string, aad?: string): string {
    const parsed = typeof sealed === 'string' ? parse(sealed) : undefined;
    if (!parsed) throw new SecretError('Malformed sealed value');
    const key = this.keys.get(parsed.keyId);
    if (!key) {
      throw new SecretError(
        `Value sealed with an unknown key (id ${parsed.keyId}); add that key to DATA_KEY_PREVIOUS`,
      );
    }
    try {
      const decipher = createDecipheriv(ALGORITHM, key, parsed.iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(additionalData(parsed.keyId, aad));
      decipher.setAuthTag(parsed.tag);
      const plain = Buffer.concat([decipher.update(parsed.ciphertext), decipher.final()]);
      return plain.toString('utf8');
    } catch {
      throw new SecretError('Sealed value failed authentication (tampered or wrong context)');
    }
  }

  /** True when `value` is a sealed string (any key). Checks the shape only, not authenticity. */
  static isSealed(value: unknown): value is string {
    return typeof value === 'string' && parse(value) !== undefined;
  }

  /** True when sealed with the current key (false for a previous key: rotation re-seals those; false for non-sealed values). */
  isCurrent(sealed: string): boolean {
    return parse(sealed)?.keyId === this.currentId;
  }

  /**
   * Re-seals a value sealed with a previous key under the current key (same plain text). A value
   * already under the current key is verified and returned unchanged; anything that does not open
   * throws SecretError.
   */
  reseal(sealed: string, aad?: string): string {
    const plain = this.open(sealed, aad);
    return this.isCurrent(sealed) ? sealed : this.seal(plain, aad);
  }
}
