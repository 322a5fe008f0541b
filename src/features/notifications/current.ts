import { useGetIdentity, useList } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { notifications } from '../../resources/notifications';
import type { RecordOf } from '../../schema/records';
import { isAdministrator } from '../../schema/resource';
import type { User } from '../../schema/user';

/** A notification as the API returns it (its type follows the declaration). */
export type NotificationRecord = RecordOf<typeof notifications>;

export type NotificationState = 'active' | 'scheduled';

export interface CurrentNotification {
  record: NotificationRecord;
  state: NotificationState;
}

export const NOTIFICATION_PATH = `/dashboard/${notifications.route}`;
export const MANAGE_NOTIFICATION_PATH = `${NOTIFICATION_PATH}/manage`;
export const NOTIFICATION_LIST_PATH = `${NOTIFICATION_PATH}/list`;

/**
 * The notification that matters at `now`: the one active (start inclusive, end exclusive; the
 * server keeps at most one per hotel), else the next scheduled one, else null.
 */
export function currentNotification(
  rows: readonly NotificationRecord[],
  now: number,
): CurrentNotification | null {
  const start = (row: NotificationRecord) => Date.parse(row.startDate);
  const active = rows.find((row) => start(row) <= now && now < Date.parse(row.endDate));
  if (active) return { record: active, state: 'active' };
  const next = rows.filter((row) => start(row) > now).sort((a, b) => start(a) - start(b))[0];
  return next ? { record: next, state: 'scheduled' } : null;
}

/**
 * The signed-in user's own notifications and the current one. Operators only: the server scopes
 * an operator's list to their own records. Administrators own no notifications (they manage the
 * hotels' ones in the generic list), so nothing is loaded for them.
 */
export function useCurrentNotification() {
  // The clock ticks each half minute, so a scheduled notification turns active on screen.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const { data: user, isLoading: identityLoading } = useGetIdentity<User>();
  const isAdmin = isAdministrator(user ?? null);
  const { query, result } = useList<NotificationRecord>({
    resource: notifications.name,
    // Latest first: an unpaged list holds at most MAX_PAGE_SIZE records, so a cut drops the
    // oldest, past notifications first.
    sorters: [{ field: 'startDate', order: 'desc' }],
    filters: user ? [{ field: 'ownerId', operator: 'eq', value: user.id }] : [],
    pagination: { mode: 'off' },
    queryOptions: { enabled: Boolean(user) && !isAdmin },
    errorNotification: false,
  });
  return {
    isAdmin,
    isLoading: identityLoading || (!isAdmin && query.isLoading),
    isError: query.isError,
    error: query.error,
    refetch: () => void query.refetch(),
    // Fresh data is judged at the time it arrived at the latest.
    current: currentNotification(result.data, Math.max(now, query.dataUpdatedAt)),
  };
}
