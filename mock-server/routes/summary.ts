import { Router, type Request, type Response } from 'express';
import get from 'lodash/get.js';
import { resources } from '../../src/resources';
import { can, isAdministrator } from '../../src/schema/resource';
import { currentUser } from '../auth/session';
import type { AppContext } from '../context';
import { asyncHandler, HttpError } from '../http/errors';

type Row = Record<string, unknown>;

/**
 * json-server 0.17's filter semantics for one query parameter (`field`, `field_gte`, `_lte`,
 * `_ne`, `_like`; repeated values OR-ed, `_ne` AND-ed), so a summary counts exactly the rows the
 * same list query returns. `_like` values arrive escaped by sanitizeQuery.
 */
function matches(row: Row, key: string, values: string[]): boolean {
  const path = key.replace(/(_lte|_gte|_ne|_like)$/, '');
  const results = values.map((value) => {
    const field: unknown = get(row, path);
    if (field === undefined || field === null) return undefined;
    if (key.endsWith('_gte')) return value <= (field as string);
    if (key.endsWith('_lte')) return value >= (field as string);
    if (key.endsWith('_ne')) return value !== String(field);
    if (key.endsWith('_like')) return new RegExp(value, 'i').test(String(field));
    return value === String(field);
  });
  return key.endsWith('_ne') ? results.every(Boolean) : results.some(Boolean);
}

const containsText = (value: unknown, needle: string): boolean =>
  Array.isArray(value)
    ? value.some((item) => containsText(item, needle))
    : value !== null && typeof value === 'object'
      ? Object.values(value).some((item) => containsText(item, needle))
      : Boolean(value) && String(value).toLowerCase().includes(needle);

/** GET /<name>/summary: the count and the declared sums of what a list query selects. */
export function summaryRoutes({ store }: AppContext): Router {
  const router = Router();
  for (const resource of resources.filter((item) => item.summary)) {
    router.get(
      `/${resource.name}/summary`,
      asyncHandler(async (req: Request, res: Response) => {
        const actor = currentUser(res);
        if (!can(resource, 'list', actor))
          throw new HttpError(403, 'You are not allowed to do this');
        const query = req.query as Record<string, string | string[]>;
        let rows = (store.records(resource.name) ?? []) as Row[];
        // An operator's own records only, whatever ownerId the query names.
        if (resource.owned && !isAdministrator(actor))
          rows = rows.filter((row) => row.ownerId === actor.id);
        for (const [key, raw] of Object.entries(query)) {
          if (
            key.startsWith('_') ||
            key === 'q' ||
            (resource.owned && !isAdministrator(actor) && key === 'ownerId')
          )
            continue;
          if (resource.secretFields?.includes(key.replace(/(_lte|_gte|_ne|_like)$/, ''))) {
            throw new HttpError(400, `Invalid query parameter "${key}"`);
          }
          const values = ([] as string[]).concat(raw);
          rows = rows.filter((row) => matches(row, key, values));
        }
        if (typeof query.q === 'string' && query.q) {
          const needle = query.q.toLowerCase();
          rows = rows.filter((row) => containsText(row, needle));
        }
        // Sums leave out what the declaration says (refunded and void sales from revenue).
        const except = Object.entries(resource.summary?.sumExcept ?? {});
        const summed = rows.filter(
          (row) => !except.some(([field, values]) => values.includes(String(row[field]))),
        );
        const sums = Object.fromEntries(
          (resource.summary?.sum ?? []).map((field) => [
            field,
            summed.reduce(
              (sum, row) => sum + (typeof row[field] === 'number' ? (row[field] as number) : 0),
              0,
            ),
          ]),
        );
        res.json({ count: rows.length, sums });
      }),
    );
  }
  return router;
}
