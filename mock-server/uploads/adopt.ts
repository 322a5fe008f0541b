import fs from 'node:fs';
import type { TypedWriter } from '../store/port';
import os from 'node:os';
import path from 'node:path';
import type { FileStore } from './files';
import { ADMIN_TENANT, fileUrl, parseFileUrl } from './storage';

/**
 * A new hotel's files that its creator uploaded before the hotel existed (the wizard's logo and
 * favicon, in the administrator's `admin` folder) become the hotel's: copied into its folder,
 * recorded as its uploads, and named so by its branding. The hotel's export then holds them and
 * archiving it takes them offline with its other files. The administrator's copies are left to
 * the sweep (no record points at them any more).
 */
export async function adoptUploads(
  files: FileStore,
  tx: TypedWriter,
  hotelId: number,
  fields: readonly string[],
  now: number,
): Promise<void> {
  const [branding] = await tx.find('branding', { ownerId: hotelId });
  if (!branding) return;
  const moved: Record<string, string> = {};
  for (const field of fields) {
    const url = branding[field];
    const place = typeof url === 'string' ? parseFileUrl(url) : undefined;
    if (!place || place.tenant !== ADMIN_TENANT) continue;
    const [upload] = await tx.find('uploads', { url: url as string });
    const bytes = await files.read(place);
    if (!upload || !bytes) continue;
    const tempFile = path.join(
      await fs.promises.mkdtemp(path.join(os.tmpdir(), 'stay-adopt-')),
      place.name,
    );
    await fs.promises.writeFile(tempFile, bytes);
    const tenant = String(hotelId);
    await files.save({
      tenant,
      name: place.name,
      type: String(upload.type),
      tempFile,
      size: bytes.length,
      at: now,
    });
    await fs.promises.rm(path.dirname(tempFile), { recursive: true, force: true });
    const { id: _id, ...record } = upload;
    moved[field] = fileUrl(tenant, place.name);
    // raw write: the server's own uploads bookkeeping
    await tx.insert('uploads', { ...record, url: moved[field], ownerId: hotelId });
  }
  // raw write: the files moved into the new hotel's folder, in the create's server hook
  if (Object.keys(moved).length) await tx.update('branding', branding.id, moved);
}
