import fs from 'node:fs';
import type { TypedReader } from '../store/port';
import { Router, type Request, type Response } from 'express';
import { matchesWhere, owner, type Where } from '../../src/schema/access';
import { administratorCalling, currentUser, isAdministrator } from '../auth/session';
import { isArchivedHotel } from '../auth/accounts';
import type { AppContext } from '../context';
import {
  UPLOAD_QUOTA_MESSAGE,
  UPLOAD_RATE_MESSAGE,
  UPLOAD_RATE_WINDOW_MS,
} from '../../src/schema/uploads';
import { asyncHandler, HttpError } from '../http/errors';
import { SlidingWindow } from '../http/rateLimit';
import type { StoredUser, Upload } from '../store/types';
import { ClosingError, receiveUpload, refuseUpload, type Received } from './receive';
import { message } from '../../src/schema/messages';
import {
  fileUrl,
  FILES_PATH,
  parseFileUrl,
  randomFileName,
  NAME_PATTERN,
  TENANT_PATTERN,
  tempDir,
  tenantOf,
  uploadsRoot,
} from './storage';

const MB = 1024 * 1024;
const ID_PATTERN = /^[1-9][0-9]{0,15}$/;

/** What the API answers about an upload (who uploaded it stays on the server). */
export const presentUpload = ({ id, url, name, size, type, ownerId, createdAt }: Upload) => ({
  id,
  url,
  name,
  size,
  type,
  ownerId,
  createdAt,
});

const uploadsOf = async (ctx: AppContext, where?: Where) => await ctx.store.find('uploads', where);

/** What a hotel's uploads (or, for `null`, the platform's) take now, from the stored records. */
async function usedBytes(store: TypedReader, ownerId: number | null): Promise<number> {
  let total = 0;
  for (const row of await store.find('uploads', { ownerId })) total += Number(row.size) || 0;
  return total;
}

/** Who reads which uploads: an operator their own, an administrator all (the owner() preset). */
const readScope = (user: StoredUser) => owner()({ actor: user, operation: 'read' });

const chooseHotel = () =>
  new HttpError(422, 'Validation failed', { ownerId: [message('apiErrors.chooseHotel')] });

/**
 * Whose upload this is: an operator's always their own; an administrator's the hotel named by
 * `ownerId` (form field or query), or nobody's (the `admin` folder) without one.
 */
async function ownerFor(
  ctx: AppContext,
  actor: StoredUser,
  wanted: unknown,
): Promise<number | null> {
  if (!isAdministrator(actor)) return actor.id;
  if (wanted === undefined || wanted === '') return null;
  if (typeof wanted !== 'string' || !ID_PATTERN.test(wanted)) throw chooseHotel();
  const hotel = await ctx.store.get('users', Number(wanted));
  if (!hotel || hotel.role !== 'operator') throw chooseHotel();
  return hotel.id;
}

/** `?kind=image` limits an upload to images (an image field's); `file` or none allows PDFs too. */
function imagesOnly(req: Request): boolean {
  const kind = req.query.kind;
  if (kind === undefined || kind === 'file') return false;
  if (kind === 'image') return true;
  throw new HttpError(400, 'kind must be "image" or "file"');
}

/**
 * `POST /uploads`, `GET /uploads`, `DELETE /uploads/:id`: signed-in callers only (mount after
 * `identify`). Multipart bodies pass the JSON-only rule through NON_JSON_BODY_PATHS.
 */
export function uploadRoutes(ctx: AppContext): Router {
  const router = Router({ caseSensitive: true });
  const root = uploadsRoot(ctx.config);
  const limitBytes = ctx.config.uploadLimitMb * MB;
  const quotaBytes = ctx.config.uploadQuotaMb * MB;
  // Uploads per account in any 10 minutes (counted where the sign-in limits are).
  const uploads = new SlidingWindow(
    ctx.limiter,
    'uploads',
    ctx.config.uploadRateLimit,
    UPLOAD_RATE_WINDOW_MS,
    ctx.now,
  );

  router.post(
    '/uploads',
    asyncHandler(async (req, res) => {
      const actor = currentUser(res);
      const onlyImages = imagesOnly(req);
      // A bad ownerId in the query is refused before the body is read.
      const known =
        req.query.ownerId !== undefined ? await ownerFor(ctx, actor, req.query.ownerId) : undefined;
      let received: Received;
      try {
        // Counted before the body is read (check and count in one step), so parallel uploads
        // cannot slip past the limit.
        const taken = await uploads.take(String(actor.id));
        if (taken.wait !== undefined) {
          await refuseUpload(
            req,
            limitBytes,
            new HttpError(429, UPLOAD_RATE_MESSAGE, undefined, {
              'Retry-After': String(taken.wait),
            }),
          );
        }
        // A hotel whose files already fill its quota is told so before its file is stored.
        const owner = known !== undefined ? known : isAdministrator(actor) ? undefined : actor.id;
        if (owner !== undefined && (await usedBytes(ctx.store, owner)) >= quotaBytes) {
          await refuseUpload(req, limitBytes, new HttpError(413, UPLOAD_QUOTA_MESSAGE));
        }
        await fs.promises.mkdir(tempDir(root), { recursive: true });
        received = await receiveUpload(req, {
          tempDir: tempDir(root),
          limitBytes,
          imagesOnly: onlyImages,
        });
      } catch (error) {
        // The body was not read to its end: the connection cannot carry another request.
        if (error instanceof ClosingError) res.setHeader('Connection', 'close');
        throw error;
      }
      let saved: { tenant: string; name: string } | undefined;
      try {
        const ownerId = await ownerFor(ctx, actor, received.fields.ownerId ?? req.query.ownerId);
        const tenant = tenantOf(ownerId);
        const name = randomFileName(received.sniffed.ext);
        // The file first, then the record that names it: a crash in between leaves a stray
        // file (the sweep removes it), never a record without its file.
        await ctx.files.save({
          tenant,
          name,
          type: received.sniffed.type,
          tempFile: received.tempFile,
          size: received.size,
          at: ctx.now(),
        });
        saved = { tenant, name };
        const record = await ctx.store.transaction(async (tx) => {
          // Counted from the stored uploads, in the write: parallel uploads cannot overfill it.
          if ((await usedBytes(tx, ownerId)) + received.size > quotaBytes) {
            throw new HttpError(413, UPLOAD_QUOTA_MESSAGE);
          }
          // raw write: the server's own uploads bookkeeping
          return tx.insert('uploads', {
            url: fileUrl(tenant, name),
            name: received.name,
            size: received.size,
            type: received.sniffed.type,
            ownerId,
            uploadedBy: actor.id,
            createdAt: new Date(ctx.now()).toISOString(),
          });
        });
        res.status(201).json(presentUpload(record));
      } catch (error) {
        if (saved) await ctx.files.remove(saved);
        else await fs.promises.rm(received.tempFile, { force: true });
        throw error;
      }
    }),
  );

  router.get(
    '/uploads',
    asyncHandler(async (req, res) => {
      const actor = currentUser(res);
      const scope = readScope(actor);
      const wanted = req.query.ownerId;
      if (wanted !== undefined && (typeof wanted !== 'string' || !ID_PATTERN.test(wanted))) {
        throw new HttpError(400, 'ownerId must be a user id');
      }
      const url = req.query.url;
      if (url !== undefined && (typeof url !== 'string' || url.length > 300)) {
        throw new HttpError(400, 'url must be the url of an upload');
      }
      // An operator's scope wins over any ownerId it sends (as for every collection).
      const where: Where = {
        ...(scope !== true
          ? scope || { ownerId: -1 }
          : wanted === undefined
            ? {}
            : { ownerId: Number(wanted) }),
        // One upload by its url: the form shows a stored file's name and size.
        ...(url === undefined ? {} : { url }),
      };
      const rows = (await uploadsOf(ctx, where)).sort((a, b) =>
        a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id,
      );
      res.setHeader('X-Total-Count', String(rows.length));
      res.json(rows.map(presentUpload));
    }),
  );

  router.delete(
    '/uploads/:id',
    asyncHandler(async (req, res) => {
      const actor = currentUser(res);
      const id = req.params.id;
      const notFound = new HttpError(404, 'Not found');
      if (!ID_PATTERN.test(id)) throw notFound;
      const record = await ctx.store.get('uploads', Number(id));
      // Another tenant's upload is answered as missing (404 "or not yours", DESIGN §4).
      if (!record || !matchesWhere({ ...record }, readScope(actor))) throw notFound;
      // raw write: the server's own uploads bookkeeping
      await ctx.store.transaction((tx) => tx.remove('uploads', record.id));
      const place = parseFileUrl(record.url);
      if (place) await ctx.files.remove(place);
      res.status(204).end();
    }),
  );
  router.all('/uploads', (_req, _res, next) =>
    next(new HttpError(405, 'Method not allowed', undefined, { Allow: 'GET, HEAD, POST' })),
  );

  return router;
}

/** `Content-Disposition` with the original name, ASCII-safe and in UTF-8 (RFC 6266 / 8187). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * `GET /uploads/files/<tenant>/<name>`: public (guest apps show these images without a token;
 * names are 128 random bits). Only files with an upload record are served, with the type sniffed
 * at upload, `nosniff`, and a CSP that makes a file opened on its own an inert, sandboxed
 * document. PDFs are attachments: a PDF can carry scripts, forms and links, and an attachment is
 * never rendered on the API's origin, whatever PDF viewer (or plugin) the browser has.
 */
export function uploadFileRoutes(ctx: AppContext): Router {
  const router = Router({ caseSensitive: true });
  router.get(
    `${FILES_PATH}/:tenant/:name`,
    asyncHandler(async (req: Request, res: Response) => {
      const { tenant, name } = req.params;
      // The patterns first: nothing else is looked up.
      if (!TENANT_PATTERN.test(tenant) || !NAME_PATTERN.test(name)) {
        throw new HttpError(404, 'Not found');
      }
      const [record] = await uploadsOf(ctx, { url: fileUrl(tenant, name) });
      if (!record) throw new HttpError(404, 'Not found');
      // An archived hotel's guest app is gone (410), its files with it; an administrator's
      // token still reads them (not kept in shared caches, as the public copy is).
      const archived = await isArchivedHotel(ctx.store, record.ownerId);
      if (archived && !(await administratorCalling(ctx, req, res))) {
        throw new HttpError(410, message('offboarding.errors.guestAppGone'));
      }
      const body = await ctx.files.open({ tenant, name });
      if (!body) throw new HttpError(404, 'Not found');
      res.setHeader('Content-Type', record.type);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader(
        'Content-Security-Policy',
        "default-src 'none'; sandbox; frame-ancestors 'none'",
      );
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.setHeader(
        'Content-Disposition',
        contentDisposition(
          record.type === 'application/pdf' ? 'attachment' : 'inline',
          record.name,
        ),
      );
      // The content behind a name never changes; a deleted file may stay cached for a day.
      res.setHeader(
        'Cache-Control',
        archived ? 'private, no-store' : 'public, max-age=86400, immutable',
      );
      if (body.bytes) {
        sendBytes(req, res, body.bytes, body.modified);
        return;
      }
      const file = body.path;
      await new Promise<void>((resolve, reject) => {
        res.sendFile(file, { dotfiles: 'deny', acceptRanges: true }, (error?: unknown) => {
          const code = (error as NodeJS.ErrnoException | undefined)?.code;
          // Sent, or the client went away (nobody to answer).
          if (!error || res.headersSent || code === 'ECONNABORTED') resolve();
          else if (code === 'ENOENT' || code === 'EISDIR') {
            for (const header of ['Content-Type', 'Content-Disposition', 'Cache-Control']) {
              res.removeHeader(header);
            }
            reject(new HttpError(404, 'Not found'));
          } else reject(error);
        });
      });
    }),
  );
  // Anything else under the files path (another depth, an encoded `..`) names no file.
  router.all(`${FILES_PATH}/*`, (_req, _res, next) => next(new HttpError(404, 'Not found')));
  return router;
}

/**
 * A file from the database as `sendFile` sends one from disk: Last-Modified and an ETag (304 to
 * a fresh conditional GET), and one byte range (206, or 416 past the end).
 */
function sendBytes(req: Request, res: Response, bytes: Buffer, modified: number): void {
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Last-Modified', new Date(modified).toUTCString());
  res.setHeader('ETag', `W/"${bytes.length.toString(16)}-${modified.toString(16)}"`);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  const ranges = req.headers.range ? req.range(bytes.length, { combine: true }) : undefined;
  if (ranges === -1) {
    res.setHeader('Content-Range', `bytes */${bytes.length}`);
    res.status(416).end();
    return;
  }
  if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
    const { start, end } = ranges[0]!;
    res.setHeader('Content-Range', `bytes ${start}-${end}/${bytes.length}`);
    res.status(206).end(bytes.subarray(start, end + 1));
    return;
  }
  // No range, or several (answered whole, as RFC 9110 allows).
  res.setHeader('Content-Length', String(bytes.length));
  res.status(200).end(req.method === 'HEAD' ? undefined : bytes);
}
