import { boolean, color, text } from '../schema/fields';
import { owner } from '../schema/access';
import { defineResource } from '../schema/resource';

export const amenityCategories = defineResource({
  name: 'amenity-categories',
  route: 'amenity-categories',
  menu: { group: 'management', icon: 'tags', items: ['list', 'create'] },
  owned: true,
  localized: true,
  shownToGuests: 'active',
  orderable: true,
  access: owner(),
  labelField: 'name',
  timestamps: true,
  fields: {
    name: text({ required: true, max: 80, translatable: true, list: { search: true, sort: true } }),
    color: color({ required: true, default: '#7635dc', shared: true }),
    active: boolean({ default: true, list: { filter: true, sort: true } }),
  },
});
