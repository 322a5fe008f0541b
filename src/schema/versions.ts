/**
 * Record versions (issue 38): every stored record carries `version`, 1 when it is made and one
 * more with each write, kept by the store in the same write. `GET /<name>/:id` answers it as an
 * `ETag`; a write that sends `If-Match` with an older one is refused (`412`) with what changed
 * since, so two people on one record never overwrite each other silently.
 */

export const VERSION_FIELD = 'version';

/** A stored record's version (records stored before versions existed are at version 1). */
export const versionOf = (record: object | undefined): number => {
  const version = (record as Readonly<Record<string, unknown>> | undefined)?.[VERSION_FIELD];
  return typeof version === 'number' ? version : 1;
};

/** The ETag of a version: a strong validator, the version's number in quotes. */
export const etagOf = (version: number): string => `"${version}"`;

/**
 * The version an `If-Match` header asks for: `undefined` when it asks none (no header, or `*`:
 * any current record), `null` when it names no version of ours (answered 400).
 */
export function parseIfMatch(header: string | undefined): number | undefined | null {
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"([1-9]\d{0,14})"\s*$/.exec(header);
  return match ? Number(match[1]) : null;
}

/** What a `412` says changed since the version the writer had (its `conflict`). */
export interface VersionConflict {
  /** The record's version now. */
  version: number;
  /** Who made the last change since (an audit entry's actor), when known. */
  changedBy: { id: number | null; name: string } | null;
  /** When the record last changed (ISO 8601), when known. */
  changedAt: string | null;
  /** The fields changed since the writer's version, as the audit log recorded them. */
  fields: string[];
}
