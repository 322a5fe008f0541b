import type { z } from 'zod';
import type { Actor, Where } from '../../src/schema/access';
import type { reorderInput } from '../../src/schema/actionInputs';
import { HttpError } from '../http/errors';
import type { Store } from '../store/port';
import type { ResourceService } from './service';
import { matchesWhere } from '../../src/schema/access';
import { VERSION_FIELD, versionOf } from '../../src/schema/versions';

type Row = Record<string, unknown> & { id: number };

/** Places for `rows` among the positions they hold, in the order given. */
function placeIn(rows: Row[], places: number[]) {
  const sorted = [...places].sort((a, b) => a - b);
  const distinct = new Set(sorted).size === sorted.length;
  rows.forEach(
    (row, index) => (row.position = distinct ? sorted[index] : (sorted[0] ?? 0) + index),
  );
}

/**
 * A localized item's versions in the owner's other languages follow its new order: in each of
 * those languages the versions of the moved groups take, among the places they hold, the order
 * the groups now have. The rest of each list keeps its places. A language whose own list is
 * part of this reorder is left to it.
 */
async function followingLanguages(
  store: Store,
  name: string,
  scope: Where | true,
  lists: Map<string, Row[]>,
  chosen: Row[],
): Promise<Row[]> {
  const reordered = new Set(lists.keys());
  const moved = new Set(chosen.map((row) => row.id));
  const followers: Row[] = [];
  for (const list of lists.values()) {
    const ordered = [...list].sort((a, b) => Number(a.position) - Number(b.position));
    const groups = ordered
      .map((row) => row.groupId)
      .filter((id): id is string => typeof id === 'string');
    if (groups.length < 2) continue;
    const ownerId = list[0]!.ownerId as number;
    const siblings = (await store.find(name, { ownerId } as Where)).filter(
      (row) =>
        !moved.has(row.id) &&
        groups.includes(row.groupId as string) &&
        !reordered.has(`${String(row.ownerId)}|${String(row.locale)}`) &&
        matchesWhere(row, scope),
    ) as Row[];
    const byLocale = new Map<string, Row[]>();
    for (const row of siblings)
      byLocale.set(String(row.locale), [...(byLocale.get(String(row.locale)) ?? []), row]);
    for (const rows of byLocale.values()) {
      const places = rows.map((row) => Number(row.position ?? 0));
      rows.sort(
        (a, b) => groups.indexOf(a.groupId as string) - groups.indexOf(b.groupId as string),
      );
      placeIn(rows, places);
      followers.push(...rows);
    }
  }
  return followers;
}

/**
 * The engine's reorder action: the given records swap the places they hold among themselves;
 * other records keep theirs. Each list (owner and language) on its own, as an administrator's
 * page may mix several; a localized item's other languages follow (followingLanguages). Another
 * tenant's record is as absent as a missing one; nothing moves.
 */
export async function reorder(
  service: ResourceService,
  store: Store,
  scope: Where | true,
  { ids }: z.output<typeof reorderInput>,
  actor: Actor,
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
    placeIn(
      list,
      list.map((row) => Number(row.position ?? 0)),
    );
  }
  const followers = service.resource.localized
    ? await followingLanguages(store, name, scope, lists, chosen)
    : [];
  await store.transaction(async (tx) => {
    for (const row of [...chosen, ...followers]) {
      // A record that moves is at its next version (an open edit of it sends the old one).
      const stored = await tx.get(name, row.id);
      if (!stored || stored.position === row.position) continue;
      await tx.update(name, row.id, {
        position: row.position,
        [VERSION_FIELD]: versionOf(stored) + 1,
      });
    }
    // One entry for the action; the hotel is the one whose list moved (the first record's).
    const hotel = { ownerId: chosen[0]?.ownerId };
    await service.auditAction(tx, actor, 'reorder', hotel, undefined, `${chosen.length}`);
  });
  return { ids: chosen.map((row) => row.id), positions: chosen.map((row) => row.position) };
}
