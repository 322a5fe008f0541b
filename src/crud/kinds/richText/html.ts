import DOMPurify from 'dompurify';
import {
  cleanRichTextAttributes,
  DROPPED_WITH_CONTENT,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_TAGS,
} from '../../../schema/richText';
import { imageUrl } from './imageUrl';

// Our own instance: its hooks do not reach any other user of DOMPurify.
const purify = DOMPurify(window);

purify.addHook('afterSanitizeAttributes', (node) => {
  const tag = node.tagName.toLowerCase();
  const current = Object.fromEntries(
    Array.from(node.attributes, (attribute) => [attribute.name, attribute.value]),
  );
  // The same attribute rules as the server's sanitiser (schema/richText.ts).
  const kept = cleanRichTextAttributes(tag, current);
  for (const name of Object.keys(current)) if (!(name in kept)) node.removeAttribute(name);
  for (const [name, value] of Object.entries(kept)) {
    if (current[name] !== value) node.setAttribute(name, value);
  }
  // An image without an allowed source and a link without an allowed address are left inert
  // here (the server removes and unwraps them); removing nodes mid-walk would skip their children.
  if (tag === 'img' && kept.src) node.setAttribute('src', imageUrl(kept.src));
});

const CONFIG = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOWED_URI_REGEXP: /^(?:https?:\/\/|mailto:|\/uploads\/files\/)/i,
  // DOMPurify tests every other attribute's value against that pattern too, unless it is listed
  // as holding no address; their values are checked by cleanRichTextAttributes instead.
  ADD_URI_SAFE_ATTR: Object.values(RICH_TEXT_ATTRIBUTES)
    .flat()
    .filter((name) => name !== 'href' && name !== 'src'),
  ADD_FORBID_CONTENTS: [...DROPPED_WITH_CONTENT],
};

/**
 * Rich text made safe to put into the page: sanitised again in the browser (DOMPurify) with the
 * allowlist the server used, images of uploads pointed at the API.
 */
export const safeRichTextHtml = (html: string): string => purify.sanitize(html, CONFIG);
