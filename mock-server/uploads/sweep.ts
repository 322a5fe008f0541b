import fs from 'node:fs';
import type { TypedReader } from '../store/port';
import path from 'node:path';
import type { Field } from '../../src/schema/fields';
import type { Resource } from '../../src/schema/resource';
import type { AppContext } from '../context';
import { fileUrl, parseFileUrl, tempDir, uploadsRoot } from './storage';

/** An upload no record references is removed once it is this old. */
export const UNREFERENCED_TTL_MS = 24 * 60 * 60 * 1000;
/** How often the sweep runs (and once at startup). */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** A temp file this old belongs to no upload still in progress (a crash left it). */
const TEMP_TTL_MS = 60 * 60 * 1000;

type Row = Record<string, unknown>;

/** A stored value refers to an upload: the url itself, or an absolute address ending in it. */
const isUrlOf = (value: unknown, url: string): boolean =>
  typeof value === 'string' && (value === url || value.endsWith(url));

/**
 * Marks in `found` the candidate urls one record's declared fields reference: an `image` or
 * `file` field holding the url, rich text (and raw JSON) containing it; the parts of `items`
 * and `group` fields likewise.
 */
function collectReferences(
  fields: Readonly<Record<string, Field>>,
  record: Row,
  candidates: readonly string[],
  found: Set<string>,
): void {
  for (const [name, field] of Object.entries(fields)) {
    const value = record[name];
    if (value === undefined || value === null || value === '') continue;
    // `items` (a list of sub-records) and `group` (one sub-record) declare their parts in `of`.
    const parts = (field as { of?: Record<string, Field> }).of;
    if (field.kind === 'image' || field.kind === 'file') {
      for (const url of candidates) if (isUrlOf(value, url)) found.add(url);
    } else if (field.kind === 'richText' || field.kind === 'json') {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      for (const url of candidates) if (text.includes(url)) found.add(url);
    } else if (parts && typeof value === 'object') {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item && typeof item === 'object')
          collectReferences(parts, item as Row, candidates, found);
      }
    }
  }
}

/** Which of `urls` any record of a declared resource references. */
export async function referencedUrls(
  reader: TypedReader,
  resources: readonly Resource[],
  urls: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const resource of resources) {
    if (found.size === urls.length) break;
    const candidates = urls.filter((url) => !found.has(url));
    for (const record of await reader.find(resource.name)) {
      collectReferences(resource.fields as Record<string, Field>, record, candidates, found);
    }
  }
  return found;
}

async function listDir(dir: string): Promise<fs.Dirent[]> {
  try {
    return await fs.promises.readdir(dir, { withFileTypes: true });
  } catch {
    return []; // Nothing uploaded yet.
  }
}

async function olderThan(file: string, cutoff: number): Promise<boolean> {
  try {
    return (await fs.promises.lstat(file)).mtimeMs <= cutoff;
  } catch {
    return false;
  }
}

export interface SweepResult {
  /** Uploads removed (record and file). */
  removed: number;
  /** Files without a record (a crash between storing and recording) and stale temp files. */
  strays: number;
}

/**
 * Removes the uploads no record references once they are a day old (record, then file), files
 * that have no record after a day, and temp files a crash left. References are looked up in the
 * same transaction that removes the records, so a record saved meanwhile keeps its upload.
 */
export async function sweepUploads(
  ctx: Pick<AppContext, 'store' | 'resources' | 'config' | 'now' | 'files'>,
): Promise<SweepResult> {
  const now = ctx.now();
  const cutoff = now - UNREFERENCED_TTL_MS;
  const root = uploadsRoot(ctx.config);
  const gone = await ctx.store.transaction(async (tx) => {
    const old = await tx.find('uploads', {
      createdAt: { lte: new Date(cutoff).toISOString() },
    });
    if (!old.length) return [];
    const referenced = await referencedUrls(
      tx,
      ctx.resources,
      old.map((upload) => upload.url),
    );
    const unreferenced = old.filter((upload) => !referenced.has(upload.url));
    // raw write: the server's own uploads bookkeeping
    for (const upload of unreferenced) await tx.remove('uploads', upload.id);
    return unreferenced;
  });
  for (const upload of gone) {
    const place = parseFileUrl(upload.url);
    if (place) await ctx.files.remove(place);
  }

  let strays = 0;
  // Candidates first, records after: a file saved meanwhile is younger than the cutoff.
  const old = await ctx.files.storedBefore(cutoff);
  const known = new Set((await ctx.store.find('uploads')).map((upload) => upload.url));
  for (const file of old) {
    if (known.has(fileUrl(file.tenant, file.name))) continue;
    await ctx.files.remove(file);
    strays++;
  }
  strays += await sweepTemp(root, now);
  return { removed: gone.length, strays };
}

/**
 * Removes the temp files a crash left in this machine's uploads folder (every driver receives
 * into it): run by every process, not only the one that holds the sweep's lock.
 */
export async function sweepTemp(root: string, now: number): Promise<number> {
  let strays = 0;
  const temp = tempDir(root);
  for (const entry of await listDir(temp)) {
    const file = path.join(temp, entry.name);
    if (!entry.isFile() || !(await olderThan(file, now - TEMP_TTL_MS))) continue;
    await fs.promises.rm(file, { force: true });
    strays++;
  }
  return strays;
}

/**
 * Runs the sweep now and then every hour on an unref'd timer (it never keeps the process alive);
 * `stop()` ends it and waits for a run under way (createApp's close(), before the pool closes).
 */
export async function startUploadSweeper(
  ctx: Pick<AppContext, 'store' | 'resources' | 'config' | 'now' | 'files'>,
  everyMs = SWEEP_EVERY_MS,
): Promise<{ stop(): Promise<void> }> {
  let running: Promise<void> = Promise.resolve();
  const run = () =>
    (running = ctx.store
      .exclusive('upload-sweep', () => sweepUploads(ctx))
      // Another process sweeps the shared files now: this one clears its own temp files.
      .then(async (done) => done ?? (await sweepTemp(uploadsRoot(ctx.config), ctx.now())))
      .then(
        () => undefined,
        (error: unknown) => {
          console.error('Upload cleanup failed:', error);
        },
      ));
  await run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
