/**
 * Rich text: the one allowlist of the HTML a `richText` field may hold, shared by the server's
 * sanitiser (sanitize-html, before anything is stored), the dashboard's (DOMPurify, where it is
 * shown) and the editor (which produces nothing else).
 *
 * Pure TypeScript: no DOM, no library at the top level. The dashboard's main bundle imports this
 * file, so `sanitizeRichText` loads sanitize-html only when the server first calls it.
 *
 * What the allowlist refuses: every tag and attribute not listed (so scripts, event handlers,
 * `style`, `class`, forms, SVG and MathML); `javascript:`, `data:`, `vbscript:` and any other
 * scheme; protocol-relative addresses (`//host/…`, whose meaning depends on where the HTML is
 * shown: in a guest app's web view it can become `file:`); and iframes of any origin — the issue
 * asks for "no foreign iframes", we allow none.
 */

/** The elements rich text may contain: what the editor's toolbar produces, and nothing else. */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'img',
  'hr',
] as const;

/** The attributes each element may carry; every other attribute is removed. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  // The editor writes these for a numbered list that does not start at 1 or counts in letters.
  ol: ['start', 'type'],
};

/** Schemes a link may use. */
export const LINK_SCHEMES = ['http:', 'https:', 'mailto:'] as const;
/** Schemes an image may be loaded from, besides the API's own uploads. */
export const IMAGE_SCHEMES = ['http:', 'https:'] as const;
/** Where the API serves uploaded files; an image may name one by its path alone. */
export const UPLOADED_FILES_PATH = '/uploads/files/';

/** The `rel` a link that opens a new window always gets (no `window.opener`, no referrer). */
export const NEW_WINDOW_REL = 'noopener noreferrer';

/**
 * Disallowed elements whose content goes with them (script source, style sheets, embedded
 * documents). Every other disallowed element is unwrapped: its text stays.
 */
export const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'noscript',
  'xmp',
  'iframe',
  'frame',
  'frameset',
  'noembed',
  'noframes',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'textarea',
  'select',
  'option',
  'title',
  'head',
] as const;

const REL_TOKENS = ['noopener', 'noreferrer', 'nofollow', 'ugc'];
const OL_TYPES = ['1', 'a', 'A', 'i', 'I'];
// Control characters anywhere in an address: browsers strip some of them (`java\tscript:`).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// Path segments of an uploaded file: no empty, `.` or `..` segment, no query, no backslash.
const UPLOADED_FILE =
  /^\/uploads\/files\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Whether an absolute address starts with one of the schemes, literally, and parses as one. */
function hasScheme(value: string, schemes: readonly string[]): boolean {
  if (CONTROL.test(value)) return false;
  // The scheme must be spelled out at the very start (no entity, whitespace or case tricks
  // survive this: the parser has decoded entities before any of this runs).
  const literal = /^(https?:\/\/|mailto:)/i.exec(value)?.[1].toLowerCase();
  if (!literal || !schemes.some((scheme) => literal.startsWith(scheme))) return false;
  try {
    return schemes.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A link target rich text may keep: http, https or mailto, written out in full. */
export const isSafeLinkHref = (href: string): boolean => hasScheme(href.trim(), LINK_SCHEMES);

/** An image address rich text may keep: http(s), or a path under the API's uploaded files. */
export function isSafeImageSource(src: string): boolean {
  const value = src.trim();
  if (value.startsWith('/')) return UPLOADED_FILE.test(value);
  return hasScheme(value, IMAGE_SCHEMES);
}

/**
 * The attributes an element keeps, cleaned: only allowlisted names with valid values; addresses
 * trimmed; a link that opens a new window gets `rel="noopener noreferrer"` (other allowed rel
 * words it had are kept). Both sanitisers call this, so they agree attribute by attribute. The
 * server's also drops an `img` left without `src` and unwraps an `a` left without `href`; the
 * browser's leaves them inert (an image without source, an anchor that links nowhere).
 */
export function cleanRichTextAttributes(
  tag: string,
  attributes: Readonly<Record<string, string>>,
): Record<string, string> {
  const allowed = RICH_TEXT_ATTRIBUTES[tag.toLowerCase()] ?? [];
  const kept: Record<string, string> = {};
  for (const [rawName, value] of Object.entries(attributes)) {
    const name = rawName.toLowerCase();
    if (!allowed.includes(name) || typeof value !== 'string') continue;
    switch (name) {
      case 'href':
        if (isSafeLinkHref(value)) kept.href = value.trim();
        break;
      case 'src':
        if (isSafeImageSource(value)) kept.src = value.trim();
        break;
      case 'target':
        // Only a new window: `_top` or `_parent` would navigate the page that shows the text.
        if (value.trim().toLowerCase() === '_blank') kept.target = '_blank';
        break;
      case 'width':
      case 'height':
        if (/^\d{1,4}$/.test(value.trim())) kept[name] = value.trim();
        break;
      case 'start':
        if (/^\d{1,6}$/.test(value.trim())) kept.start = value.trim();
        break;
      case 'type':
        if (OL_TYPES.includes(value.trim())) kept.type = value.trim();
        break;
      case 'alt':
        kept.alt = value;
        break;
      case 'rel':
        kept.rel = value; // keeps its place; decided below, once target is known
        break;
    }
  }
  if (tag.toLowerCase() === 'a') {
    const words = (kept.rel ?? '')
      .toLowerCase()
      .split(/\s+/)
      .filter((word, index, all) => REL_TOKENS.includes(word) && all.indexOf(word) === index);
    if (kept.target === '_blank') {
      for (const word of NEW_WINDOW_REL.split(' ')) if (!words.includes(word)) words.push(word);
    }
    if (words.length) kept.rel = words.join(' ');
    else delete kept.rel;
  }
  return kept;
}

// ---------------------------------------------------------------------------------------------
// Plain text (list cells, CSV, search): string work only, no DOM.

// Inline elements join their text to the neighbours'; every other tag separates words.
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'code',
  'em',
  'i',
  'mark',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
]);
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function codePoint(value: number): string {
  const valid =
    Number.isInteger(value) &&
    value > 0 &&
    value <= 0x10ffff &&
    !(value >= 0xd800 && value <= 0xdfff);
  return valid ? String.fromCodePoint(value) : '\uFFFD';
}

/** Decodes the basic named entities and numeric ones in one pass (`&amp;lt;` gives `&lt;`). */
const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const hex = body[1] === 'x' || body[1] === 'X';
      return codePoint(parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10));
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });

const DROPPED_PATTERN = new RegExp(
  `<(${DROPPED_WITH_CONTENT.join('|')})\\b[\\s\\S]*?(?:<\\/\\1\\s*>|$)`,
  'gi',
);

/**
 * The text of rich text on one line: tags removed (blocks and line breaks become spaces, inline
 * marks do not split words), the basic entities decoded, white space collapsed. The answer is
 * text, not HTML: show it as text (React escapes it), never as markup.
 */
export function plainText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
      .replace(DROPPED_PATTERN, ' ')
      // `[^<>]` keeps this linear on broken markup (`<a<a<a…` never rescans).
      .replace(/<\/?([a-z][a-z0-9-]*)\b[^<>]*>/gi, (_tag, name: string) =>
        INLINE.has(name.toLowerCase()) ? '' : ' ',
      ),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// The server's sanitiser.

type SanitizeHtml = typeof import('sanitize-html');

// The specifier is kept from the bundler: the dashboard never calls sanitizeRichText (it shows
// rich text through DOMPurify), so sanitize-html and its parser stay out of the browser build.
const SANITIZE_HTML = 'sanitize-html';
let sanitizer: Promise<SanitizeHtml> | undefined;
const loadSanitizer = () =>
  (sanitizer ??= (
    import(/* @vite-ignore */ SANITIZE_HTML) as Promise<{ default: SanitizeHtml }>
  ).then((module) => module.default));

// Elements that are content without any text.
const CONTENT_WITHOUT_TEXT = /<(img|hr)\b/i;

/**
 * Sanitises rich text with the allowlist above (sanitize-html, Node). Disallowed elements are
 * unwrapped (their text stays) except those in DROPPED_WITH_CONTENT, which go with their content;
 * attributes are cleaned by cleanRichTextAttributes; an image without an allowed source is
 * removed and a link without an allowed address is unwrapped. Void elements are written as HTML
 * writes them (`<br>`, not `<br />`), so the editor's output comes back unchanged. A document
 * without text or image (`<p></p>`, a lone script) becomes ''.
 */
export async function sanitizeRichText(html: string): Promise<string> {
  const sanitizeHtml = await loadSanitizer();
  const clean = sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: Object.fromEntries(
      Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
    ),
    // cleanRichTextAttributes has decided already; these repeat it as a second lock.
    allowedSchemes: [],
    allowedSchemesByTag: {
      a: LINK_SCHEMES.map((scheme) => scheme.slice(0, -1)),
      img: IMAGE_SCHEMES.map((scheme) => scheme.slice(0, -1)),
    },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    allowedClasses: {},
    allowedStyles: {},
    allowVulnerableTags: false,
    disallowedTagsMode: 'discard',
    nonTextTags: [...DROPPED_WITH_CONTENT],
    nestingLimit: 64,
    transformTags: {
      // Headings outside the editor's levels keep their heading, at the nearest allowed level.
      h1: 'h2',
      h5: 'h4',
      h6: 'h4',
      '*': (tagName, attribs) => ({ tagName, attribs: cleanRichTextAttributes(tagName, attribs) }),
    },
    exclusiveFilter: (frame) => {
      if (frame.tag === 'img') return !frame.attribs.src;
      if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
      return false;
    },
  })
    // Every `<` and `>` in text and attribute values is escaped by now, so ` />` only ends a
    // void element, and a no-break space is only text.
    .replace(/ \/>/g, '>')
    .replace(/\u00a0/g, '&nbsp;')
    .trim();
  return plainText(clean) || CONTENT_WITHOUT_TEXT.test(clean) ? clean : '';
}
