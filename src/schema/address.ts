import { group, text, type GroupField } from './fields';

/** Every part of an address is required when an address is given (spec §5). */
export const ADDRESS_FIELD: GroupField = group({
  required: true,
  of: {
    street: text({ required: true, max: 120 }),
    houseNumber: text({ required: true, max: 20 }),
    city: text({ required: true, max: 120 }),
    state: text({ required: true, max: 120 }),
    zipCode: text({ required: true, max: 20 }),
    country: text({ required: true, max: 120 }),
  },
});
