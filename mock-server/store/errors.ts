/**
 * What a store refuses or cannot do, in the store's own words: the adapters throw these and the
 * HTTP edge answers them (http/errors `answerFor`). A store knows nothing of HTTP.
 */
export type StoreFailure =
  /** The database cannot be reached: nothing was written. */
  | 'unavailable'
  /** A unique rule (an index) refused the value. */
  | 'duplicate'
  /** A reference names a record that does not exist (a foreign key). */
  | 'missingReference'
  /** A `_like` filter that is not a valid regular expression. */
  | 'invalidPattern'
  /** A text with the NUL character (U+0000), which PostgreSQL does not store. */
  | 'nulCharacter';

export class StoreError extends Error {
  constructor(
    readonly failure: StoreFailure,
    /** What the database said, for the server's log (never sent). */
    detail?: string,
  ) {
    super(detail ? `${failure}: ${detail}` : failure);
    this.name = 'StoreError';
  }
}
