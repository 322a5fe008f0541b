import { dateTime, textarea } from '../schema/fields';
import { owner } from '../schema/access';
import { ApiError } from '../schema/errors';
import { defineResource, type WriteHookArgs } from '../schema/resource';

const time = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : NaN);

/** `2026-03-15 08:00 UTC`: how the API names a moment in an English message. */
const utcMinute = (iso: unknown): string =>
  `${new Date(String(iso)).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

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
    throw new ApiError(
      409,
      `Another notification is already scheduled from ${utcMinute(clash.startDate)} to ${utcMinute(clash.endDate)}; a hotel has one notification at a time`,
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
