import type { Resource } from '../schema/resource';
import { amenities } from './amenities';
import { audit } from './audit';
import { amenityCategories } from './amenityCategories';
import {
  appConnections,
  appCustomizations,
  appPermissionDefaults,
  appPermissions,
  apps,
} from './apps';
import { bookings, timeslots } from './hotek';
import { notifications } from './notifications';
import { branding } from './branding';
import { forms, submissions } from './forms';
import { pages } from './pages';
import { savedViews } from './savedViews';
import { posCategories, posProducts, posTransactions } from './pos';
import { stays } from './stays';
import { hotelGroups } from './hotelGroups';
import { members } from './members';
import { users } from './users';
import { visits } from './visits';

/**
 * The resource registry: one line per declared entity. Menu entries, routes, pages, validation
 * and the API's access rules all follow from what is listed here.
 */
export const registry = [
  users,
  members,
  hotelGroups,
  forms,
  submissions,
  pages,
  branding,
  amenities,
  amenityCategories,
  notifications,
  posCategories,
  posProducts,
  posTransactions,
  stays,
  bookings,
  timeslots,
  visits,
  apps,
  appConnections,
  appCustomizations,
  appPermissions,
  appPermissionDefaults,
  audit,
  savedViews,
] as const;

export const resources: readonly Resource[] = registry;

/** The declaration of each registered collection, by name (for inferred record types). */
export type Registry = { [R in (typeof registry)[number] as R['name']]: R };

export const resourceByName = (name: string): Resource | undefined =>
  resources.find((resource) => resource.name === name);
