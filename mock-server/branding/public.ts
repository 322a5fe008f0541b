import { Router } from 'express';
import { branding as brandingResource, SOCIAL_NETWORKS } from '../../src/resources/branding';
import { defaultValues } from '../../src/schema/forms';
import { isLocale, type Locale } from '../../src/schema/locales';
import { hotelBySlug } from '../auth/accounts';
import type { AppContext } from '../context';
import { presentToGuests } from '../engine/present';
import { guestPreflight, openToAll } from '../guest/open';
import { asyncHandler } from '../http/errors';

type Social = Record<(typeof SOCIAL_NETWORKS)[number], string>;

/** What a guest app needs to dress itself in a hotel's branding (never its owner id). */
export interface PublicBranding {
  /** The app's title: the hotel's own, else its company name. */
  title: string;
  description: string;
  /** Addresses of the images: a path on the API (`/uploads/files/…`) or an absolute URL; or null. */
  logo: string | null;
  favicon: string | null;
  appImage: string | null;
  appText: string;
  primaryColor: string;
  secondaryColor: string;
  /** How the home shows the hotel's pages: rows, masonry, vertical or bubbles. */
  template: string;
  /** Every network, an address or '' when the hotel links none. */
  social: Social;
  /** The languages the app publishes, and the one content is written in first. */
  locales: Locale[];
  sourceLocale: Locale;
}

/** The declared defaults: what a hotel that never saved its branding shows. */
const DEFAULTS = defaultValues(brandingResource);

/**
 * Public route for guest apps: `GET /public/:slug/branding`, the hotel's branding (its declared
 * defaults until it saves one). Banned or disabled hotels answer 404 like an unknown slug.
 */
export function brandingPublicRoutes(ctx: AppContext): Router {
  const router = Router({ caseSensitive: true });
  const path = '/public/:slug/branding';

  guestPreflight(router, path, 'GET');

  router.get(
    path,
    asyncHandler(async (req, res) => {
      openToAll(res);
      const hotel = await hotelBySlug(ctx.store, String(req.params.slug));
      const [stored] = await ctx.store.find(brandingResource.name, { ownerId: hotel.id });
      const shown = { ...DEFAULTS, ...(stored ? presentToGuests(brandingResource, stored) : {}) };
      const text = (name: string) =>
        typeof shown[name] === 'string' ? (shown[name] as string) : '';
      const social = (shown.social ?? {}) as Record<string, unknown>;
      const body: PublicBranding = {
        title: text('title') || hotel.company,
        description: text('description'),
        logo: text('logo') || null,
        favicon: text('favicon') || null,
        appImage: text('appImage') || null,
        appText: text('appText'),
        primaryColor: text('primaryColor'),
        secondaryColor: text('secondaryColor'),
        template: text('template'),
        social: Object.fromEntries(
          SOCIAL_NETWORKS.map((network) => [
            network,
            typeof social[network] === 'string' ? social[network] : '',
          ]),
        ) as Social,
        locales: (hotel.locales as unknown[]).filter(isLocale),
        sourceLocale: hotel.sourceLocale,
      };
      res.json(body);
    }),
  );

  return router;
}
