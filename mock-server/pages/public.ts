import { Router, type Request } from 'express';
import type { GroupField } from '../../src/schema/fields';
import { isLocale, type Locale } from '../../src/schema/locales';
import { pages as pagesResource } from '../../src/resources/pages';
import { sanitizeRichText } from '../../src/schema/richText';
import type { StoredRecord } from '../../src/schema/store';
import { SLUG_PATTERN } from '../../src/schema/validation';
import { hotelBySlug } from '../auth/accounts';
import type { AppContext } from '../context';
import { presentToGuests } from '../engine/present';
import { guestPreflight, openToAll } from '../guest/open';
import { asyncHandler, HttpError } from '../http/errors';
import type { StoredUser } from '../store/types';

type Row = StoredRecord;
type Styling = Record<string, unknown>;

/** A page in a guest app's menu: what a menu shows, never the content (nor owner or group). */
export interface PublicPageItem {
  id: number;
  title: string;
  slug: string;
  description: string;
  type: string;
  /** The cover's address: a path on the API (`/uploads/files/…`) or an absolute URL; or null. */
  cover: string | null;
  template: string;
  styling: Styling;
  /** The language the page is in: the asked one, or the hotel's source language as a fallback. */
  locale: Locale;
  position: number;
  /** Its published subpages, in position order (each with its own). */
  children: PublicPageItem[];
}

/** A subpage as its parent's page lists it. */
export interface PublicSubpage {
  id: number;
  title: string;
  slug: string;
  description: string;
  cover: string | null;
}

/** One page with its content: the body (sanitised HTML), the PDF or the iframe address. */
export interface PublicPage extends Omit<PublicPageItem, 'children'> {
  body: string | null;
  pdf: string | null;
  iframe: string | null;
  /** The page it is a subpage of (for a back link), or null. */
  parent: { title: string; slug: string } | null;
  children: PublicSubpage[];
}

const notFound = () => new HttpError(404, 'Not found');

/** The declared defaults of the styling group: what a page without its own styling shows. */
const STYLING_DEFAULTS: Styling = Object.fromEntries(
  Object.entries((pagesResource.fields.styling as GroupField).of).map(([name, field]) => [
    name,
    field.default ?? null,
  ]),
);

/** Deeper trees than this are not shown (the declaration refuses them too). */
const MAX_DEPTH = 20;

/**
 * The language a guest app asks for (`?locale=`): one of the hotel's languages, the hotel's
 * source language when it asks for none.
 */
export function askedLocale(req: Request, hotel: StoredUser): Locale {
  const languages = (hotel.locales as unknown[]).filter(isLocale);
  const raw = req.query.locale;
  if (raw === undefined || raw === '') return hotel.sourceLocale;
  if (typeof raw !== 'string' || !isLocale(raw) || !languages.includes(raw)) {
    throw new HttpError(
      400,
      `locale must be one of the hotel’s languages: ${languages.join(', ')}`,
    );
  }
  return raw;
}

/** Menu order: position, then the asked language before a fallback, then age. */
const byPosition = (locale: Locale) => (a: Row, b: Row) =>
  Number(a.position ?? 0) - Number(b.position ?? 0) ||
  Number(a.locale !== locale) - Number(b.locale !== locale) ||
  a.id - b.id;

/**
 * What a guest sees of a hotel's pages in one language: for each page (translation group) its
 * record in that language, or — when the group has no record in that language at all — its
 * record in the hotel's source language; only published ones. A subpage sits under whatever
 * record of its parent's group is shown, and only pages reachable from the top level are shown
 * (a published subpage of a draft is not).
 */
export async function guestView(ctx: Pick<AppContext, 'store'>, hotel: StoredUser, locale: Locale) {
  const rows = await ctx.store.find('pages', { ownerId: hotel.id });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const groupsHere = new Set(rows.filter((row) => row.locale === locale).map((row) => row.groupId));
  const shown = rows.filter(
    (row) =>
      row.published === true &&
      (row.locale === locale ||
        (row.locale === hotel.sourceLocale && !groupsHere.has(row.groupId))),
  );
  const shownByGroup = new Map(shown.map((row) => [row.groupId, row]));
  const order = byPosition(locale);

  const children = new Map<number, Row[]>();
  const roots: Row[] = [];
  for (const row of shown) {
    if (row.isSubpage !== true) {
      roots.push(row);
      continue;
    }
    const parent = byId.get(row.parentId as number);
    const shownParent = parent && shownByGroup.get(parent.groupId);
    if (!shownParent || shownParent.id === row.id) continue;
    children.set(shownParent.id, [...(children.get(shownParent.id) ?? []), row]);
  }
  roots.sort(order);
  for (const list of children.values()) list.sort(order);

  // Reachable from the top: walked once, so stored data with a cycle cannot loop.
  const parentOf = new Map<number, Row>();
  const reachable = new Set<number>();
  const walk = (row: Row, depth: number) => {
    if (reachable.has(row.id) || depth > MAX_DEPTH) return;
    reachable.add(row.id);
    for (const child of children.get(row.id) ?? []) {
      if (reachable.has(child.id)) continue;
      parentOf.set(child.id, row);
      walk(child, depth + 1);
    }
  };
  for (const root of roots) walk(root, 0);
  const childrenOf = (row: Row) =>
    (children.get(row.id) ?? []).filter((child) => parentOf.get(child.id)?.id === row.id);

  return { roots, childrenOf, reachable, parentOf, shown };
}

/** A page's menu fields, through the guest presenter (what anyone may read; no owner id). */
function menuFields(row: Row): Omit<PublicPageItem, 'children'> {
  const shown = presentToGuests(pagesResource, row);
  const text = (name: string) => (typeof shown[name] === 'string' ? (shown[name] as string) : '');
  const styling = shown.styling;
  return {
    id: row.id,
    title: text('title'),
    slug: text('slug'),
    description: text('description'),
    type: text('type'),
    cover: text('cover') || null,
    template: text('template'),
    styling: {
      ...STYLING_DEFAULTS,
      ...(styling && typeof styling === 'object' ? (styling as Styling) : {}),
    },
    locale: row.locale as Locale,
    position: Number(row.position ?? 0),
  };
}

/**
 * Public routes for guest apps: `GET /public/:slug/pages` (the menu: published pages as a tree)
 * and `GET /public/:slug/pages/:page` (one page with its content), in `?locale=` with the
 * hotel's source language as the fallback. Drafts, other hotels' pages and banned or disabled
 * hotels answer 404 like an unknown slug.
 */
export function pagePublicRoutes(ctx: AppContext): Router {
  const router = Router({ caseSensitive: true });
  const list = '/public/:slug/pages';
  const item = '/public/:slug/pages/:page';

  guestPreflight(router, [list, item], 'GET');

  router.get(
    list,
    asyncHandler(async (req, res) => {
      openToAll(res);
      const hotel = await hotelBySlug(ctx.store, String(req.params.slug));
      const locale = askedLocale(req, hotel);
      const view = await guestView(ctx, hotel, locale);
      const tree = (row: Row): PublicPageItem => ({
        ...menuFields(row),
        children: view.childrenOf(row).map(tree),
      });
      res.json(view.roots.map(tree));
    }),
  );

  router.get(
    item,
    asyncHandler(async (req, res) => {
      openToAll(res);
      const hotel = await hotelBySlug(ctx.store, String(req.params.slug));
      const locale = askedLocale(req, hotel);
      const slug = String(req.params.page);
      if (slug.length > 80 || !SLUG_PATTERN.test(slug)) throw notFound();
      const view = await guestView(ctx, hotel, locale);
      const candidates = view.shown.filter((row) => view.reachable.has(row.id));
      // The page by its slug in what the guest sees (the asked language first); else a slug of
      // another language of the hotel (a guest app that switched languages) names its group.
      let page =
        candidates.find((row) => row.slug === slug && row.locale === locale) ??
        candidates.find((row) => row.slug === slug);
      if (!page) {
        const others = await ctx.store.find('pages', { ownerId: hotel.id, slug });
        const group = others
          .filter((row) => row.published === true)
          .sort(
            (a, b) =>
              Number(a.locale !== hotel.sourceLocale) - Number(b.locale !== hotel.sourceLocale) ||
              a.id - b.id,
          )[0]?.groupId;
        page = group === undefined ? undefined : candidates.find((row) => row.groupId === group);
      }
      if (!page) throw notFound();

      const type = String(page.type);
      const iframe = typeof page.iframe === 'string' ? page.iframe : '';
      const parent = view.parentOf.get(page.id);
      const body: PublicPage = {
        ...menuFields(page),
        // Stored bodies are sanitised already; sanitised again on the way out all the same.
        body: type === 'content' ? await sanitizeRichText(String(page.body ?? '')) : null,
        pdf: type === 'pdf' && typeof page.pdf === 'string' && page.pdf ? page.pdf : null,
        iframe: type === 'iframe' && iframe.startsWith('https://') ? iframe : null,
        parent: parent ? { title: String(parent.title), slug: String(parent.slug) } : null,
        children: view.childrenOf(page).map((child) => {
          const { id, title, slug: childSlug, description, cover } = menuFields(child);
          return { id, title, slug: childSlug, description, cover };
        }),
      };
      res.json(body);
    }),
  );

  return router;
}
