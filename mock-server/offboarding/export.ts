import { once } from 'node:events';
import { Router, type Response } from 'express';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { OWNER_FIELD, type Actor } from '../../src/schema/access';
import type { Resource } from '../../src/schema/resource';
import { users } from '../../src/resources/users';
import { accountEvent } from '../audit';
import { currentUser, isAdministrator } from '../auth/session';
import { manager } from '../../src/schema/access';
import { authorizeWith } from '../engine/access';
import type { AppContext } from '../context';
import { presenter } from '../engine/present';
import { asyncHandler, HttpError } from '../http/errors';
import type { StoredUser, Upload } from '../store/types';
import { parseFileUrl } from '../uploads/storage';
import { hotelParam } from './hotel';

type Row = Record<string, unknown>;

/** What the ZIP holds: one JSON file per resource and the uploads' files, by name. */
export interface HotelExport {
  /** `<resource>.json` → its records, as the API presents them to the hotel (no secrets). */
  json: Record<string, Row[]>;
  /** The hotel's uploads with `file`: their place in the ZIP (null when the file is missing). */
  uploads: (Row & { file: string | null })[];
}

/** The hotel's records of a declaration as the API shows them to the hotel, secrets left out. */
function presentOwn(resource: Resource, hotel: Actor, rows: Row[]): Row[] {
  const present = presenter(resource, hotel);
  const secrets = Object.entries(resource.fields)
    .filter(([, field]) => 'secret' in field && field.secret)
    .map(([name]) => name);
  return rows.map((row) => {
    const shown = present(row);
    for (const name of secrets) delete shown[name];
    return shown;
  });
}

/**
 * Everything that is the hotel's (GDPR Art. 20): its account and, for every declared resource it
 * owns records of, those records; its uploads' records (who uploaded them stays on the server).
 * The server's other collections (reset and verification links, login-as records, OAuth states)
 * hold token hashes and other people's acts, not the hotel's data: not exported.
 */
export async function collectExport(
  { store, resources }: Pick<AppContext, 'store' | 'resources'>,
  hotel: StoredUser,
): Promise<{ json: Record<string, Row[]>; uploads: Upload[] }> {
  const actor: Actor = hotel;
  const json: Record<string, Row[]> = {
    [users.name]: presentOwn(users, actor, [hotel]),
  };
  for (const resource of resources) {
    if (!resource.owned) continue;
    const rows = await store.find(resource.name, { [OWNER_FIELD]: hotel.id });
    json[resource.name] = presentOwn(resource, actor, rows);
  }
  const uploads = await store.find('uploads', {
    [OWNER_FIELD]: hotel.id,
  });
  return { json, uploads };
}

const encoder = new TextEncoder();

/**
 * Streams the ZIP: the JSON files (deflated), then each upload's file as stored (images and
 * PDFs are compressed already), one file in memory at a time and waiting for the client to take
 * the bytes, so a hotel with many uploads does not fill the API's memory.
 */
async function streamZip(
  res: Response,
  ctx: Pick<AppContext, 'files'>,
  data: { json: Record<string, Row[]>; uploads: Upload[] },
): Promise<void> {
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      res.destroy(error);
      return;
    }
    res.write(chunk);
    if (final) res.end();
  });
  const drained = async () => {
    if (res.writableNeedDrain) await once(res, 'drain');
  };
  const add = (name: string, bytes: Uint8Array, deflate: boolean) => {
    const entry = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(entry);
    entry.push(bytes, true);
  };
  for (const [name, rows] of Object.entries(data.json)) {
    add(`${name}.json`, encoder.encode(JSON.stringify(rows, null, 2)), true);
    await drained();
  }
  const listed: HotelExport['uploads'] = [];
  for (const upload of data.uploads) {
    const { uploadedBy: _uploadedBy, ...shown } = upload;
    const place = parseFileUrl(upload.url);
    const bytes = place && (await ctx.files.read(place));
    const file = place && bytes ? `uploads/${place.name}` : null;
    if (file && bytes) {
      add(file, bytes, false);
      await drained();
    }
    listed.push({ ...shown, file });
  }
  add('uploads.json', encoder.encode(JSON.stringify(listed, null, 2)), true);
  zip.end();
}

/** `hotel-<slug>-<YYYY-MM-DD>.zip` */
const fileName = (hotel: StoredUser, at: number) =>
  `hotel-${hotel.slug || hotel.id}-${new Date(at).toISOString().slice(0, 10)}.zip`;

/**
 * `GET /users/:id/export` (administrators, a hotel) and `GET /users/me/export` (the hotel
 * itself): a ZIP of the hotel's data, one JSON file per resource plus its uploads (GDPR Art. 20
 * portability). Each export is audited before it is sent.
 */
export function exportRoutes(ctx: AppContext): Router {
  const router = Router();
  const send = async (res: Response, actor: StoredUser, hotel: StoredUser) => {
    const data = await collectExport(ctx, hotel);
    await ctx.audit.record(ctx.store, {
      action: 'action',
      name: 'export',
      actor,
      ...accountEvent(hotel),
      detail: `${Object.values(data.json).reduce((sum, rows) => sum + rows.length, 0)} records, ${data.uploads.length} uploads`,
    });
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName(hotel, ctx.now())}"`);
    res.setHeader('Cache-Control', 'no-store');
    await streamZip(res, ctx, data);
  };
  router.get(
    '/users/me/export',
    asyncHandler(async (_req, res) => {
      const actor = currentUser(res);
      // The hotel's data is its managers' to take away (issue 40).
      authorizeWith(manager(), 'read', actor);
      await send(res, actor, actor);
    }),
  );
  router.get(
    '/users/:id/export',
    asyncHandler(async (req, res) => {
      const actor = currentUser(res);
      if (!isAdministrator(actor)) throw new HttpError(403, 'You are not allowed to do this');
      await send(res, actor, await hotelParam(ctx.store, String(req.params.id)));
    }),
  );
  return router;
}
