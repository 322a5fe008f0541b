import { asString } from './common';
import { boundedString } from './text';
import { defineKind } from './types';
import type { TextField } from '../fields';
import { plainText, sanitizeRichText } from '../richText';

/** HTML from the editor: sanitised by the server before it is stored, read as plain text. */
export const richText = defineKind<TextField>({
  rule: boundedString,
  empty: () => '',
  stringLike: true,
  text: (_field, value) => plainText(asString(value)),
  normalize: (value) => (typeof value === 'string' ? sanitizeRichText(value) : value),
});
