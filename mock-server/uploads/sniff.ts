/**
 * What a file is, decided from its first bytes (magic numbers) — never from its name or the
 * Content-Type the client sent, both of which the client chooses. Only the five types the
 * dashboard and the guest apps show are known; anything else (SVG, HTML, text, archives…) is
 * refused by the upload route.
 */
export interface SniffedType {
  /** The Content-Type the file is served with. */
  type: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'application/pdf';
  /** The extension of the stored file. */
  ext: 'png' | 'jpg' | 'webp' | 'gif' | 'pdf';
}

/** How many leading bytes `sniff` needs to decide (shorter files are judged on what they have). */
export const SNIFF_BYTES = 16;

const ascii = (text: string) => Buffer.from(text, 'latin1');

const startsWith = (head: Uint8Array, magic: Uint8Array, at = 0): boolean =>
  head.length >= at + magic.length && magic.every((byte, index) => head[at + index] === byte);

const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
// SOI followed by the first marker's 0xFF (every JPEG flavour: JFIF, Exif, raw).
const JPEG = Uint8Array.of(0xff, 0xd8, 0xff);
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const PDF = ascii('%PDF-');

/** The type of a file from its first bytes (at least SNIFF_BYTES when the file has them). */
export function sniff(head: Uint8Array): SniffedType | undefined {
  if (startsWith(head, PNG)) return { type: 'image/png', ext: 'png' };
  if (startsWith(head, JPEG)) return { type: 'image/jpeg', ext: 'jpg' };
  if (startsWith(head, GIF87) || startsWith(head, GIF89)) return { type: 'image/gif', ext: 'gif' };
  // RIFF <4-byte size> WEBP: a RIFF container holding a WebP image (not WAV or AVI).
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8))
    return { type: 'image/webp', ext: 'webp' };
  if (startsWith(head, PDF)) return { type: 'application/pdf', ext: 'pdf' };
  return undefined;
}

export const isImageType = (type: string): boolean => type.startsWith('image/');
