import { apiUrl } from '../../../providers/http';
import { UPLOADED_FILES_PATH } from '../../../schema/richText';

/**
 * Where the browser loads an image of rich text from: a stored `/uploads/files/…` path is the
 * API's, so it is resolved against the API's base address; other addresses are used as they are.
 */
export const imageUrl = (src: string): string =>
  src.startsWith(UPLOADED_FILES_PATH) ? apiUrl(src) : src;
