import { accountFeature } from './account';
import { amenitiesFeature } from './amenities';
import { auditFeature } from './audit';
import { appsFeature } from './apps';
import { brandingFeature } from './branding';
import { formsFeature } from './forms';
import { home } from './home';
import { hotelGroupsFeature } from './hotelGroups';
import { membersFeature } from './members';
import { hotekFeature } from './hotek';
import { notificationsFeature } from './notifications';
import { pagesFeature } from './pages';
import { posFeature } from './pos';
import type { ResourceExtension } from '../crud/extension';
import type { Feature } from './types';
import { usersFeature } from './users';

/** Every feature of the product; adding one = its folder's index + one line here. */
export const features: readonly Feature[] = [
  home,
  usersFeature,
  membersFeature,
  hotelGroupsFeature,
  accountFeature,
  formsFeature,
  pagesFeature,
  notificationsFeature,
  brandingFeature,
  appsFeature,
  amenitiesFeature,
  posFeature,
  hotekFeature,
  auditFeature,
];

/** What all features add to one resource's generic pages (row and page actions side by side). */
export function extensionOf(resource: string): ResourceExtension {
  const parts = features.flatMap(
    (feature) => (feature.extend as Readonly<Record<string, ResourceExtension>>)?.[resource] ?? [],
  );
  if (parts.length <= 1) return parts[0] ?? {};
  const actions = (pick: (part: ResourceExtension) => ResourceExtension['rowActions']) => {
    const chosen = parts.map(pick).filter((render) => render !== undefined);
    return chosen.length
      ? (record: Parameters<NonNullable<ResourceExtension['rowActions']>>[0]) =>
          chosen.map((render) => render(record))
      : undefined;
  };
  return {
    ...Object.assign({}, ...parts),
    rowActions: actions((part) => part.rowActions),
    showActions: actions((part) => part.showActions),
    createdActions: actions((part) => part.createdActions),
    tabs: (record) => Object.assign({}, ...parts.map((part) => part.tabs?.(record) ?? {})),
    optionPictures: Object.assign({}, ...parts.map((part) => part.optionPictures)),
  };
}
