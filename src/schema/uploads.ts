/**
 * The addresses of uploaded files, as `POST /uploads` answers them: `/uploads/files/<tenant>/<name>`,
 * one folder per tenant (the owning hotel's user id, or `admin` for an administrator's files made
 * for no hotel) and names of 22 random base64url characters with one of five extensions. Shared
 * by the image and file field kinds (what a record may hold) and the API (what it serves).
 */
export const UPLOADED_FILES = '/uploads/files';
/**
 * The largest file `POST /uploads` takes by default, in MiB (UPLOAD_LIMIT_MB changes the API's);
 * the upload fields' hints state it.
 */
export const UPLOAD_LIMIT_MB = 5;
/** The folder of an administrator's uploads made for no hotel. */
export const PLATFORM_TENANT = 'admin';
/** A tenant folder: a user id or `admin`; nothing else (no dots, no slashes) is ever a folder. */
export const UPLOAD_TENANT_PATTERN = /^(?:[1-9][0-9]{0,15}|admin)$/;
/** A stored file's name: 22 base64url characters and one of the five extensions. */
export const UPLOAD_NAME_PATTERN = /^[A-Za-z0-9_-]{22}\.(?:png|jpg|webp|gif|pdf)$/;

/** The tenant and name of one of our addresses (strictly checked), or undefined. */
export function parseUploadAddress(value: string): { tenant: string; name: string } | undefined {
  const prefix = `${UPLOADED_FILES}/`;
  if (!value.startsWith(prefix)) return undefined;
  const [tenant, name, ...rest] = value.slice(prefix.length).split('/');
  if (rest.length || !tenant || !name) return undefined;
  if (!UPLOAD_TENANT_PATTERN.test(tenant) || !UPLOAD_NAME_PATTERN.test(name)) return undefined;
  return { tenant, name };
}

/** An absolute `https:` address (a field that declares `external` may hold one). */
export function isHttpsAddress(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' && parsed.hostname !== '' && !/[\s<>"'`]/.test(value);
  } catch {
    return false;
  }
}

/** `POST /uploads` when the hotel's files already take its whole quota (413). */
export const UPLOAD_QUOTA_MESSAGE =
  "This hotel's upload space is full. Delete files it no longer uses, then try again.";
/** `POST /uploads` past the rate limit (429, with Retry-After). */
export const UPLOAD_RATE_MESSAGE = 'Too many uploads in a short time. Try again later.';
/** The window of the upload rate limit. */
export const UPLOAD_RATE_WINDOW_MS = 10 * 60 * 1000;
