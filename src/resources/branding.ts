import { manager } from '../schema/access';
import { color, group, image, select, text, textarea, url } from '../schema/fields';
import { defineResource } from '../schema/resource';
import { PAGE_TEMPLATES } from './pages';

/** The colours a hotel's guest app starts with (spec §4's wizard defaults). */
export const DEFAULT_PRIMARY_COLOR = '#7635dc';
export const DEFAULT_SECONDARY_COLOR = '#fda92d';

/** The social networks a guest app links to, in the spec's order. */
export const SOCIAL_NETWORKS = [
  'facebook',
  'instagram',
  'linkedin',
  'twitter',
  'tiktok',
  'youtube',
] as const;

/**
 * A hotel's guest-app branding (spec §3): one record per hotel (the engine's per-owner singleton,
 * `GET /branding`, `PATCH /branding`). Operators change their own on the Customization page
 * (src/features/branding, which adds the menu entry); administrators a hotel's with `?ownerId=`.
 * Guest apps read it at `GET /public/<hotel slug>/branding`.
 */
export const branding = defineResource({
  name: 'branding',
  route: 'customization',
  owned: true,
  singleton: 'perOwner',
  // A hotel's look is its managers' (issue 40): staff do the day's work.
  access: manager(),
  labelField: 'title',
  timestamps: true,
  fields: {
    /** The guest app's title; empty: the hotel's company name. */
    title: text({ max: 80 }),
    description: textarea({ max: 500 }),
    template: select({ options: PAGE_TEMPLATES, required: true, default: 'rows' }),
    // Spec §5: a guest app always has a logo (the hotel wizard asks for one too).
    logo: image({ required: true }),
    favicon: image(),
    primaryColor: color({ required: true, default: DEFAULT_PRIMARY_COLOR }),
    secondaryColor: color({ required: true, default: DEFAULT_SECONDARY_COLOR }),
    appImage: image(),
    appText: textarea({ max: 1000 }),
    social: group({
      of: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, url()])) as Record<
        (typeof SOCIAL_NETWORKS)[number],
        ReturnType<typeof url>
      >,
    }),
  },
});
