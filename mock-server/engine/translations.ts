import { isDeepStrictEqual } from 'node:util';
import { OWNER_FIELD } from '../../src/schema/access';
import { message } from '../../src/schema/messages';
import { sharedFields, type Resource } from '../../src/schema/resource';
import type { Reader, StoredRecord } from '../../src/schema/store';
import { VERSION_FIELD, versionOf } from '../../src/schema/versions';
import { invalidFields } from '../http/messages';
import type { Documents } from '../store/migrations';

type Row = Record<string, unknown>;

/**
 * The other languages' records of a record's translation group (the same owner and `groupId`):
 * the records a shared field's change reaches.
 */
export async function groupSiblings(
  tx: Reader,
  resource: Resource,
  record: StoredRecord,
): Promise<StoredRecord[]> {
  if (!resource.localized || typeof record.groupId !== 'string') return [];
  const where: Record<string, string | number> = { groupId: record.groupId };
  if (resource.owned) where[OWNER_FIELD] = record[OWNER_FIELD] as number;
  return (await tx.find(resource.name, where)).filter((row) => row.id !== record.id);
}

/** The shared fields whose value differs between two versions of a record. */
export const changedShared = (resource: Resource, before: Row, after: Row): string[] =>
  sharedFields(resource).filter((name) => !isDeepStrictEqual(before[name], after[name]));

/**
 * A shared field's value as it reads in `locale`: the value itself, or, for a reference to a
 * localized resource (which points at one language's record, `match: ['locale']`), the id of
 * the same item's record in `locale`; undefined when the item has none there.
 */
async function inLanguage(
  tx: Pick<Reader, 'get' | 'find'>,
  registry: readonly Resource[],
  resource: Resource,
  name: string,
  value: unknown,
  locale: unknown,
): Promise<unknown> {
  const field = resource.fields[name];
  if (field?.kind !== 'reference' || typeof value !== 'number') return value;
  const target = registry.find((other) => other.name === field.resource);
  if (!target?.localized) return value;
  const referenced = await tx.get(target.name, value);
  if (!referenced || referenced.locale === locale) return value;
  const where: Record<string, string | number> = {
    groupId: String(referenced.groupId),
    locale: String(locale),
  };
  if (target.owned) where[OWNER_FIELD] = referenced[OWNER_FIELD] as number;
  const [version] = await tx.find(target.name, where);
  return version?.id;
}

/**
 * The values `names` take in each sibling's language, from `source`. A reference whose item has
 * no record in a sibling's language is refused (422 on that field, naming the languages): the
 * group's records would otherwise stop pointing at one item.
 */
export async function sharedValuesFor(
  tx: Reader,
  registry: readonly Resource[],
  resource: Resource,
  source: Row,
  names: readonly string[],
  siblings: readonly StoredRecord[],
): Promise<Map<number, Row>> {
  const values = new Map<number, Row>();
  const missing = new Map<string, string[]>();
  for (const sibling of siblings) {
    const row: Row = {};
    for (const name of names) {
      const value = await inLanguage(tx, registry, resource, name, source[name], sibling.locale);
      if (value === undefined && source[name] !== undefined) {
        missing.set(name, [...(missing.get(name) ?? []), String(sibling.locale).toUpperCase()]);
      }
      row[name] = value;
    }
    values.set(sibling.id, row);
  }
  if (missing.size) {
    throw invalidFields(
      resource.name,
      Object.fromEntries(
        [...missing].map(([name, languages]) => [
          name,
          [message('validation.sharedMissing', { languages: languages.join(', ') })],
        ]),
      ),
    );
  }
  return values;
}

/**
 * The data step of migration 0002 (issue 39, point 6), on either store: makes each translation
 * group's shared fields equal, taking them from the group's source record — the one in its
 * `sourceLocale` when the resource keeps one, else English, else the oldest — so data written
 * before fields were shared follows the declarations. A group already equal is not touched. A
 * reference whose item lacks the record's language keeps its value. Each changed record is at
 * its next version (an open edit of it sends the old one). Answers how many records changed.
 */
export async function shareAcrossLanguages(
  docs: Documents,
  resources: readonly Resource[],
): Promise<number> {
  const reader = documentReader(docs);
  let changed = 0;
  for (const resource of resources) {
    const names = sharedFields(resource);
    if (!resource.localized || names.length === 0) continue;
    const groups = new Map<string, StoredRecord[]>();
    for (const row of await reader.find(resource.name)) {
      const key = `${String(row[OWNER_FIELD])}|${String(row.groupId)}`;
      if (typeof row.groupId === 'string') groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const rows of groups.values()) {
      if (rows.length < 2) continue;
      const source = sourceOf(rows);
      for (const row of rows) {
        if (row === source) continue;
        const patch: Row = {};
        for (const name of names) {
          const value = await inLanguage(
            reader,
            resources,
            resource,
            name,
            source[name],
            row.locale,
          );
          if (value !== undefined && !isDeepStrictEqual(value, row[name])) patch[name] = value;
        }
        if (Object.keys(patch).length === 0) continue;
        await docs.put(resource.name, { ...row, ...patch, [VERSION_FIELD]: versionOf(row) + 1 });
        changed += 1;
      }
    }
  }
  return changed;
}

/** A data step's records read as the engine reads a store (`get`, and `find` by equal values). */
const documentReader = (docs: Documents): Pick<Reader, 'get' | 'find'> => ({
  find: async (collection, where = {}) =>
    ((await docs.rows(collection)) as StoredRecord[]).filter((row) =>
      Object.entries(where).every(([field, value]) => row[field] === value),
    ),
  get: async (collection, id) =>
    ((await docs.rows(collection)) as StoredRecord[]).find((row) => row.id === id),
});

/** The record a group's shared values come from (see shareAcrossLanguages). */
function sourceOf(rows: readonly StoredRecord[]): StoredRecord {
  const byLocale = (locale: unknown) => rows.find((row) => row.locale === locale);
  const declared = rows.map((row) => row.sourceLocale).find((locale) => byLocale(locale));
  return byLocale(declared) ?? byLocale('en') ?? oldest(rows);
}

const oldest = (rows: readonly StoredRecord[]): StoredRecord =>
  [...rows].sort((a, b) => String(a.createdAt ?? '').localeCompare(String(b.createdAt ?? '')))[0]!;
