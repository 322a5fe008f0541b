import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { answerFor, HttpError } from '../../mock-server/http/errors';
import { StoreError } from '../../mock-server/store/errors';
import { translate } from '../../mock-server/store/postgres/store';

/** An error as PostgreSQL's driver throws it. */
function databaseError(code: string): pg.DatabaseError {
  const error = new pg.DatabaseError(`the database's own words (${code})`, 0, 'error');
  error.code = code;
  return error;
}

describe("the PostgreSQL store's errors", () => {
  it.each([
    ['23505', 'duplicate', 409, 'Another record already has this value; it must be unique'],
    [
      '23503',
      'missingReference',
      409,
      'This change would leave a reference to a record that does not exist',
    ],
    ['2201B', 'invalidPattern', 400, 'Invalid regular expression in a _like filter'],
    ['22P05', 'nulCharacter', 400, 'Text may not contain the NUL character (U+0000)'],
    ['57P01', 'unavailable', 503, 'The database is not reachable right now; try again in a moment'],
  ])(
    'words %s as a store failure (%s), which the API answers %i',
    (code, failure, status, text) => {
      const translated = translate(databaseError(code));
      expect(translated).toBeInstanceOf(StoreError);
      expect((translated as StoreError).failure).toBe(failure);
      const answer = answerFor(translated);
      expect([answer?.statusCode, answer?.message]).toEqual([status, text]);
    },
  );

  it("leaves the API's own errors and unknown database errors as they were; a refused connection is unavailable", () => {
    const refusal = new HttpError(403, 'No');
    expect(translate(refusal)).toBe(refusal);
    const unknown = databaseError('42P01');
    expect(translate(unknown)).toBe(unknown);
    expect(answerFor(unknown)).toBeUndefined();
    // A connection the database refused: no request can be answered.
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect((translate(refused) as StoreError).failure).toBe('unavailable');
  });
});
