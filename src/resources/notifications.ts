import { dateTime, textarea } from '../schema/fields';
import { defineResource } from '../schema/resource';

const time = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : NaN);

/**
 * The notice a hotel shows in its guest app for a period (spec §2, §3). A hotel has at most one
 * at a time: the server refuses overlapping periods (mock-server/resources/guards.ts). The
 * menu entries are the notification screens (src/features/notifications), not the generic pages.
 */
export const notifications = defineResource({
  name: 'notifications',
  route: 'message',
  owned: true,
  access: { read: 'owner', create: 'owner', update: 'owner', delete: 'owner' },
  labelField: 'message',
  timestamps: true,
  defaultSort: { field: 'startDate', order: 'desc' },
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
