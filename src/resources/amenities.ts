import { boolean, coordinates, image, reference, text, textarea, url } from '../schema/fields';
import { owner } from '../schema/access';
import { defineResource } from '../schema/resource';

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

export const amenities = defineResource({
  name: 'amenities',
  route: 'amenities',
  menu: { group: 'management', icon: 'environment', items: ['list', 'create'] },
  owned: true,
  localized: true,
  shownToGuests: 'active',
  orderable: true,
  access: owner(),
  labelField: 'name',
  timestamps: true,
  fields: {
    name: text({
      required: true,
      max: 120,
      translatable: true,
      list: { search: true, sort: true },
    }),
    description: textarea({ required: true, max: 2000, translatable: true, list: { none: true } }),
    // Where the place is and how it looks are the same in every language (issue 39, point 6);
    // its name, description and `location` ("5 minutes' walk") are language.
    address: text({ required: true, max: 200, shared: true, list: { search: true } }),
    /** One website per place; shared with the linked page, so "url or page" holds in every language. */
    url: url({ shared: true, list: { hidden: true } }),
    /** Spec §3 "url or linked page": one of the hotel's pages, in the amenity's language. */
    pageId: reference({
      resource: 'pages',
      labelField: 'title',
      sameOwner: true,
      match: ['locale'],
      onDelete: 'setNull',
      shared: true,
      list: { hidden: true },
    }),
    categoryId: reference({
      resource: 'amenity-categories',
      labelField: 'name',
      required: true,
      sameOwner: true,
      match: ['locale'],
      onDelete: 'restrict',
      shared: true,
      list: { filter: true },
    }),
    active: boolean({ default: true, list: { filter: true, sort: true } }),
    location: text({ max: 120, list: { hidden: true } }),
    coordinates: coordinates({ shared: true, list: { none: true } }),
    photo: image({ shared: true, list: { hidden: true } }),
  },
  rules: [
    {
      // Spec §3's reading "url or linked page": a guest app needs somewhere to send the guest.
      path: 'url',
      message: 'validation.urlOrPage',
      reads: [],
      check: (record) => filled(record.url) || filled(record.pageId),
    },
  ],
});
