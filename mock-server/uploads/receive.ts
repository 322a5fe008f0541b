import busboy from 'busboy';
import type { Request } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { answerFor, HttpError } from '../http/errors';
import { isImageType, sniff, SNIFF_BYTES, type SniffedType } from './sniff';
import { randomFileName } from './storage';

/** The spec's text for anything too big (SPEC §5). */
export const TOO_LARGE_MESSAGE = 'The images are too large';
export const REFUSED_TYPE_MESSAGE =
  'Only PNG, JPEG, WebP, GIF images and PDF files can be uploaded';
export const REFUSED_IMAGE_MESSAGE = 'Only PNG, JPEG, WebP and GIF images can be uploaded here';

/**
 * How much of an over-limit body is still read (and thrown away) so that the client hears the
 * 413: a browser that is cut off while it sends sees a network error, not the answer. Past this,
 * the connection is closed.
 */
export const DRAIN_FACTOR = 10;

/** The multipart part that carries the file. */
export const FILE_FIELD = 'file';

export interface ReceiveOptions {
  /** Folder for the temp file (same file system as the final folder, for an atomic rename). */
  tempDir: string;
  limitBytes: number;
  /** Only images (an `image` field's upload). */
  imagesOnly: boolean;
}

export interface Received {
  /** The complete, fsynced temp file; the caller renames it into place or removes it. */
  tempFile: string;
  /** The client's file name, for display only (never used in a path). */
  name: string;
  size: number;
  sniffed: SniffedType;
  /** Plain form fields sent with the file (e.g. `ownerId`). */
  fields: Record<string, string>;
}

export const MALFORMED_MESSAGE = 'Malformed multipart body';

/** An error that also asks for the connection to be closed (the rest of the body is unread). */
export class ClosingError extends HttpError {}

const tooLarge = () => new HttpError(413, TOO_LARGE_MESSAGE);
/** A body that is not `multipart/form-data` (with its boundary): 415, before any of it is read. */
const notMultipart = () =>
  new ClosingError(415, 'Send the file as multipart/form-data, in the field "file"');

/** A display name: the last path segment, no control characters, at most 200 characters. */
export function displayName(raw: string | undefined, ext: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((char) => char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return clean || `upload.${ext}`;
}

const remove = (file: string) => fs.promises.rm(file, { force: true });

async function fsyncFile(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Reads and throws away a body that is refused before its file is looked at (an upload over the
 * rate limit or the quota), so the client hears the answer rather than a cut-off connection;
 * rejects with `refusal`, as a ClosingError when the body is longer than what is still drained.
 */
export function refuseUpload(req: Request, limitBytes: number, refusal: HttpError): Promise<never> {
  const drainCap = limitBytes * DRAIN_FACTOR + 1024 * 1024;
  const closing = () =>
    Object.assign(
      new ClosingError(refusal.statusCode, refusal.message, refusal.errors, refusal.headers),
      { resource: refusal.resource, language: refusal.language },
    );
  const length = Number(req.headers['content-length']);
  if (Number.isFinite(length) && length > drainCap) return Promise.reject(closing());
  return new Promise<never>((_resolve, reject) => {
    let seen = 0;
    let settled = false;
    const settle = (whole: boolean) => {
      if (settled) return;
      settled = true;
      req.off('data', count);
      if (!whole) req.pause();
      reject(whole ? refusal : closing());
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > drainCap) settle(false);
    };
    req.on('data', count);
    req.once('end', () => settle(true));
    req.once('close', () => settle(req.complete));
    req.once('error', () => settle(false));
    req.resume();
  });
}

/**
 * Streams one multipart upload to a temp file: the type is sniffed from the first bytes (a
 * refused type stops the writing at once), the size is limited while it streams (busboy's
 * `fileSize`), and on any failure the temp file is removed before the promise rejects. The rest
 * of a refused body is read and discarded (up to DRAIN_FACTOR times the limit) so the client
 * gets the answer.
 */
export function receiveUpload(req: Request, options: ReceiveOptions): Promise<Received> {
  const drainCap = options.limitBytes * DRAIN_FACTOR + 1024 * 1024;
  const length = Number(req.headers['content-length']);
  if (Number.isFinite(length) && length > drainCap) {
    return Promise.reject(new ClosingError(413, TOO_LARGE_MESSAGE));
  }
  // busboy also reads url-encoded forms, which carry no file: only multipart is an upload.
  const type = String(req.headers['content-type'] ?? '');
  if (!/^multipart\/form-data\s*;/i.test(type)) return Promise.reject(notMultipart());
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: {
        files: 1,
        // busboy calls a file that reaches fileSize truncated: one byte more, so a file of
        // exactly the limit is taken (README: only larger ones are refused).
        fileSize: options.limitBytes + 1,
        fields: 10,
        fieldSize: 1000,
        parts: 20,
        headerPairs: 20,
      },
    });
  } catch {
    return Promise.reject(notMultipart());
  }

  return new Promise<Received>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let failure: HttpError | undefined;
    let file: Promise<Omit<Received, 'fields'> | undefined> | undefined;
    let settled = false;
    let received = 0;

    const fail = (error: HttpError) => {
      failure ??= error;
    };
    const settle = async () => {
      if (settled) return;
      settled = true;
      const result = await (file ?? Promise.resolve(undefined)).catch((error: unknown) => {
        fail(answerFor(error) ?? new HttpError(500, 'Something went wrong'));
        return undefined;
      });
      if (failure || !result) {
        if (result) await remove(result.tempFile);
        reject(
          failure ??
            new HttpError(400, 'Send the file as multipart/form-data, in the field "file"'),
        );
        return;
      }
      resolve({ ...result, fields });
    };
    let cancelFile: (() => void) | undefined;
    // Over the drain cap, a malformed body or the client went away: stop reading, answer now.
    const abort = (error: HttpError) => {
      fail(error);
      req.unpipe(parser);
      cancelFile?.();
      void settle();
    };

    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > drainCap && !settled) abort(new ClosingError(413, TOO_LARGE_MESSAGE));
    });
    req.on('close', () => {
      if (!req.complete && !settled) abort(new ClosingError(400, 'The upload was interrupted'));
    });

    parser.on('field', (name, value, info) => {
      if (!info.nameTruncated && !info.valueTruncated) fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== FILE_FIELD || file || failure) {
        stream.resume();
        return;
      }
      const writing = writeFile(stream, info.filename, options, fail);
      cancelFile = writing.cancel;
      file = writing.done;
    });
    parser.on('error', () => abort(new ClosingError(400, MALFORMED_MESSAGE)));
    req.on('error', () => abort(new ClosingError(400, 'The upload was interrupted')));
    parser.on('close', () => void settle());
    req.pipe(parser);
  });
}

/**
 * Writes one file part to a temp file. The part is always read to its end (busboy waits for
 * that before it finishes the form); after a refusal its bytes are discarded.
 */
function writeFile(
  stream: Readable & { truncated?: boolean },
  filename: string | undefined,
  options: ReceiveOptions,
  fail: (error: HttpError) => void,
): { done: Promise<Omit<Received, 'fields'> | undefined>; cancel: () => void } {
  let head: Buffer = Buffer.alloc(0);
  let sniffed: SniffedType | undefined;
  let size = 0;
  let out: fs.WriteStream | undefined;
  let stopped = false;
  const tempFile = path.join(options.tempDir, `${randomFileName('part')}`);

  const stop = () => {
    if (stopped) return;
    stopped = true;
    out?.destroy();
    stream.resume();
  };
  const refuse = (error: HttpError) => {
    fail(error);
    stop();
  };
  const decide = (bytes: Buffer): boolean => {
    sniffed = sniff(bytes);
    // An image field's refusal names what that field takes.
    if (!sniffed || (options.imagesOnly && !isImageType(sniffed.type))) {
      refuse(new HttpError(415, options.imagesOnly ? REFUSED_IMAGE_MESSAGE : REFUSED_TYPE_MESSAGE));
    }
    return !stopped;
  };
  const open = () => {
    out = fs.createWriteStream(tempFile, { flags: 'wx', mode: 0o644 });
    out.on('error', () => refuse(new HttpError(500, 'Something went wrong')));
  };
  const write = (chunk: Buffer) => {
    if (!out!.write(chunk)) {
      stream.pause();
      out!.once('drain', () => stream.resume());
    }
  };

  let finish: () => Promise<void> = async () => undefined;
  const done = new Promise<Omit<Received, 'fields'> | undefined>((resolve) => {
    let finished = false;
    finish = async () => {
      if (finished) return;
      finished = true;
      if (!stopped && !sniffed && decide(head)) {
        open();
        write(head);
      }
      if (stream.truncated || size > options.limitBytes) refuse(tooLarge());
      if (out) {
        const writer = out;
        if (!stopped) writer.end();
        await new Promise<void>((closed) => {
          if (writer.closed) closed();
          else writer.once('close', () => closed());
        });
      }
      if (stopped || !sniffed) {
        await remove(tempFile);
        resolve(undefined);
        return;
      }
      try {
        await fsyncFile(tempFile);
      } catch {
        await remove(tempFile);
        fail(new HttpError(500, 'Something went wrong'));
        resolve(undefined);
        return;
      }
      resolve({ tempFile, name: displayName(filename, sniffed.ext), size, sniffed });
    };
    stream.on('limit', () => refuse(tooLarge()));
    // busboy errors the part's stream when the body ends inside it (no closing boundary): without
    // a listener that error stopped the process. The form's own 'error' answers the request.
    stream.on('error', () => {
      refuse(new ClosingError(400, MALFORMED_MESSAGE));
      void finish();
    });
    stream.on('data', (chunk: Buffer) => {
      if (stopped) return;
      size += chunk.length;
      if (!sniffed) {
        head = Buffer.concat([head, chunk]);
        if (head.length < SNIFF_BYTES || !decide(head)) return;
        open();
        chunk = head;
        head = Buffer.alloc(0);
      }
      write(chunk);
    });
    stream.on('end', () => void finish());
  });
  // The part will not end (the body is no longer read): drop what was written.
  const cancel = () => {
    stop();
    void finish();
  };
  return { done, cancel };
}
