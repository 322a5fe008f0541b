import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Amenity, AmenityCategory, StoredUser } from '../../mock-server/store/types';
import type { ApiErrorBody, User } from '../../src/schema/user';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  MADRID,
  recordsSnapshot,
  SUPERADMIN,
  startServer,
  userId,
  type TestServer,
} from './helpers';

let server: TestServer;
let operator: string; // Amsterdam
let admin: string;
let superAdmin: string;
let amsterdamId: number;
let berlinId: number;
let madridId: number;
beforeEach(async () => {
  server = await startServer();
  [operator, admin, superAdmin] = await Promise.all([
    server.login(AMSTERDAM),
    server.login(ADMIN),
    server.login(SUPERADMIN),
  ]);
  amsterdamId = userId(server, AMSTERDAM);
  berlinId = userId(server, BERLIN);
  madridId = userId(server, MADRID);
});
afterEach(async () => {
  await server.close();
});

const send = (method: string, urlPath: string, token?: string, json?: unknown) =>
  server.send(method, urlPath, token, json);

const snapshot = () => recordsSnapshot(server);
const amenities = async () => (await server.data.all('amenities')) as unknown as Amenity[];
const categoriesOf = async (ownerId: number) =>
  (await server.data.find('amenity-categories', { ownerId })) as unknown as AmenityCategory[];
const amenitiesOf = async (ownerId: number) =>
  (await server.data.find('amenities', { ownerId })) as unknown as Amenity[];
const storedCategory = async (id: number) =>
  (await server.data.get('amenity-categories', id)) as AmenityCategory | undefined;
const storedAmenity = async (id: number) =>
  (await server.data.get('amenities', id)) as Amenity | undefined;
/** An owner's categories or amenities in one language (an amenity's category shares its locale). */
const inLocale = <T extends { locale: string }>(rows: T[], locale = 'en') =>
  rows.filter((row) => row.locale === locale);

const validCategory = { name: 'Rooftop bars', color: '#7635DC', locale: 'en' };
const validAmenity = (categoryId: number) => ({
  name: 'Canal tour',
  description: 'One hour on the canals.',
  address: 'Prins Hendrikkade 25, Amsterdam',
  url: 'https://canal-tours.example',
  categoryId,
  locale: 'en',
});

describe('validation (422 from the declaration)', () => {
  it('reports every missing required category field in English', async () => {
    const before = await snapshot();
    const { status, body } = await send('POST', '/amenity-categories', operator, {});
    expect(status).toBe(422);
    // The colour is required too, but a new record takes its declared default when left out.
    expect(body).toEqual({
      message: 'Validation failed',
      statusCode: 422,
      code: 'apiErrors.validationFailed',
      values: {},
      errors: {
        name: ['Name is required'],
        locale: ['Language is required'],
      },
      // Each message as a code too: the dashboard words it in the user's language.
      errorCodes: {
        name: [{ code: 'validation.required', values: {} }],
        locale: [{ code: 'validation.required', values: {} }],
      },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a color that is not a hex color, and empty names', async () => {
    const before = await snapshot();
    for (const color of ['purple', '#12345', '7635DC', '#GGGGGG']) {
      const { status, body } = await send('POST', '/amenity-categories', operator, {
        ...validCategory,
        color,
      });
      expect(status, color).toBe(422);
      expect((body as ApiErrorBody).errors).toEqual({
        color: ['Color must be a valid hex color such as #7635DC'],
      });
    }
    const blank = await send('POST', '/amenity-categories', operator, {
      ...validCategory,
      name: '   ',
    });
    expect((blank.body as ApiErrorBody).errors).toEqual({ name: ['Name is required'] });
    expect(await snapshot()).toEqual(before);
    // Both hex forms are fine.
    for (const color of ['#abc', '#7635dc']) {
      const { status } = await send('POST', '/amenity-categories', operator, {
        ...validCategory,
        color,
      });
      expect(status, color).toBe(201);
    }
  });

  it('requires name, description, address, category and language on an amenity', async () => {
    const before = await snapshot();
    const { status, body } = await send('POST', '/amenities', operator, { url: '' });
    expect(status).toBe(422);
    expect(body).toEqual({
      message: 'Validation failed',
      statusCode: 422,
      code: 'apiErrors.validationFailed',
      values: {},
      errors: {
        name: ['Name is required'],
        description: ['Description is required'],
        address: ['Address is required'],
        categoryId: ['Category is required'],
        locale: ['Language is required'],
      },
      errorCodes: Object.fromEntries(
        ['name', 'description', 'address', 'categoryId', 'locale'].map((field) => [
          field,
          [{ code: 'validation.required', values: {} }],
        ]),
      ),
    });
    expect(await snapshot()).toEqual(before);
  });

  it('checks the website only when one is given', async () => {
    const category = inLocale(await categoriesOf(amsterdamId))[0];
    for (const url of ['not a url', 'ftp://files.example', 'javascript:alert(1)', 'www.x.com']) {
      const { status, body } = await send('POST', '/amenities', operator, {
        ...validAmenity(category.id),
        url,
      });
      expect(status, url).toBe(422);
      expect((body as ApiErrorBody).errors).toEqual({
        url: ['Website must be a valid URL (https://…)'],
      });
    }
    for (const url of ['https://canal-tours.example/en', 'http://example.com']) {
      const { status } = await send('POST', '/amenities', operator, {
        ...validAmenity(category.id),
        url,
      });
      expect(status, url).toBe(201);
    }
    // No website at all: a linked page stands in for it (spec §3 "url or linked page").
    const page = (await server.data.find('pages', { ownerId: amsterdamId, locale: 'en' }))[0]!;
    for (const url of ['', undefined]) {
      const { status } = await send('POST', '/amenities', operator, {
        ...validAmenity(category.id),
        url,
        pageId: page.id,
      });
      expect(status, String(url)).toBe(201);
    }
  });

  it('drops unknown and server-kept fields: the stored record has no extra key', async () => {
    // Raw JSON, so `__proto__` and `constructor` arrive as own keys of the parsed body.
    const response = await server.request('POST', '/amenity-categories', {
      token: operator,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ...validCategory,
        id: 9999,
        extra: 'kept?',
        isAdmin: true,
        ownerId: berlinId,
        groupId: 'chosen-by-client',
        createdAt: '2000-01-01T00:00:00.000Z',
        updatedAt: '2000-01-01T00:00:00.000Z',
      }).replace(/}$/, ',"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}'),
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as AmenityCategory;
    const stored = (await storedCategory(created.id))!;
    expect(Object.keys(stored).sort()).toEqual(
      // `active` is the declared default of a field the body left out.
      [
        'active',
        'color',
        'createdAt',
        'groupId',
        'id',
        'locale',
        'name',
        'ownerId',
        'position',
        'updatedAt',
        'version',
      ].sort(),
    );
    expect(stored).toEqual(created);
    expect(stored.id).not.toBe(9999);
    expect(stored.ownerId).toBe(amsterdamId);
    expect(stored.groupId).not.toBe('chosen-by-client');
    expect(stored.createdAt).toBe(new Date(server.clock.now()).toISOString());
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('validates PATCH and PUT too, changing nothing on failure', async () => {
    const own = inLocale(await amenitiesOf(amsterdamId))[0];
    const before = await snapshot();
    const patch = await send('PATCH', `/amenities/${own.id}`, operator, {
      name: '',
      url: 'nope',
      categoryId: 'one',
    });
    expect(patch.status).toBe(422);
    expect((patch.body as ApiErrorBody).errors).toEqual({
      name: ['Name is required'],
      url: ['Website must be a valid URL (https://…)'],
      categoryId: ['Category is not valid'],
    });
    // PUT replaces: the required fields must all be there.
    const put = await send('PUT', `/amenities/${own.id}`, operator, { name: 'Only a name' });
    expect(put.status).toBe(422);
    expect(Object.keys((put.body as ApiErrorBody).errors!).sort()).toEqual(
      ['address', 'categoryId', 'description', 'locale'].sort(),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body that is not a JSON object (400)', async () => {
    const before = await snapshot();
    for (const json of [[validCategory], 'name', 42]) {
      const { status } = await send('POST', '/amenity-categories', operator, json);
      expect(status, JSON.stringify(json)).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('tenant isolation', () => {
  const berlinAmenity = async (): Promise<Amenity> => (await amenitiesOf(berlinId))[0];
  const berlinCategory = async (): Promise<AmenityCategory> =>
    inLocale(await categoriesOf(berlinId))[0];

  it("answers 404 for another tenant's record by id, exactly like a missing one", async () => {
    const before = await snapshot();
    const missing = await send('GET', '/amenities/999999', operator);
    expect(missing).toMatchObject({
      status: 404,
      body: { message: 'Not found', statusCode: 404, code: 'apiErrors.notFound', values: {} },
    });
    const targets = [
      `/amenities/${(await berlinAmenity()).id}`,
      `/amenity-categories/${(await berlinCategory()).id}`,
    ];
    for (const target of targets) {
      for (const [method, json] of [
        ['GET', undefined],
        ['PATCH', { name: 'Taken over' }],
        ['PUT', validCategory],
        ['DELETE', undefined],
      ] as const) {
        const answer = await send(method, target, operator, json);
        expect(answer.status, `${method} ${target}`).toBe(404);
        expect(answer.body).toEqual(missing.body);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('keeps list filters, repeated filters and id filters inside the tenant', async () => {
    for (const name of ['amenities', 'amenity-categories']) {
      const own = await server.data.find(name, { ownerId: amsterdamId });
      for (const query of [
        `?ownerId=${berlinId}`,
        `?ownerId=${berlinId}&ownerId=${amsterdamId}`,
        `?ownerId_ne=${amsterdamId}`,
        `?ownerId_gte=4`,
      ]) {
        const { status, body } = await send('GET', `/${name}${query}&_end=1000`, operator);
        expect(status).toBe(200);
        const rows = body as { ownerId: number }[];
        expect(
          rows.every((row) => row.ownerId === amsterdamId),
          `${name}${query}`,
        ).toBe(true);
        expect(rows.length).toBeLessThanOrEqual(own.length);
      }
    }
    const byId = await send('GET', `/amenities?id=${(await berlinAmenity()).id}`, operator);
    expect(byId.body).toEqual([]);
    // The same filter works for an administrator, so the operator's empty answer is the scope.
    const asAdmin = await send('GET', `/amenities?ownerId=${berlinId}&_end=1000`, admin);
    expect((asAdmin.body as Amenity[]).length).toBe((await amenitiesOf(berlinId)).length);
  });

  it("does not find another tenant's records with q", async () => {
    const name = (await berlinAmenity()).name;
    expect((await amenitiesOf(amsterdamId)).some((row) => JSON.stringify(row).includes(name))).toBe(
      false,
    );
    const asOperator = await send('GET', `/amenities?q=${encodeURIComponent(name)}`, operator);
    expect(asOperator.status).toBe(200);
    expect(asOperator.body).toEqual([]);
    const asAdmin = await send('GET', `/amenities?q=${encodeURIComponent(name)}`, admin);
    expect((asAdmin.body as Amenity[]).map((row) => row.id)).toContain((await berlinAmenity()).id);
  });

  it('ignores an ownerId in a create body: the record is the operator’s own', async () => {
    const berlinBefore = structuredClone(await categoriesOf(berlinId));
    const { status, body } = await send('POST', '/amenity-categories', operator, {
      ...validCategory,
      ownerId: berlinId,
    });
    expect(status).toBe(201);
    expect((body as AmenityCategory).ownerId).toBe(amsterdamId);
    expect((await storedCategory((body as AmenityCategory).id))!.ownerId).toBe(amsterdamId);
    expect(await categoriesOf(berlinId)).toEqual(berlinBefore);
  });

  it('never moves a record to another owner with PATCH or PUT, not even for an admin', async () => {
    const own = inLocale(await amenitiesOf(amsterdamId))[0];
    const berlinBefore = structuredClone(await amenitiesOf(berlinId));
    const patch = await send('PATCH', `/amenities/${own.id}`, operator, { ownerId: berlinId });
    expect(patch.status).toBe(200);
    const put = await send('PUT', `/amenities/${own.id}`, operator, {
      ...validAmenity(own.categoryId),
      ownerId: berlinId,
    });
    expect(put.status).toBe(200);
    const byAdmin = await send('PATCH', `/amenities/${own.id}`, admin, { ownerId: berlinId });
    expect(byAdmin.status).toBe(200);
    expect((await storedAmenity(own.id))!.ownerId).toBe(amsterdamId);
    expect(await amenitiesOf(berlinId)).toEqual(berlinBefore);
  });

  it('ignores _embed and _expand, so they cannot pull in other records', async () => {
    const own = (await amenitiesOf(amsterdamId))[0];
    const queries = [
      `/amenities?_expand=category&_expand=owner&_embed=amenities`,
      `/amenities/${own.id}?_expand=category&_expand=owner`,
      `/amenity-categories?_embed=amenities&_expand=owner`,
      `/amenity-categories/${own.categoryId}?_embed=amenities`,
    ];
    for (const query of queries) {
      const { status, text } = await send('GET', query, operator);
      expect(status, query).toBe(200);
      const rows = ([] as Record<string, unknown>[]).concat(JSON.parse(text));
      for (const row of rows) {
        expect(Object.keys(row)).not.toContain('category');
        expect(Object.keys(row)).not.toContain('owner');
        expect(Object.keys(row)).not.toContain('amenities');
        expect(row.ownerId).toBe(amsterdamId);
      }
    }
  });

  it("refuses another tenant's category on an amenity (422), on create and on update", async () => {
    const own = inLocale(await amenitiesOf(amsterdamId))[0];
    const before = await snapshot();
    const created = await send(
      'POST',
      '/amenities',
      operator,
      validAmenity((await berlinCategory()).id),
    );
    expect(created.status).toBe(422);
    expect((created.body as ApiErrorBody).errors).toEqual({
      categoryId: ['Choose an existing Category'],
    });
    const missing = await send('POST', '/amenities', operator, validAmenity(999999));
    expect(missing.body).toEqual(created.body);
    // Its own category, but in another language than the amenity.
    const dutch = inLocale(await categoriesOf(amsterdamId), 'nl')[0];
    const otherLocale = await send('POST', '/amenities', operator, validAmenity(dutch.id));
    expect(otherLocale.body).toEqual(created.body);
    const patched = await send('PATCH', `/amenities/${own.id}`, operator, {
      categoryId: (await berlinCategory()).id,
    });
    expect(patched.status).toBe(422);
    expect((patched.body as ApiErrorBody).errors).toEqual({
      categoryId: ['Choose an existing Category'],
    });
    // An administrator is held to the record owner's categories too.
    const byAdmin = await send('POST', '/amenities', admin, {
      ...validAmenity((await berlinCategory()).id),
      ownerId: madridId,
    });
    expect(byAdmin.status).toBe(422);
    expect((byAdmin.body as ApiErrorBody).errors).toEqual({
      categoryId: ['Choose an existing Category'],
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('administrators creating records', () => {
  it('must name the owner, and the owner must be an operator', async () => {
    const before = await snapshot();
    const cases: [unknown, string][] = [
      [undefined, 'Owner is required'],
      [null, 'Owner is required'],
      ['4', 'Owner is required'],
      [userId(server, ADMIN), 'Choose the hotel that owns this item'],
      [userId(server, SUPERADMIN), 'Choose the hotel that owns this item'],
      [999999, 'Choose the hotel that owns this item'],
    ];
    for (const [ownerId, error] of cases) {
      const { status, body } = await send('POST', '/amenity-categories', admin, {
        ...validCategory,
        ownerId,
      });
      expect(status, String(ownerId)).toBe(422);
      expect((body as ApiErrorBody).errors, String(ownerId)).toEqual({ ownerId: [error] });
    }
    expect(await snapshot()).toEqual(before);

    const { status, body } = await send('POST', '/amenity-categories', superAdmin, {
      ...validCategory,
      ownerId: berlinId,
    });
    expect(status).toBe(201);
    expect((await storedCategory((body as AmenityCategory).id))!.ownerId).toBe(berlinId);
  });
});

describe('defaults', () => {
  it('stores the declared default of a field the client left out', async () => {
    const created = await send('POST', '/amenity-categories', operator, validCategory);
    expect(created.status).toBe(201);
    expect(await storedCategory((created.body as AmenityCategory).id)).toMatchObject({
      active: true,
    });
    const inactive = await send('POST', '/amenity-categories', operator, {
      ...validCategory,
      active: false,
    });
    expect(await storedCategory((inactive.body as AmenityCategory).id)).toMatchObject({
      active: false,
    });
  });
});

describe('timestamps', () => {
  it('sets createdAt and updatedAt on create, and only updatedAt on update', async () => {
    const createdAt = new Date(server.clock.now()).toISOString();
    const created = await send('POST', '/amenity-categories', operator, validCategory);
    const { id } = created.body as AmenityCategory;
    expect(await storedCategory(id)).toMatchObject({ createdAt, updatedAt: createdAt });

    server.clock.advance(10 * 60 * 1000);
    const patchedAt = new Date(server.clock.now()).toISOString();
    const patch = await send('PATCH', `/amenity-categories/${id}`, operator, {
      name: 'Renamed',
      createdAt: '2000-01-01T00:00:00.000Z',
      updatedAt: '2000-01-01T00:00:00.000Z',
    });
    expect(patch.body).toMatchObject({ name: 'Renamed', createdAt, updatedAt: patchedAt });
    expect(await storedCategory(id)).toMatchObject({ createdAt, updatedAt: patchedAt });

    server.clock.advance(60 * 1000);
    const putAt = new Date(server.clock.now()).toISOString();
    await send('PUT', `/amenity-categories/${id}`, operator, validCategory);
    expect(await storedCategory(id)).toMatchObject({ createdAt, updatedAt: putAt });
  });
});

describe('deleting', () => {
  it('answers 409 for a category still used by amenities, and deletes nothing', async () => {
    const category = inLocale(await categoriesOf(amsterdamId))[0];
    const usedBy = (await amenities()).filter((row) => row.categoryId === category.id).length;
    expect(usedBy).toBeGreaterThan(0);
    const before = await snapshot();
    for (const token of [operator, admin]) {
      const { status, body } = await send('DELETE', `/amenity-categories/${category.id}`, token);
      expect(status).toBe(409);
      expect(body).toEqual({
        message: `This category is still used by ${usedBy} amenities. Change or delete those first.`,
        statusCode: 409,
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('deletes an unused category and nothing else', async () => {
    const created = await send('POST', '/amenity-categories', operator, validCategory);
    const { id } = created.body as AmenityCategory;
    const before = await snapshot();
    const { status, body } = await send('DELETE', `/amenity-categories/${id}`, operator);
    expect(status).toBe(200);
    expect(body).toEqual({});
    expect(await snapshot()).toEqual({
      ...before,
      'amenity-categories': before['amenity-categories'].filter((row) => row.id !== id),
    });
    expect((await send('GET', `/amenity-categories/${id}`, operator)).status).toBe(404);
  });

  it('deletes a category once its amenities are moved away', async () => {
    const [used, spare] = inLocale(await categoriesOf(amsterdamId));
    for (const amenity of (await amenities()).filter((row) => row.categoryId === used.id)) {
      const moved = await send('PATCH', `/amenities/${amenity.id}`, operator, {
        categoryId: spare.id,
      });
      expect(moved.status).toBe(200);
    }
    const before = await snapshot();
    expect((await send('DELETE', `/amenity-categories/${used.id}`, operator)).status).toBe(200);
    expect(await snapshot()).toEqual({
      ...before,
      'amenity-categories': before['amenity-categories'].filter((row) => row.id !== used.id),
    });
  });

  it('deletes an amenity without json-server’s cascade touching anything else', async () => {
    // json-server would also delete every record whose `amenityId` (or similar) matches.
    const amenity = (await amenitiesOf(amsterdamId))[0];
    const before = await snapshot();
    expect((await send('DELETE', `/amenities/${amenity.id}`, operator)).status).toBe(200);
    expect(await snapshot()).toEqual({
      ...before,
      amenities: before.amenities.filter((row) => row.id !== amenity.id),
    });
  });
});

describe('users', () => {
  const storedUser = async (id: number) =>
    (await server.data.get('users', id)) as unknown as StoredUser;

  it('lets an administrator ban an operator, whose token then gets 403', async () => {
    const berlin = await server.login(BERLIN);
    const { status, body } = await send('PATCH', `/users/${berlinId}`, admin, {
      status: 'banned',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: berlinId, status: 'banned' });
    expect((await storedUser(berlinId)).status).toBe('banned');
    const me = await send('GET', '/users/me', berlin);
    expect(me).toMatchObject({
      status: 403,
      body: { message: 'This account is banned', statusCode: 403 },
    });
    expect((await send('GET', '/amenities', berlin)).status).toBe(403);
  });

  it("does not let an administrator change an administrator's account (403)", async () => {
    const before = await snapshot();
    for (const id of [userId(server, SUPERADMIN), userId(server, ADMIN)]) {
      for (const [method, json] of [
        ['PATCH', { status: 'banned' }],
        ['PATCH', { company: 'Changed' }],
        ['PUT', { ...publicFields(await storedUser(id)), company: 'Changed' }],
      ] as const) {
        const { status, body } = await send(method, `/users/${id}`, admin, json);
        expect(status, `${method} ${id}`).toBe(403);
        expect(body).toEqual({
          message: "Only a super administrator can change an administrator's account",
          statusCode: 403,
          code: 'userTabs.lockedAdminAccount',
          values: {},
        });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('does not let an administrator change any role (403)', async () => {
    const before = await snapshot();
    for (const role of ['admin', 'superAdmin']) {
      const patch = await send('PATCH', `/users/${berlinId}`, admin, { role });
      expect(patch, role).toMatchObject({
        status: 403,
        body: { message: 'Only a super administrator can change the role', statusCode: 403 },
      });
      const put = await send('PUT', `/users/${berlinId}`, admin, {
        ...publicFields(await storedUser(berlinId)),
        role,
      });
      expect(put.status, role).toBe(403);
    }
    // Administrator flags are server-kept: sending them changes nothing.
    const flags = await send('PATCH', `/users/${berlinId}`, admin, {
      isAdmin: true,
      isSuperAdmin: true,
    });
    expect(flags.status).toBe(200);
    expect(flags.body).toMatchObject({ role: 'operator', isAdmin: false, isSuperAdmin: false });
    // Sign-in keeps lastSignInAt and invitation on the account; the snapshot leaves them out.
    const {
      updatedAt: _changed,
      lastSignInAt: _signedIn,
      invitation: _invitation,
      ...rest
    } = await storedUser(berlinId);
    const { updatedAt: _old, ...was } = before.users.find((user) => user.id === berlinId)!;
    expect(rest).toEqual(was);
    // Sending the role the account already has is fine (a full record on PUT).
    const same = await send('PUT', `/users/${berlinId}`, admin, {
      ...publicFields(await storedUser(berlinId)),
      company: 'Spree Loft Berlin GmbH',
    });
    expect(same.status).toBe(200);
    expect(await storedUser(berlinId)).toMatchObject({ role: 'operator', isAdmin: false });
  });

  it('lets a super administrator promote an operator to administrator and back', async () => {
    const promoted = await send('PATCH', `/users/${berlinId}`, superAdmin, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ role: 'admin', isAdmin: true, isSuperAdmin: false });
    expect(await storedUser(berlinId)).toMatchObject({
      role: 'admin',
      isAdmin: true,
      isSuperAdmin: false,
    });
    // The new administrator's rights apply at once, to the token they already hold.
    const berlin = await server.login(BERLIN);
    expect((await send('GET', '/users', berlin)).status).toBe(200);

    const top = await send('PATCH', `/users/${berlinId}`, superAdmin, { role: 'superAdmin' });
    expect(top.body).toMatchObject({ isAdmin: true, isSuperAdmin: true });
    const back = await send('PATCH', `/users/${berlinId}`, superAdmin, { role: 'operator' });
    expect(back.body).toMatchObject({ role: 'operator', isAdmin: false, isSuperAdmin: false });
    // A role change ends the account's sessions; signed in again, the operator is refused.
    expect((await send('GET', '/users', berlin)).status).toBe(401);
    expect((await send('GET', '/users', await server.login(BERLIN))).status).toBe(403);
  });

  it('lets nobody change their own role', async () => {
    const before = await snapshot();
    const own = await send('PATCH', `/users/${userId(server, SUPERADMIN)}`, superAdmin, {
      role: 'operator',
    });
    expect(own).toMatchObject({
      status: 403,
      body: { message: 'You cannot change your own role', statusCode: 403 },
    });
    const byAdmin = await send('PATCH', `/users/${userId(server, ADMIN)}`, admin, {
      role: 'superAdmin',
    });
    expect(byAdmin.status).toBe(403);
    const byOperator = await send('PATCH', `/users/${amsterdamId}`, operator, { role: 'admin' });
    expect(byOperator.status).toBe(403);
    expect(await snapshot()).toEqual(before);
    // Anything else of their own account a super administrator may change.
    const company = await send('PATCH', `/users/${userId(server, SUPERADMIN)}`, superAdmin, {
      company: 'Stay Console Ltd',
    });
    expect(company.status).toBe(200);
  });

  it('answers 409 for an email or slug already in use, letter case ignored', async () => {
    const before = await snapshot();
    const email = await send('PATCH', `/users/${berlinId}`, admin, {
      email: ' Hotel-Amsterdam@Example.com ',
    });
    expect(email).toMatchObject({
      status: 409,
      body: {
        message: 'Email is already in use',
        statusCode: 409,
        errors: { email: ['Email is already in use'] },
      },
    });
    const slug = await send('PATCH', `/users/${berlinId}`, admin, {
      slug: 'canal-house-amsterdam',
    });
    expect(slug.status).toBe(409);
    expect(await snapshot()).toEqual(before);
    // Its own email again is not a conflict.
    const same = await send('PATCH', `/users/${berlinId}`, admin, { email: BERLIN });
    expect(same.status).toBe(200);
  });

  it('validates user fields (422)', async () => {
    const before = await snapshot();
    const { status, body } = await send('PATCH', `/users/${berlinId}`, admin, {
      email: 'not-an-email',
      status: 'deleted',
      slug: 'Not A Slug',
      name: '',
    });
    expect(status).toBe(422);
    expect((body as ApiErrorBody).errors).toEqual({
      email: ['Email must be a valid email address'],
      status: ['Status is not valid'],
      slug: ['Slug may only contain lowercase letters, numbers and hyphens'],
      name: ['Name is required'],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('never returns a password hash, and never lets one be written', async () => {
    const hash = (await storedUser(berlinId)).passwordHash;
    const answers = [
      await send('GET', '/users', admin),
      await send('GET', `/users/${berlinId}`, admin),
      await send('GET', '/users?q=scrypt', superAdmin),
      await send('GET', '/users/me', operator),
      await send('PATCH', `/users/${berlinId}`, admin, { passwordHash: 'x', company: 'C' }),
      await send('PUT', `/users/${berlinId}`, admin, publicFields(await storedUser(berlinId))),
      await send('PATCH', `/users/${berlinId}`, admin, { email: ADMIN }),
      await send('PATCH', `/users/${berlinId}`, admin, { name: '' }),
      await send('PATCH', `/users/${berlinId}`, superAdmin, { role: 'admin' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([
      200, 200, 200, 200, 200, 200, 409, 422, 200,
    ]);
    for (const { text } of answers) {
      expect(text).not.toContain('passwordHash');
      expect(text).not.toContain('passwordChangedAt');
      expect(text).not.toContain('scrypt');
      expect(text).not.toContain(hash);
    }
    expect((await storedUser(berlinId)).passwordHash).toBe(hash);
  });

  // PATCH /users/me changes one's own profile (tests/server/account.test.ts).
  it('answers 405 for other writes to /users/me (it is not a user id)', async () => {
    const before = await snapshot();
    for (const method of ['PUT', 'POST', 'DELETE']) {
      for (const token of [operator, admin]) {
        const { status } = await send(method, '/users/me', token, { company: 'Me Inc.' });
        expect(status, method).toBe(405);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

/** The writable fields of a user, as a client editing the whole record would PUT them. */
function publicFields(user: User) {
  return {
    name: user.name,
    email: user.email,
    company: user.company,
    phoneNumber: user.phoneNumber,
    slug: user.slug,
    role: user.role,
    status: user.status,
    disabled: user.disabled,
    locales: user.locales,
    sourceLocale: user.sourceLocale,
  };
}
