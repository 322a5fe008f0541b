import { resolveUploadUrl } from '../../../crud/kinds/upload/uploadUrl';
import { PAGE_TEMPLATES, PAGE_TYPES, pages } from '../../../resources/pages';
import { luminance } from '../../../shell/color';

export type PageType = (typeof PAGE_TYPES)[number];
export type PageTemplate = (typeof PAGE_TEMPLATES)[number];

/** The guest app's colours of a page, each a valid CSS colour (the declared default otherwise). */
export interface PreviewStyling {
  background: string;
  titleColor: string;
  buttonColor: string;
  buttonTitleColor: string;
  /** Body text: dark on a light background, light on a dark one (pages have no text colour). */
  textColor: string;
  /** The raw font value; `usePageFont` checks it. */
  font: unknown;
}

/** What the preview shows of the form's values, every part present and of its type. */
export interface PreviewPage {
  type: PageType;
  title: string;
  description: string;
  body: string;
  /** The stored PDF's path or address, as the form holds it (empty: none yet). */
  pdf: string;
  iframe: string;
  /** The cover's address to load (resolved against the API), if there is one. */
  cover?: string;
  template: PageTemplate;
  styling: PreviewStyling;
}

const COLOUR_NAMES = ['background', 'titleColor', 'buttonColor', 'buttonTitleColor'] as const;
type ColourName = (typeof COLOUR_NAMES)[number];

/** The declaration's defaults (resources/pages.ts), so the preview starts as a new page does. */
const stylingParts = pages.fields.styling.of as Record<string, { default?: unknown } | undefined>;
const FALLBACK: Record<ColourName, string> = {
  background: '#ffffff',
  titleColor: '#212b36',
  buttonColor: '#7635dc',
  buttonTitleColor: '#ffffff',
};
const DEFAULT_COLOURS = Object.fromEntries(
  COLOUR_NAMES.map((name) => {
    const declared = stylingParts[name]?.default;
    return [name, typeof declared === 'string' ? declared : FALLBACK[name]];
  }),
) as Record<ColourName, string>;

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A colour the operator typed, if it is one yet (`#12` while typing `#123456` is not). */
export function cssColour(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const colour = value.trim();
  if (HEX.test(colour)) return colour;
  // Other CSS colours (rgb(), names) where the browser can tell; never anything else.
  if (colour.length <= 64 && /^[a-z0-9#(),.%\s-]+$/i.test(colour)) {
    return typeof CSS !== 'undefined' && CSS.supports?.('color', colour) ? colour : undefined;
  }
  return undefined;
}

const DARK_TEXT = '#212b36';
const LIGHT_TEXT = '#f4f6f8';

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const oneOf = <T extends string>(options: readonly T[], value: unknown, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/** The styling group as the form holds it: `styling.background` (nested) or a flat key. */
function stylingPart(values: Record<string, unknown>, name: string): unknown {
  const group = values.styling;
  if (group && typeof group === 'object') {
    const part = (group as Record<string, unknown>)[name];
    if (part !== undefined) return part;
  }
  return values[`styling.${name}`];
}

/** The preview's reading of the form values: cheap, so it runs on every change. */
export function previewPageOf(values: Record<string, unknown>): PreviewPage {
  const colours = Object.fromEntries(
    COLOUR_NAMES.map((name) => [
      name,
      cssColour(stylingPart(values, name)) ?? DEFAULT_COLOURS[name],
    ]),
  ) as Record<ColourName, string>;
  const light = luminance(colours.background);
  const cover = str(values.cover).trim();
  return {
    type: oneOf(PAGE_TYPES, values.type, 'content'),
    title: str(values.title).trim(),
    description: str(values.description).trim(),
    body: str(values.body),
    pdf: str(values.pdf).trim(),
    iframe: str(values.iframe).trim(),
    cover: cover ? resolveUploadUrl(cover) : undefined,
    template: oneOf(PAGE_TEMPLATES, values.template, 'rows'),
    styling: {
      ...colours,
      textColor: light !== undefined && light < 0.4 ? LIGHT_TEXT : DARK_TEXT,
      font: stylingPart(values, 'font'),
    },
  };
}

/** An `https://` address with a host: the only kind an iframe page may embed. */
export function embeddableAddress(value: string): string | undefined {
  if (!/^https:\/\/[^\s/?#]+/i.test(value)) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The file name at the end of a stored path or address (`menu.pdf`), decoded. */
export function fileNameOf(value: string): string {
  const last = value.split(/[?#]/)[0]?.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** One subpage as a tile: what the guest app shows of it. */
export interface SubpageTile {
  key: string | number;
  title: string;
  /** The cover's address to load, if it has one. */
  cover?: string;
  /** Not published: guests do not see it yet; the preview shows it faded. */
  draft?: boolean;
}

/** A stored page as the preview reads it. */
export interface StoredSubpage {
  id: number;
  title?: unknown;
  cover?: unknown;
  published?: unknown;
}

/** A stored subpage as a tile (a page without a title yet gets the placeholder title). */
export function tileOf(page: StoredSubpage, untitled: string): SubpageTile {
  const title = typeof page.title === 'string' && page.title.trim() ? page.title.trim() : untitled;
  const cover =
    typeof page.cover === 'string' && page.cover ? resolveUploadUrl(page.cover) : undefined;
  return { key: page.id, title, cover, draft: page.published === false };
}
