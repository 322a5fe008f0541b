import { dateTime, textarea } from '../schema/fields';
import { owner } from '../schema/access';
import { ApiError } from '../schema/errors';
import { message } from '../schema/messages';
import { defineResource, type WriteHookArgs } from '../schema/resource';

const time = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : NaN);

/** A hotel shows one notification at a time: periods of one owner may touch, never overlap. */
async function oneAtATime({ data, existing, store }: WriteHookArgs): Promise<void> {
  const start = time(data.startDate);
  const end = time(data.endDate);
  // An invalid or backwards period is the declaration's rule to report (422), not a conflict.
  if (!(end > start)) return;
  const others = await store.find('notifications', { ownerId: Number(data.ownerId) });
  const clash = others.find(
    (row) => row.id !== existing?.id && start < time(row.endDate) && time(row.startDate) < end,
  );
  if (clash) {
    // Coded: the API says the moments in UTC, the dashboard in the user's time zone.
    throw new ApiError(
      409,
      message('apiErrors.notificationOverlap', {
        start: String(clash.startDate),
        end: String(clash.endDate),
      }),
    );
  }
}

/**
 * The notice a hotel shows in its guest app for a period (spec §2, §3). A hotel has at most one
 * at a time: the server refuses overlapping periods (the beforeChange hook). The
 * menu entries are the notification screens (src/features/notifications), not the generic pages.
 */
export const notifications = defineResource({
  name: 'notifications',
  route: 'message',
  owned: true,
  access: owner(),
  labelField: 'message',
  timestamps: true,
  defaultSort: { field: 'startDate', order: 'desc' },
  hooks: { beforeChange: oneAtATime },
  fields: {
    message: textarea({ required: true, max: 500, list: { search: true } }),
    startDate: dateTime({ required: true, list: { sort: true } }),
    endDate: dateTime({ required: true, list: { sort: true } }),
  },
  rules: [
    {
      path: 'endDate',
      message: 'validation.endAfterStart',
      reads: ['startDate', 'endDate'],
      check: (record) => time(record.endDate) > time(record.startDate),
    },
  ],
});
