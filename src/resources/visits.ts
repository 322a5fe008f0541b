import { owner } from '../schema/access';
import { date, number } from '../schema/fields';
import { defineResource } from '../schema/resource';

/**
 * Guest-app visitors per hotel and day, behind the overview's statistics (`GET /stats`). Kept by
 * the server; read-only through the API, each hotel its own.
 */
export const visits = defineResource({
  name: 'visits',
  route: 'visits',
  owned: true,
  access: { read: owner() },
  labelField: 'date',
  defaultSort: { field: 'date', order: 'desc' },
  fields: {
    date: date({ readOnly: true, list: { filter: true, sort: true } }),
    visitors: number({ readOnly: true, integer: true, min: 0, list: { sort: true } }),
  },
});
