import { useOne } from '@refinedev/core';
import type { User } from '../../schema/user';
import { BrandingForm } from './BrandingForm';
import type { BrandingSection } from './sections';

/** The user edit page's tabs that are a hotel's branding, and the form sections each shows. */
const TAB_SECTIONS: Record<'metadata' | 'social', readonly BrandingSection[]> = {
  // Title, description, logo, favicon, colours, app image and app text.
  metadata: ['general', 'design', 'app'],
  social: ['social'],
};

/**
 * A hotel's branding in the user edit page (administrators): the metadata tab (with the live
 * guest-app preview of the hotel) or the social tab, each saved on its own with
 * `PATCH /branding/<id>` after `GET /branding?ownerId=<hotel>`. The same form as the hotel's own
 * Customization page.
 */
export default function BrandingTab({
  ownerId,
  section,
}: {
  ownerId: number;
  section: 'metadata' | 'social';
}) {
  const { result: hotel } = useOne<User>({
    resource: 'users',
    id: ownerId,
    queryOptions: { enabled: section === 'metadata' },
    errorNotification: false,
  });
  return (
    <BrandingForm
      key={`${ownerId}-${section}`}
      ownerId={ownerId}
      sections={TAB_SECTIONS[section]}
      titled={section === 'metadata'}
      hotel={
        section === 'metadata' && hotel?.slug
          ? {
              slug: hotel.slug,
              company: hotel.company,
              locales: hotel.locales,
              sourceLocale: hotel.sourceLocale,
            }
          : undefined
      }
    />
  );
}
