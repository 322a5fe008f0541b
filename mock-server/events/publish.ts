import type { Resource } from '../../src/schema/resource';
import type { StoredRecord } from '../../src/schema/store';
import { secretFields } from '../engine/secrets';
import { AUDIT } from '../audit';
import type { Store, TypedWriter } from '../store/port';
import type { Change, ChangeAction, EventBus } from './bus';

/** Longer texts are not kept for the access check (no rule compares a long text). */
const MAX_KEPT_TEXT = 200;

/**
 * What a change keeps of a record for the streams' access check: its scalar values (what access
 * filters compare), never a secret nor an undeclared field (a password hash).
 */
export function accessView(resource: Resource, record: StoredRecord): Record<string, unknown> {
  const secret = new Set(secretFields(resource));
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record)) {
    const declared = name === 'id' || name === 'ownerId' || name in resource.fields;
    if (!declared || secret.has(name)) continue;
    const scalar =
      value === null ||
      typeof value === 'number' ||
      typeof value === 'boolean' ||
      (typeof value === 'string' && value.length <= MAX_KEPT_TEXT);
    if (scalar) kept[name] = value;
  }
  return kept;
}

/**
 * The store, publishing every committed write to a declared resource on the bus: the engine's
 * creates, updates, deletes, actions and reorders, and every feature's own writes (guests'
 * submissions, orders and bookings) alike, since all of them write through a transaction. A
 * write that rolls back publishes nothing; one change per resource and action per transaction.
 */
export function publishingStore(
  store: Store,
  resources: readonly Resource[],
  bus: EventBus,
): Store {
  const declared = new Map(resources.map((resource) => [resource.name, resource]));
  const transaction = async <T>(work: (tx: TypedWriter) => Promise<T>): Promise<T> => {
    let changes = new Map<string, Change>();
    let by: Change['by'];
    const note = (collection: string, action: ChangeAction, record: StoredRecord | undefined) => {
      // The write's audit entry names who made it: the edit forms say "Changed by …".
      if (collection === AUDIT && typeof record?.actorId === 'number') {
        by ??= { id: record.actorId, name: String(record.actorName ?? '') };
      }
      const resource = declared.get(collection);
      if (!resource || !record) return;
      const key = `${collection} ${action}`;
      const change = changes.get(key) ?? { resource: collection, action, ids: [], records: {} };
      if (!change.ids.includes(record.id)) change.ids.push(record.id);
      change.records[record.id] = accessView(resource, record);
      changes.set(key, change);
    };
    const result = await store.transaction(async (tx) => {
      // PostgreSQL may run the work again: only the last attempt's writes were stored.
      changes = new Map();
      by = undefined;
      const writer: TypedWriter = {
        find: (...args) => tx.find(...args),
        get: (...args) => tx.get(...args),
        count: (...args) => tx.count(...args),
        countBy: (...args) => tx.countBy(...args),
        insert: async (collection, record) => {
          // raw write: the publishing store passes every write on to the store it wraps
          const stored = await tx.insert(collection, record);
          note(collection, 'created', stored);
          return stored;
        },
        update: async (collection, id, patch) => {
          // raw write: the publishing store passes every write on to the store it wraps
          const stored = await tx.update(collection, id, patch);
          note(collection, 'updated', stored);
          return stored;
        },
        remove: async (collection, id) => {
          const before = declared.has(collection) ? await tx.get(collection, id) : undefined;
          // raw write: the publishing store passes every write on to the store it wraps
          await tx.remove(collection, id);
          note(collection, 'deleted', before);
        },
      };
      return work(writer);
    });
    const published = [...changes.values()];
    // A created record that the same transaction changed is announced once, as created.
    const created = new Set(
      published
        .filter((c) => c.action === 'created')
        .flatMap((c) => c.ids.map((id) => `${c.resource}/${id}`)),
    );
    const announced = published
      .map((change) =>
        change.action === 'updated'
          ? { ...change, ids: change.ids.filter((id) => !created.has(`${change.resource}/${id}`)) }
          : change,
      )
      .filter((change) => change.ids.length > 0)
      .map((change) => (by ? { ...change, by } : change));
    // The write is stored: a bus that fails must not turn it into an error for its writer.
    await bus.publish(announced).catch((error: unknown) => {
      console.error('Publishing a live event failed:', error);
    });
    return result;
  };
  // Everything else is the store's own (bound, so its private fields stay reachable). A
  // transaction set on the wrapped store (a test's failing one) wraps this one: set on the
  // store itself, it would call back into this wrapper, which calls it, without end.
  let outer: Store['transaction'] = transaction;
  return new Proxy(store, {
    set(target, property, value, receiver) {
      if (property !== 'transaction') return Reflect.set(target, property, value, receiver);
      outer = value as Store['transaction'];
      return true;
    },
    get(target, property, receiver) {
      if (property === 'transaction') return outer;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
