/**
 * A three-way merge of an edit form's values after a `412` (issue 38): `base` is the record the
 * form was loaded from, `theirs` the record as it is on the server now, `mine` what the form
 * holds. A field only one side changed takes that side's value by itself; a field both changed
 * (to different values) is the person's to pick, their own value unless they pick theirs.
 * Pure: no React, so it is tested on its own (tests/unit/conflicts.test.ts).
 */

export type Values = Readonly<Record<string, unknown>>;

/** Who changed a field since the form was loaded. */
export type ChangedBy = 'theirs' | 'mine' | 'both';

/** A field whose value on the server now differs from the form's. */
export interface FieldDifference {
  name: string;
  base: unknown;
  theirs: unknown;
  mine: unknown;
  changedBy: ChangedBy;
}

/** The side a field both changed keeps (the person's own unless they pick theirs). */
export type Side = 'theirs' | 'mine';

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether two values are the same to a person: equal in depth (key order aside), and all empty
 * values (never set, cleared, an empty list) one and the same.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameValue(item, b[index]))
    );
  if (isPlainObject(a) && isPlainObject(b))
    return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((key) =>
      sameValue(a[key], b[key]),
    );
  return Object.is(a, b);
}

/**
 * The fields (of `names`) whose value on the server differs from the form's, and who changed
 * each since `base`. `touched` (when given) names the fields the person changed: another one
 * counts as theirs alone even if the form holds it a little differently (an editor that rewrote
 * the loaded HTML without a key pressed).
 */
export function differences(
  names: readonly string[],
  base: Values,
  theirs: Values,
  mine: Values,
  touched?: ReadonlySet<string>,
): FieldDifference[] {
  const found: FieldDifference[] = [];
  for (const name of names) {
    if (sameValue(theirs[name], mine[name])) continue;
    const theyChanged = !sameValue(theirs[name], base[name]);
    const iChanged = (!touched || touched.has(name)) && !sameValue(mine[name], base[name]);
    // Neither changed it: the form holds the loaded value in its own way, nothing to tell.
    if (!theyChanged && !iChanged) continue;
    const changedBy: ChangedBy = theyChanged && iChanged ? 'both' : iChanged ? 'mine' : 'theirs';
    found.push({ name, base: base[name], theirs: theirs[name], mine: mine[name], changedBy });
  }
  return found;
}

/** The side a difference merges to: its only changer's, or the pick for one both changed. */
export function mergedSide(
  difference: FieldDifference,
  picks: Readonly<Record<string, Side>>,
): Side {
  return difference.changedBy === 'both'
    ? (picks[difference.name] ?? 'mine')
    : difference.changedBy;
}

/**
 * The form's values merged with the server's: each differing field from the side
 * {@link mergedSide} says; every other field as the form holds it.
 */
export function merge(
  mine: Values,
  found: readonly FieldDifference[],
  picks: Readonly<Record<string, Side>> = {},
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...mine };
  for (const difference of found)
    merged[difference.name] =
      mergedSide(difference, picks) === 'theirs' ? difference.theirs : difference.mine;
  return merged;
}
