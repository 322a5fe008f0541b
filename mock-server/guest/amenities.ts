import { Router } from 'express';
import { amenities as amenitiesResource } from '../../src/resources/amenities';
import type { Locale } from '../../src/schema/locales';
import type { StoredRecord } from '../../src/schema/store';
import { hotelBySlug } from '../auth/accounts';
import type { AppContext } from '../context';
import { presentToGuests } from '../engine/present';
import { asyncHandler } from '../http/errors';
import { askedLocale, guestView } from '../pages/public';
import { guestPreflight, openToAll } from './open';

/** The page an amenity links to, as a guest app opens it. */
export interface PublicAmenityPage {
  title: string;
  slug: string;
  /** The page's public address on the API: `GET /public/<hotel>/pages/<page>?locale=<locale>`. */
  address: string;
}

/** An active amenity as a guest app shows it: no owner, group or internal flags. */
export interface PublicAmenity {
  id: number;
  name: string;
  description: string;
  address: string;
  /** The amenity's website, or null. */
  url: string | null;
  /** The hotel's page it links to, when that page is shown to guests (published); else null. */
  page: PublicAmenityPage | null;
  category: { name: string; color: string | null } | null;
  location: string | null;
  coordinates: unknown;
  photo: string | null;
  locale: Locale;
  position: number;
}

const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * `GET /public/:slug/amenities?locale=`: a hotel's active amenities in one of its languages (the
 * source language when none is asked), in the operator's order, each with its website and the
 * public address of its linked page. A linked page that guests cannot open (a draft, or under
 * one) is left out: the guest app gets no dead link.
 */
export function amenityPublicRoutes(ctx: AppContext): Router {
  const router = Router({ caseSensitive: true });
  const path = '/public/:slug/amenities';

  guestPreflight(router, path, 'GET');

  router.get(
    path,
    asyncHandler(async (req, res) => {
      openToAll(res);
      const hotel = await hotelBySlug(ctx.store, String(req.params.slug));
      const locale = askedLocale(req, hotel);
      const rows = (await ctx.store.find('amenities', { ownerId: hotel.id, locale })).filter(
        (row) => row.active === true,
      );
      const categories = new Map(
        (await ctx.store.find('amenity-categories', { ownerId: hotel.id, locale })).map((row) => [
          row.id,
          row,
        ]),
      );
      const view = await guestView(ctx, hotel, locale);
      const open = new Map(
        view.shown.filter((row) => view.reachable.has(row.id)).map((row) => [row.id, row]),
      );
      const pageOf = (id: unknown): PublicAmenityPage | null => {
        const page = typeof id === 'number' ? open.get(id) : undefined;
        if (!page) return null;
        const slug = String(page.slug);
        return {
          title: String(page.title),
          slug,
          address: `/public/${encodeURIComponent(String(hotel.slug))}/pages/${slug}?locale=${locale}`,
        };
      };
      const byPosition = (a: StoredRecord, b: StoredRecord) =>
        Number(a.position ?? 0) - Number(b.position ?? 0) || a.id - b.id;
      const answer = rows.sort(byPosition).map((row): PublicAmenity => {
        const shown = presentToGuests(amenitiesResource, row);
        const category = categories.get(row.categoryId as number);
        return {
          id: row.id,
          name: String(shown.name ?? ''),
          description: String(shown.description ?? ''),
          address: String(shown.address ?? ''),
          url: textOrNull(shown.url),
          page: pageOf(row.pageId),
          category:
            category && category.active !== false
              ? { name: String(category.name), color: textOrNull(category.color) }
              : null,
          location: textOrNull(shown.location),
          coordinates: shown.coordinates ?? null,
          photo: textOrNull(shown.photo),
          locale,
          position: Number(row.position ?? 0),
        };
      });
      res.json(answer);
    }),
  );

  return router;
}
