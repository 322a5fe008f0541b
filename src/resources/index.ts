import type { ResourceDeclaration } from '../schema/resource';
import { amenities } from './amenities';
import { amenityCategories } from './amenityCategories';
import { bookings, timeslots } from './hotek';
import { notifications } from './notifications';
import { posCategories, posProducts, posTransactions } from './pos';
import { users } from './users';

/**
 * The resource registry: one line per declared entity. Menu entries, routes, pages, validation
 * and the API's access rules all follow from what is listed here.
 */
export const resources: readonly ResourceDeclaration[] = [
  users,
  amenities,
  amenityCategories,
  notifications,
  posCategories,
  posProducts,
  posTransactions,
  bookings,
  timeslots,
];

export const resourceByName = (name: string): ResourceDeclaration | undefined =>
  resources.find((resource) => resource.name === name);
