import { useGetIdentity, useList } from '@refinedev/core';
import { useCallback, useMemo } from 'react';
import { DEFAULT_CURRENCY } from '../schema/currency';
import { isAdministrator, type Resource } from '../schema/resource';
import type { User } from '../schema/user';

const hasMoney = (resource: Resource) =>
  Object.values(resource.fields).some(
    (field) =>
      field.kind === 'money' ||
      (field.kind === 'items' && Object.values(field.of).some((part) => part.kind === 'money')),
  );

/**
 * The currency of a record's owner (money is kept in the owner's currency): an operator's own;
 * for administrators, each hotel's, read once per page that shows money.
 */
export function useCurrencyOf(resource: Resource): (ownerId?: number | null) => string {
  const { data: user } = useGetIdentity<User>();
  const admin = isAdministrator(user ?? null);
  const { result } = useList<User>({
    resource: 'users',
    filters: [{ field: 'role', operator: 'eq', value: 'operator' }],
    pagination: { mode: 'off' },
    queryOptions: { enabled: admin && hasMoney(resource), staleTime: 5 * 60_000 },
    errorNotification: false,
  });
  // On the rows, not on `result` (a new object each render): the answer stays the same function.
  const hotels = result?.data;
  const byOwner = useMemo(
    () => new Map((hotels ?? []).map((hotel) => [hotel.id, hotel.currency])),
    [hotels],
  );
  return useCallback(
    (ownerId) =>
      (admin ? (ownerId != null ? byOwner.get(ownerId) : undefined) : user?.currency) ??
      DEFAULT_CURRENCY,
    [admin, byOwner, user],
  );
}
