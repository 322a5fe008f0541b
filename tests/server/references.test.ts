import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/resources';
import type { ReferenceField } from '../../src/schema/fields';
import type { Field } from '../../src/schema/fields';
import { isShown, writableFields } from '../../src/schema/forms';
import type { Resource } from '../../src/schema/resource';
import type { StoredRecord } from '../../src/schema/store';
import type { ApiErrorBody } from '../../src/schema/user';
import { ADMIN, AMSTERDAM, BERLIN, startServer, type Answer, type TestServer } from './helpers';
import { operatorMay, sampleBody, type OwnerContext } from './samples';

/**
 * Every reference of every declaration is judged by the value about to be stored (issue 36):
 * a hotel's record pointed at another hotel's record answers 422 under the field, with the very
 * message an unknown id gets, and nothing changes. On create, PATCH and PUT; for the hotel and
 * for an administrator alike. Iterates the registry: a new reference is covered with no test.
 */

type Row = Record<string, unknown>;

interface Case {
  resource: Resource;
  name: string;
  field: ReferenceField;
  target: Resource;
}

/** References from a hotel's record to another hotel-owned collection. */
const CASES: Case[] = resources.flatMap((resource) =>
  Object.entries(resource.fields).flatMap(([name, field]) => {
    if (field.kind !== 'reference' || !resource.owned) return [];
    const target = resources.find((other) => other.name === field.resource);
    return target?.owned ? [{ resource, name, field, target }] : [];
  }),
);

const UNKNOWN_ID = 987_654_321;

let server: TestServer;
let tokens: { amsterdam: string; berlin: string; admin: string };
let ids: { amsterdam: number; berlin: number };
const ctxOf = async (email: string, token: string): Promise<OwnerContext> => {
  const user = await server.data.one('users', { email });
  return {
    server,
    token,
    owner: { id: user.id, locales: user.locales as string[] },
    registry: resources,
  };
};

beforeAll(async () => {
  server = await startServer();
  const [amsterdam, berlin, admin] = await Promise.all(
    [AMSTERDAM, BERLIN, ADMIN].map((email) => server.login(email)),
  );
  tokens = { amsterdam: amsterdam!, berlin: berlin!, admin: admin! };
  ids = {
    amsterdam: (await server.data.one('users', { email: AMSTERDAM })).id,
    berlin: (await server.data.one('users', { email: BERLIN })).id,
  };
});
afterAll(() => server.close());

/**
 * A record of `resource` owned by `email`'s hotel that has `where`'s values and shows `field` (a
 * subpage's parent): a seeded one, else one made through the API.
 */
async function recordOf(
  resource: Resource,
  email: string,
  token: string,
  where: Row = {},
  field?: Field,
) {
  const ownerId = email === BERLIN ? ids.berlin : ids.amsterdam;
  const found = (await server.data.find(resource.name, { ownerId })).find(
    (row) =>
      Object.entries(where).every(([key, value]) => row[key] === value) &&
      (!field || isShown(field, row)),
  );
  if (found) return found;
  if (!operatorMay(resource, 'create')) throw new Error(`no ${resource.name} of ${email}`);
  const body = await sampleBody(resource, await ctxOf(email, token), where);
  const answer = await server.send('POST', `/${resource.name}`, token, body);
  if (answer.status !== 201) throw new Error(`${resource.name}: ${answer.status} ${answer.text}`);
  return (await server.data.get(resource.name, (answer.body as { id: number }).id))!;
}

/**
 * A new record's body that shows `field`: the sample, with the yes/no and choice values of a
 * record that shows it (a field's condition reads those), so the field is judged, not dropped.
 */
async function bodyShowing(resource: Resource, field: Field, like: StoredRecord, fixed: Row) {
  const body = await sampleBody(resource, await ctxOf(BERLIN, tokens.berlin), fixed);
  if (isShown(field, body)) return body;
  for (const [name, other] of Object.entries(resource.fields)) {
    if ((other.kind === 'boolean' || other.kind === 'select') && name in like)
      body[name] = like[name];
  }
  if (!isShown(field, body)) throw new Error(`${resource.name}: no sample shows the field`);
  return body;
}

/** What the record must share with its reference (`match`, `where`): only the hotel differs. */
const matching = (field: ReferenceField, record: StoredRecord): Row => ({
  ...Object.fromEntries((field.match ?? []).map((key) => [key, record[key]])),
  ...field.where,
});

const errorsOf = (answer: Answer) => (answer.body as ApiErrorBody).errors ?? {};

describe.each(CASES.map((c) => [`${c.resource.name}.${c.name} → ${c.target.name}`, c] as const))(
  '%s',
  (_label, { resource, name, field, target }) => {
    let berlins: StoredRecord;
    let amsterdams: StoredRecord;
    let item: string;
    /** The answer an unknown id gets: another hotel's record must look exactly like it. */
    let unknownAnswer: Answer;

    beforeAll(async () => {
      berlins = await recordOf(resource, BERLIN, tokens.berlin, {}, field);
      const where = matching(field, berlins);
      // `where` names a kind by its text (a select's option); the store holds the same text.
      amsterdams = await recordOf(target, AMSTERDAM, tokens.amsterdam, where);
      item = `/${resource.name}/${berlins.id}`;
    });

    // A field nobody writes (set by the server: a sale's stay) is never taken from a body.
    const writable = writableFields(resource).some(([other]) => other === name);

    it('answers an unknown id with 422 under the field (or refuses the write), and changes nothing', async () => {
      const before = await server.data.get(resource.name, berlins.id);
      unknownAnswer = await server.send('PATCH', item, tokens.berlin, { [name]: UNKNOWN_ID });
      if (writable) {
        expect(unknownAnswer.status, unknownAnswer.text).toBe(422);
        expect(errorsOf(unknownAnswer)[name]).toEqual([
          expect.stringMatching(/^Choose an existing /),
        ]);
      } else {
        expect(unknownAnswer.status, unknownAnswer.text).toBeLessThan(500);
      }
      expect(await server.data.get(resource.name, berlins.id)).toEqual(before);
    });

    it("refuses re-pointing it at another hotel's record, as the hotel and as an administrator (PATCH and PUT)", async () => {
      const before = await server.data.get(resource.name, berlins.id);
      const shown = (await server.send('GET', item, tokens.berlin)).body as Row;
      for (const [who, token] of [
        ['Berlin', tokens.berlin],
        ['an administrator', tokens.admin],
      ] as const) {
        for (const [method, body] of [
          ['PATCH', { [name]: amsterdams.id }],
          ['PUT', { ...shown, [name]: amsterdams.id }],
        ] as const) {
          const answer = await server.send(method, item, token, body);
          const label = `${who} ${method}: ${answer.text}`;
          if (writable) {
            expect(answer.status, label).toBe(422);
            expect(errorsOf(answer)[name], label).toEqual(errorsOf(unknownAnswer)[name]);
          } else {
            expect(answer.status, label).toBeLessThan(500);
          }
        }
      }
      expect(await server.data.get(resource.name, berlins.id)).toEqual(before);
    });

    // Records only others make (guests' submissions, sales) have no create to try.
    if (operatorMay(resource, 'create')) {
      it("refuses creating a record that points at another hotel's (422), and stores nothing", async () => {
        const body = await bodyShowing(resource, field, berlins, matching(field, berlins));
        const count = await server.data.count(resource.name);
        const answer = await server.send('POST', `/${resource.name}`, tokens.berlin, {
          ...body,
          [name]: amsterdams.id,
        });
        if (writable) {
          expect(answer.status, answer.text).toBe(422);
          expect(errorsOf(answer)[name]).toEqual(errorsOf(unknownAnswer)[name]);
          expect(await server.data.count(resource.name)).toBe(count);
        } else {
          // Not read from a body at all: whatever was made points at no other hotel's record.
          expect(answer.status, answer.text).toBeLessThan(500);
          const made = (answer.body as { id?: number }).id;
          if (made !== undefined) {
            expect((await server.data.get(resource.name, made))?.[name]).not.toBe(amsterdams.id);
          }
        }
      });
    }
  },
);

it('covers the references that let one hotel point at another (submissions → forms among them)', () => {
  expect(CASES.map((c) => `${c.resource.name}.${c.name}`)).toContain('submissions.formId');
  expect(CASES.length).toBeGreaterThanOrEqual(6);
});
