import { UPLOAD_LIMIT_MB, UPLOAD_QUOTA_MESSAGE } from '../../../schema/uploads';
import { apiUrl, http } from '../../../providers/http';

/** Where the API serves uploaded files (`POST /uploads` answers urls under it). */
export const UPLOADS_PATH = '/uploads/files/';

/** What `POST /uploads` answers (and `GET /uploads` lists). */
export interface UploadInfo {
  id: number;
  url: string;
  name: string;
  size: number;
  type: string;
}

/**
 * The address the browser loads a stored value from: a path (`/uploads/files/…`) is the API's,
 * so it is resolved against the API's base; an http(s) address is used as it is. Anything else
 * (`javascript:`, `data:`) is no address to load: undefined.
 */
export function resolveUploadUrl(value: string): string | undefined {
  if (value.startsWith('/') && !value.startsWith('//')) return apiUrl(value);
  return /^https?:\/\//i.test(value) ? value : undefined;
}

/** The stored file's extension in capitals (`PDF`), for a file whose name is not known. */
export const extensionOf = (value: string): string =>
  /\.([a-z0-9]{1,5})(?:[?#].*)?$/i.exec(value)?.[1]?.toUpperCase() ?? '';

/** A size in the interface language's units: `48 kB`, `1.2 MB`. */
/**
 * The largest upload, as the hints state it: the API's MiB limit in (decimal) megabytes, rounded
 * down, so the hint never promises more than the API takes.
 */
export const uploadLimitText = (language: string): string =>
  formatSize(Math.floor((UPLOAD_LIMIT_MB * 1024 * 1024) / 1_000_000) * 1_000_000, language);

export function formatSize(bytes: number, language: string): string {
  const [value, unit] =
    bytes >= 1_000_000
      ? [bytes / 1_000_000, 'megabyte']
      : bytes >= 1000
        ? [bytes / 1000, 'kilobyte']
        : [bytes, 'byte'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: unit === 'byte' ? 'narrow' : 'short',
    maximumFractionDigits: value < 10 && unit !== 'byte' ? 1 : 0,
  }).format(value);
}

export interface UploadOptions {
  /** `image` refuses PDFs on the server too. */
  kind: 'image' | 'file';
  /** An administrator uploading for a hotel. */
  ownerId?: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Sends one file to `POST /uploads`; rejects with the API's error ({ message, statusCode }). */
export async function uploadFile(file: Blob & { name?: string }, options: UploadOptions) {
  const form = new FormData();
  if (options.ownerId !== undefined) form.append('ownerId', String(options.ownerId));
  form.append('file', file, file.name ?? 'upload');
  const response = await http.post<UploadInfo>(apiUrl(`/uploads?kind=${options.kind}`), form, {
    signal: options.signal,
    // Progress shows under the field; without a listener the call needs no XHR.
    onUploadProgress: options.onProgress,
  });
  return response.data;
}

/**
 * What to say under the field when an upload fails: the spec's text for a file that is too
 * large (also when a proxy, not the API, answered the 413), otherwise the API's message.
 */
export function uploadErrorText(
  error: unknown,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const { statusCode, message, retryAfter } = (error ?? {}) as {
    statusCode?: unknown;
    message?: unknown;
    retryAfter?: unknown;
  };
  // Which limit said no: the hotel's upload space, the file's size, or too many uploads.
  if (statusCode === 413) {
    return t(message === UPLOAD_QUOTA_MESSAGE ? 'upload.quotaFull' : 'upload.tooLarge');
  }
  if (statusCode === 429) {
    const seconds = typeof retryAfter === 'number' && retryAfter > 0 ? retryAfter : 60;
    return t('upload.tooMany', { minutes: Math.ceil(seconds / 60) });
  }
  if (typeof message === 'string' && message && typeof statusCode === 'number' && statusCode > 0)
    return message;
  return t('upload.failed');
}

const infoCache = new Map<string, Promise<UploadInfo | undefined>>();

/** The name, size and type of one of our stored uploads (one request per url, remembered). */
export function fetchUploadInfo(url: string): Promise<UploadInfo | undefined> {
  if (!url.startsWith(UPLOADS_PATH)) return Promise.resolve(undefined);
  let pending = infoCache.get(url);
  if (!pending) {
    pending = http
      .get<UploadInfo[]>(apiUrl(`/uploads?url=${encodeURIComponent(url)}`))
      .then((response) => response.data[0])
      .catch(() => {
        infoCache.delete(url);
        return undefined;
      });
    infoCache.set(url, pending);
  }
  return pending;
}

/** Remembers what an upload answered, so the form shows its name without asking again. */
export const rememberUpload = (info: UploadInfo) => {
  infoCache.set(info.url, Promise.resolve(info));
};
