import { boolean, coordinates, image, reference, text, textarea, url } from '../schema/fields';
import { owner } from '../schema/access';
import { defineResource } from '../schema/resource';

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
    address: text({ required: true, max: 200, list: { search: true } }),
    url: url({ list: { hidden: true } }),
    categoryId: reference({
      resource: 'amenity-categories',
      labelField: 'name',
      required: true,
      sameOwner: true,
      match: ['locale'],
      onDelete: 'restrict',
      list: { filter: true },
    }),
    active: boolean({ default: true, list: { filter: true, sort: true } }),
    location: text({ max: 120, list: { hidden: true } }),
    coordinates: coordinates({ list: { none: true } }),
    photo: image({ list: { hidden: true } }),
  },
});
