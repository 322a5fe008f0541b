import type { Resource } from '../../src/schema/resource';
import { SecretBox } from '../store/secrets';
import type { Store } from '../store/port';

/** The declared secret fields of a resource. */
export const secretFields = (resource: Resource): string[] =>
  Object.entries(resource.fields)
    .filter(([, field]) => 'secret' in field && field.secret)
    .map(([name]) => name);

/** What a secret is bound to, so a sealed value cannot be moved to another field. */
export const secretContext = (resource: Resource, field: string) => `${resource.name}/${field}`;

/**
 * Seals, in place, the secret values of a resource's rows that are in clear (the seed's demo
 * credentials, before the file is first written). Answers how many it sealed.
 */
export function sealInClear(resource: Resource, rows: Record<string, unknown>[], box: SecretBox) {
  let count = 0;
  for (const field of secretFields(resource)) {
    for (const row of rows) {
      const value = row[field];
      if (typeof value !== 'string' || value === '' || SecretBox.isSealed(value)) continue;
      row[field] = box.seal(value, secretContext(resource, field));
      count += 1;
    }
  }
  return count;
}

/**
 * At startup, in one transaction: re-seals under the current DATA_KEY every secret still sealed
 * with a key from DATA_KEY_PREVIOUS (key rotation), and seals one found in clear (a seeded demo
 * credential, a hand edit of the file). Answers how many values were sealed.
 */
export async function resealSecrets(
  store: Store,
  resources: readonly Resource[],
  box: SecretBox,
): Promise<number> {
  return store.transaction(async (tx) => {
    // Counted inside the work: a store may run it again after a conflict.
    let count = 0;
    for (const resource of resources) {
      const fields = secretFields(resource);
      if (!fields.length) continue;
      for (const row of await tx.find(resource.name)) {
        const patch: Record<string, string> = {};
        for (const field of fields) {
          const value = row[field];
          const context = secretContext(resource, field);
          if (typeof value === 'string' && value !== '' && !SecretBox.isSealed(value)) {
            patch[field] = box.seal(value, context);
          }
          if (!SecretBox.isSealed(value) || box.isCurrent(value)) continue;
          patch[field] = box.reseal(value, context);
        }
        if (Object.keys(patch).length === 0) continue;
        await tx.update(resource.name, row.id, patch);
        count += Object.keys(patch).length;
      }
    }
    return count;
  });
}
