import type { z } from 'zod';
import type { Actor, Where } from '../../src/schema/access';
import type { reorderInput } from '../../src/schema/actionInputs';
import { HttpError } from '../http/errors';
import type { JsonFileStore as Store } from '../store/store';
import type { ResourceService } from './service';
import { matchesWhere } from '../../src/schema/access';

type Row = Record<string, unknown> & { id: number };

/**
 * The engine's reorder action: the given records swap the places they hold among themselves;
 * other records keep theirs. Each list (owner and language) on its own, as an administrator's
 * page may mix several. Another tenant's record is as absent as a missing one; nothing moves.
 */
export async function reorder(
  service: ResourceService,
  store: Store,
  scope: Where | true,
  { ids }: z.output<typeof reorderInput>,
  _actor: Actor,
) {
  const name = service.resource.name;
  const chosen: Row[] = [];
  for (const id of ids) {
    const row = await store.get(name, id);
    if (!row || !matchesWhere(row, scope)) throw new HttpError(404, `Record ${id} not found`);
    chosen.push(row);
  }
  const lists = new Map<string, Row[]>();
  for (const row of chosen) {
    const key = `${String(row.ownerId)}|${String(row.locale)}`;
    lists.set(key, [...(lists.get(key) ?? []), row]);
  }
  for (const list of lists.values()) {
    const places = list.map((row) => Number(row.position ?? 0)).sort((a, b) => a - b);
    const distinct = new Set(places).size === places.length;
    list.forEach(
      (row, index) => (row.position = distinct ? places[index] : (places[0] ?? 0) + index),
    );
  }
  await store.transaction(async (tx) => {
    for (const row of chosen) await tx.update(name, row.id, { position: row.position });
  });
  return { ids: chosen.map((row) => row.id), positions: chosen.map((row) => row.position) };
}
