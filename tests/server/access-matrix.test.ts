import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Amenity,
  AmenityCategory,
  DbState,
  RecordRow,
  StoredUser,
} from '../../mock-server/store/types';
import { MAX_PAGE_SIZE } from '../../src/schema/paging';
import { PERSON_ROLE, type ApiErrorBody, type User, type VisitStats } from '../../src/schema/user';
import {
  ADMIN,
  AMSTERDAM,
  BERLIN,
  SUPERADMIN,
  recordsSnapshot,
  startServer,
  userId,
  type TestServer,
} from './helpers';

/**
 * The access matrix: every resource × action × actor, plus the custom routes, → the status the
 * issue asks for. The statuses are written out by hand below (not derived from src/resources),
 * so a wrong declaration or a server rule that drifts fails here.
 *
 * Every row runs on records made for it alone, and checks the store afterwards: a refused call
 * leaves the whole database exactly as it was; an allowed write changes its own record and nothing
 * else; a read changes nothing.
 *
 * Actors: operators are Amsterdam (user 3); "another tenant's record" is Berlin's (user 4), and
 * the administrators act on Berlin's records too.
 */

const ACTORS = ['anonymous', 'operatorOwn', 'operatorOther', 'admin', 'superAdmin'] as const;
type Actor = (typeof ACTORS)[number];
type Statuses = Record<Actor, number>;

const ACTOR_LABELS: Record<Actor, string> = {
  anonymous: 'anonymous',
  operatorOwn: 'operator on own record',
  operatorOther: "operator on another tenant's record",
  admin: 'administrator',
  superAdmin: 'super administrator',
};

const statuses = (
  anonymous: number,
  operatorOwn: number,
  operatorOther: number,
  admin: number,
  superAdmin: number,
): Statuses => ({ anonymous, operatorOwn, operatorOther, admin, superAdmin });

const CRUD_ACTIONS = ['list', 'get', 'create', 'patch', 'put', 'delete'] as const;
type CrudAction = (typeof CRUD_ACTIONS)[number];
type OwnedResource =
  | 'amenities'
  | 'amenity-categories'
  | 'pos-categories'
  | 'pos-products'
  | 'pos-transactions'
  | 'timeslots'
  | 'bookings';
type ResourceName = 'users' | OwnedResource;

// prettier-ignore
const EXPECTED: Record<ResourceName, Record<CrudAction, Statuses>> = {
  //                          anonymous  op:own  op:other  admin  superAdmin
  users: {
    list:   statuses(          401,      403,    403,      200,   200),
    get:    statuses(          401,      403,    403,      200,   200),
    create: statuses(          401,      403,    403,      201,   201),
    patch:  statuses(          401,      403,    403,      200,   200),
    put:    statuses(          401,      403,    403,      200,   200),
    // Offboarding's route (tests/server/offboarding.test.ts): super administrators delete an
    // archived hotel only; the matrix's target is active.
    delete: statuses(          401,      403,    403,      403,   409),
  },
  amenities: {
    list:   statuses(          401,      200,    200,      200,   200),
    get:    statuses(          401,      200,    404,      200,   200),
    create: statuses(          401,      201,    201,      201,   201),
    patch:  statuses(          401,      200,    404,      200,   200),
    put:    statuses(          401,      200,    404,      200,   200),
    delete: statuses(          401,      200,    404,      200,   200),
  },
  'amenity-categories': {
    list:   statuses(          401,      200,    200,      200,   200),
    get:    statuses(          401,      200,    404,      200,   200),
    create: statuses(          401,      201,    201,      201,   201),
    patch:  statuses(          401,      200,    404,      200,   200),
    put:    statuses(          401,      200,    404,      200,   200),
    delete: statuses(          401,      200,    404,      200,   200),
  },
  'pos-categories': {
    list:   statuses(          401,      200,    200,      200,   200),
    get:    statuses(          401,      200,    404,      200,   200),
    create: statuses(          401,      201,    201,      201,   201),
    patch:  statuses(          401,      200,    404,      200,   200),
    put:    statuses(          401,      200,    404,      200,   200),
    delete: statuses(          401,      200,    404,      200,   200),
  },
  'pos-products': {
    list:   statuses(          401,      200,    200,      200,   200),
    get:    statuses(          401,      200,    404,      200,   200),
    create: statuses(          401,      201,    201,      201,   201),
    patch:  statuses(          401,      200,    404,      200,   200),
    put:    statuses(          401,      200,    404,      200,   200),
    delete: statuses(          401,      200,    404,      200,   200),
  },
  // Read-only through the generic API: no write routes, so the collection gate answers 405.
  'pos-transactions': {
    list:   statuses(          401,      200,    200,      200,   200),
    get:    statuses(          401,      200,    404,      200,   200),
    create: statuses(          401,      405,    405,      405,   405),
    patch:  statuses(          401,      405,    405,      405,   405),
    put:    statuses(          401,      405,    405,      405,   405),
    delete: statuses(          401,      405,    405,      405,   405),
  },
  timeslots: {
    list:   statuses(          401,      200,    200,      200,   200),
    get:    statuses(          401,      200,    404,      200,   200),
    create: statuses(          401,      201,    201,      201,   201),
    patch:  statuses(          401,      200,    404,      200,   200),
    put:    statuses(          401,      200,    404,      200,   200),
    delete: statuses(          401,      200,    404,      200,   200),
  },
  bookings: {
    list:   statuses(          401,      200,    200,      200,   200),
    get:    statuses(          401,      200,    404,      200,   200),
    create: statuses(          401,      201,    201,      201,   201),
    patch:  statuses(          401,      200,    404,      200,   200),
    put:    statuses(          401,      200,    404,      200,   200),
    delete: statuses(          401,      200,    404,      200,   200),
  },
};

const CUSTOM_ROUTES = [
  'POST /auth/login-as',
  'GET /stats',
  'GET /users/me',
  'POST /amenities/sync',
  'POST /amenities/reorder',
  'POST /pos-transactions/:id/refund',
  'GET /pos-transactions/summary',
] as const;
type CustomRoute = (typeof CUSTOM_ROUTES)[number];

// prettier-ignore
const EXPECTED_CUSTOM: Record<CustomRoute, Statuses> = {
  //                                   anonymous  op:own  op:other  admin  superAdmin
  'POST /auth/login-as': statuses(     401,       403,    403,      200,   200),
  'GET /stats':          statuses(     401,       200,    200,      200,   200),
  'GET /users/me':       statuses(     401,       200,    200,      200,   200),
  'POST /amenities/sync':    statuses( 401,       200,    200,      200,   200),
  'POST /amenities/reorder': statuses( 401,       200,    404,      200,   200),
  'POST /pos-transactions/:id/refund': statuses(
                                       401,       200,    404,      200,   200),
  'GET /pos-transactions/summary':     statuses(
                                       401,       200,    200,      200,   200),
};

// What "operator on another tenant's record" means for each row is spelled out in the scenarios:
// by id for get/update/delete, `?ownerId=<Berlin>` for lists, `ownerId: <Berlin>` in a create
// body, `{ id: <Berlin> }` for login-as, `?ownerId=<Berlin>` for stats, `?id=<Berlin>` for
// /users/me, `ownerId: <Berlin>` in a sync body (ignored: the operator syncs their own),
// Berlin's ids for reorder, Berlin's transaction for refund and `?ownerId=<Berlin>` for the
// transactions' summary (ignored: still the operator's own). Administrators sync, reorder and
// refund Berlin's records.

interface Call {
  method: string;
  path: string;
  json?: unknown;
}

interface Outcome {
  response: Response;
  body: unknown;
  before: DbState;
  after: DbState;
}

interface Scenario {
  call: Call;
  /** Checks an allowed call's answer and what it did to the store. */
  allowed(outcome: Outcome): Promise<void> | void;
  /** What a refused call may store (an audit record); by default nothing at all. */
  refused?(outcome: Outcome): void;
}

type Collection = 'users' | 'impersonations' | OwnedResource;
type Row = { id: number } & Record<string, unknown>;

const rowsOf = (state: DbState, name: Collection) => state[name] as unknown as Row[];

/** The state without one record, to compare "everything else". */
const without = (state: DbState, name: Collection, id: number): DbState => ({
  ...state,
  [name]: rowsOf(state, name).filter((row) => row.id !== id),
});

const SECRET_MARKERS = ['passwordHash', 'passwordChangedAt', 'scrypt$'];

/** A server, its actors' tokens and fixture factories, shared by the rows of one describe. */
function useWorld() {
  const world = {} as {
    server: TestServer;
    tokens: Record<Actor, string | undefined>;
    amsterdam: number;
    berlin: number;
    actorIds: Record<Actor, number | undefined>;
  };
  let counter = 0;

  beforeAll(async () => {
    const server = await startServer();
    const [operator, admin, superAdmin] = await Promise.all([
      server.login(AMSTERDAM),
      server.login(ADMIN),
      server.login(SUPERADMIN),
    ]);
    world.server = server;
    world.tokens = {
      anonymous: undefined,
      operatorOwn: operator,
      operatorOther: operator,
      admin,
      superAdmin,
    };
    world.amsterdam = userId(server, AMSTERDAM);
    world.berlin = userId(server, BERLIN);
    world.actorIds = {
      anonymous: undefined,
      operatorOwn: world.amsterdam,
      operatorOther: world.amsterdam,
      admin: userId(server, ADMIN),
      superAdmin: userId(server, SUPERADMIN),
    };
  });
  afterAll(async () => {
    await world.server.close();
  });

  const next = () => ++counter;
  const stamp = () => new Date(world.server.clock.now()).toISOString();

  const fixtures = {
    async category(ownerId: number): Promise<AmenityCategory> {
      const n = next();
      return (await world.server.data.insert('amenity-categories', {
        ownerId,
        groupId: `matrix-category-${n}`,
        locale: 'en',
        name: `Matrix category ${n}`,
        color: '#123456',
        active: true,
        createdAt: stamp(),
        updatedAt: stamp(),
      })) as unknown as AmenityCategory;
    },
    async amenity(ownerId: number): Promise<Amenity> {
      const category = await fixtures.category(ownerId);
      const n = next();
      return (await world.server.data.insert('amenities', {
        ownerId,
        groupId: `matrix-amenity-${n}`,
        locale: 'en',
        name: `Matrix amenity ${n}`,
        description: 'A place made for one row of the access matrix.',
        address: `Matrixstraat ${n}`,
        // A website or a linked page (spec §3): a record without either could not be patched.
        url: `https://matrix-${n}.example`,
        categoryId: category.id,
        active: true,
        location: '',
        coordinates: { lat: 52.37, lng: 4.89 },
        createdAt: stamp(),
        updatedAt: stamp(),
      })) as unknown as Amenity;
    },
    async posCategory(ownerId: number): Promise<RecordRow> {
      const n = next();
      return (await world.server.data.insert('pos-categories', {
        ownerId,
        name: `Matrix till category ${n}`,
        image: '',
        active: true,
        position: 100 + n,
        createdAt: stamp(),
        updatedAt: stamp(),
      })) as unknown as RecordRow;
    },
    /** A product without stock, so refunding a sale of it changes only the transaction. */
    async posProduct(ownerId: number): Promise<RecordRow> {
      const category = await fixtures.posCategory(ownerId);
      const n = next();
      return (await world.server.data.insert('pos-products', {
        ownerId,
        name: `Matrix product ${n}`,
        description: '',
        image: '',
        categoryId: category.id,
        price: 350,
        vatRate: 9,
        active: true,
        createdAt: stamp(),
        updatedAt: stamp(),
      })) as unknown as RecordRow;
    },
    /** A paid card sale of one fresh product. */
    async posTransaction(ownerId: number): Promise<RecordRow> {
      const product = await fixtures.posProduct(ownerId);
      const n = next();
      return (await world.server.data.insert('pos-transactions', {
        ownerId,
        number: `MATRIX-${String(n).padStart(6, '0')}`,
        createdAt: stamp(),
        items: [
          { productId: product.id, name: product.name, quantity: 2, unitPrice: 350, vatRate: 9 },
        ],
        subtotal: 642,
        vat: 58,
        total: 700,
        paymentMethod: 'card',
        status: 'paid',
        room: '101',
        refundReason: null,
        refundedAt: null,
      })) as unknown as RecordRow;
    },
    /** An active timeslot offered every day, so any date of a booking in it is valid. */
    async timeslot(ownerId: number): Promise<RecordRow> {
      const n = next();
      return (await world.server.data.insert('timeslots', {
        ownerId,
        serviceName: `Matrix service ${n}`,
        weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
        startTime: '09:00',
        endTime: '10:00',
        capacity: 10,
        active: true,
        createdAt: stamp(),
        updatedAt: stamp(),
      })) as unknown as RecordRow;
    },
    async booking(ownerId: number): Promise<RecordRow> {
      const timeslot = await fixtures.timeslot(ownerId);
      const n = next();
      return (await world.server.data.insert('bookings', {
        ownerId,
        guestName: `Matrix guest ${n}`,
        room: '202',
        timeslotId: timeslot.id,
        date: '2031-03-04',
        partySize: 3,
        status: 'booked',
        createdAt: stamp(),
        updatedAt: stamp(),
      })) as unknown as RecordRow;
    },
    /** A new operator account, a copy of Berlin's with its own email and slug. */
    async operator(): Promise<StoredUser> {
      const n = next();
      const { id: _id, ...berlin } = (await world.server.data.get('users', world.berlin))!;
      return (await world.server.data.insert('users', {
        ...berlin,
        name: `Matrix operator ${n}`,
        email: `matrix-${n}@example.com`,
        slug: `matrix-operator-${n}`,
      })) as unknown as StoredUser;
    },
  };

  return { world, fixtures, next };
}

/** Runs one row: the call, its status, the error shape, and what the store holds afterwards. */
async function runRow(
  server: TestServer,
  token: string | undefined,
  expected: number,
  scenario: Scenario,
) {
  const before = (await recordsSnapshot(server)) as unknown as DbState;
  const { method, path, json } = scenario.call;
  const response = await server.request(method, path, { token, json });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  const after = (await recordsSnapshot(server)) as unknown as DbState;

  expect(response.status, `${method} ${path} → ${text}`).toBe(expected);
  for (const marker of SECRET_MARKERS) expect(text).not.toContain(marker);
  if (expected >= 400) {
    // A refusal may carry its message's code and values (the dashboard words it), nothing else.
    const { code, values, ...plain } = body as ApiErrorBody;
    expect(plain).toEqual({
      message: expect.any(String),
      statusCode: expected,
    } satisfies ApiErrorBody);
    if (code !== undefined)
      expect({ code, values }).toEqual({ code: expect.any(String), values: expect.any(Object) });
    // Refused: nothing changed anywhere (but what the route records of a refusal).
    if (scenario.refused) scenario.refused({ response, body, before, after });
    else expect(after).toEqual(before);
    return;
  }
  await scenario.allowed({ response, body, before, after });
}

const isOperator = (actor: Actor) => actor === 'operatorOwn' || actor === 'operatorOther';

const OWNED_RESOURCES = [
  'amenities',
  'amenity-categories',
  'pos-categories',
  'pos-products',
  'pos-transactions',
  'timeslots',
  'bookings',
] as const satisfies readonly OwnedResource[];

/** The text field each resource's rows rename. */
const LABEL_FIELDS: Record<OwnedResource, string> = {
  amenities: 'name',
  'amenity-categories': 'name',
  'pos-categories': 'name',
  'pos-products': 'name',
  'pos-transactions': 'number',
  timeslots: 'serviceName',
  bookings: 'guestName',
};

/** The reference a record of the resource needs (of the same owner), if any. */
const REFERENCE_FIELDS: Partial<Record<OwnedResource, string>> = {
  amenities: 'categoryId',
  'pos-products': 'categoryId',
  bookings: 'timeslotId',
};

describe.each(OWNED_RESOURCES)('access matrix: %s', (name) => {
  const { world, fixtures, next } = useWorld();
  const labelField = LABEL_FIELDS[name];
  const referenceField = REFERENCE_FIELDS[name];

  /** A fresh record of this collection for an owner. */
  const fresh = async (ownerId: number): Promise<Row> => {
    const make: Record<OwnedResource, (owner: number) => Promise<unknown>> = {
      amenities: fixtures.amenity,
      'amenity-categories': fixtures.category,
      'pos-categories': fixtures.posCategory,
      'pos-products': fixtures.posProduct,
      'pos-transactions': fixtures.posTransaction,
      timeslots: fixtures.timeslot,
      bookings: fixtures.booking,
    };
    return (await make[name](ownerId)) as Row;
  };

  /**
   * A complete, valid body for an owner. Amenities and products get a fresh category of that
   * owner, bookings a fresh timeslot (active, every day, room for the party) unless given one.
   */
  const validBody = async (ownerId: number, label: string, reference?: number) => {
    switch (name) {
      case 'amenities':
        return {
          name: label,
          description: 'Written by the access matrix.',
          address: 'Matrixplein 1',
          url: 'https://example.com',
          categoryId: reference ?? (await fixtures.category(ownerId)).id,
          active: true,
          location: '',
          coordinates: null,
          locale: 'en',
        };
      case 'amenity-categories':
        return { name: label, color: '#654321', active: true, locale: 'en' };
      case 'pos-categories':
        return { name: label, active: true };
      case 'pos-products':
        return {
          name: label,
          description: 'Written by the access matrix.',
          categoryId: reference ?? (await fixtures.posCategory(ownerId)).id,
          price: 1250,
          vatRate: 21,
          active: true,
          stock: 7,
        };
      // Refused before the body is read; a plausible sale all the same.
      case 'pos-transactions':
        return { number: label, total: 700, paymentMethod: 'cash', status: 'paid', room: '101' };
      case 'timeslots':
        return {
          serviceName: label,
          weekdays: ['sat', 'sun'],
          startTime: '14:00',
          endTime: '15:30',
          capacity: 6,
          active: true,
        };
      case 'bookings':
        return {
          guestName: label,
          room: '305',
          timeslotId: reference ?? (await fixtures.timeslot(ownerId)).id,
          date: '2031-03-07',
          partySize: 2,
          status: 'booked',
        };
    }
  };

  /** Whose record a row aims at: the operator's own, or Berlin's for everyone else. */
  const targetOwner = (actor: Actor) => (actor === 'operatorOwn' ? world.amsterdam : world.berlin);

  const onlyChanged = ({ before, after }: Outcome, id: number) =>
    expect(without(after, name, id)).toEqual(without(before, name, id));

  const storedRecord = (state: DbState, id: number) =>
    rowsOf(state, name).find((row) => row.id === id);

  const scenarios: Record<CrudAction, (actor: Actor) => Promise<Scenario>> = {
    list: async (actor) => ({
      call: {
        method: 'GET',
        path: actor === 'operatorOther' ? `/${name}?ownerId=${world.berlin}` : `/${name}`,
      },
      allowed: ({ response, body, before, after }) => {
        expect(after).toEqual(before);
        const records = body as Row[];
        const expected = isOperator(actor)
          ? rowsOf(before, name).filter((row) => row.ownerId === world.amsterdam)
          : rowsOf(before, name);
        expect(records.length).toBeGreaterThan(0);
        // A list without paging answers the first MAX_PAGE_SIZE records (all are counted).
        expect(records.map((row) => row.id).sort((a, b) => a - b)).toEqual(
          expected
            .slice(0, MAX_PAGE_SIZE)
            .map((row) => row.id)
            .sort((a, b) => a - b),
        );
        expect(response.headers.get('x-total-count')).toBe(String(expected.length));
      },
    }),
    get: async (actor) => {
      const record = await fresh(targetOwner(actor));
      return {
        call: { method: 'GET', path: `/${name}/${record.id}` },
        allowed: ({ body, before, after }) => {
          expect(after).toEqual(before);
          expect(body).toEqual(record);
        },
      };
    },
    create: async (actor) => {
      const label = `Created by the matrix ${next()}`;
      // Operators may only create for themselves; "other" claims Berlin as the owner in the body.
      const json = isOperator(actor)
        ? {
            ...(await validBody(world.amsterdam, label)),
            ...(actor === 'operatorOther' ? { ownerId: world.berlin } : {}),
          }
        : { ...(await validBody(world.berlin, label)), ownerId: world.berlin };
      return {
        call: { method: 'POST', path: `/${name}`, json },
        allowed: (outcome) => {
          const created = outcome.body as Row;
          const stored = storedRecord(outcome.after, created.id);
          expect(storedRecord(outcome.before, created.id)).toBeUndefined();
          expect(stored).toEqual(created);
          expect(stored).toMatchObject({
            [labelField]: label,
            ownerId: isOperator(actor) ? world.amsterdam : world.berlin,
          });
          onlyChanged(outcome, created.id);
        },
      };
    },
    patch: async (actor) => {
      const record = await fresh(targetOwner(actor));
      const label = `Renamed by the matrix ${next()}`;
      return {
        call: { method: 'PATCH', path: `/${name}/${record.id}`, json: { [labelField]: label } },
        allowed: (outcome) => {
          expect(storedRecord(outcome.after, record.id)).toMatchObject({
            [labelField]: label,
            ownerId: record.ownerId,
          });
          expect(outcome.body).toEqual(storedRecord(outcome.after, record.id));
          onlyChanged(outcome, record.id);
        },
      };
    },
    put: async (actor) => {
      const record = await fresh(targetOwner(actor));
      const label = `Replaced by the matrix ${next()}`;
      const json = await validBody(
        record.ownerId as number,
        label,
        referenceField ? (record[referenceField] as number) : undefined,
      );
      return {
        call: { method: 'PUT', path: `/${name}/${record.id}`, json },
        allowed: (outcome) => {
          expect(storedRecord(outcome.after, record.id)).toMatchObject({
            ...json,
            ownerId: record.ownerId,
          });
          onlyChanged(outcome, record.id);
        },
      };
    },
    delete: async (actor) => {
      const record = await fresh(targetOwner(actor));
      return {
        call: { method: 'DELETE', path: `/${name}/${record.id}` },
        allowed: (outcome) => {
          expect(outcome.body).toEqual({});
          expect(storedRecord(outcome.after, record.id)).toBeUndefined();
          // Only that record went; json-server's cascade did not run.
          expect(outcome.after).toEqual(without(outcome.before, name, record.id));
        },
      };
    },
  };

  for (const action of CRUD_ACTIONS) {
    for (const actor of ACTORS) {
      const expected = EXPECTED[name][action][actor];
      it(`${action} as ${ACTOR_LABELS[actor]} → ${expected}`, async () => {
        await runRow(world.server, world.tokens[actor], expected, await scenarios[action](actor));
      });
    }
  }
});

describe('access matrix: users', () => {
  const { world, fixtures, next } = useWorld();

  /** Operators aim at their own account or Berlin's; administrators at a fresh operator. */
  const target = async (actor: Actor): Promise<StoredUser> =>
    actor === 'operatorOwn'
      ? storedUserOf(world.amsterdam)
      : actor === 'admin' || actor === 'superAdmin'
        ? fixtures.operator()
        : storedUserOf(world.berlin);

  const storedUserOf = async (id: number) =>
    (await world.server.data.get('users', id))! as unknown as StoredUser;
  const storedUser = (state: DbState, id: number) => state.users.find((user) => user.id === id);
  const onlyChanged = ({ before, after }: Outcome, id: number) =>
    expect(without(after, 'users', id)).toEqual(without(before, 'users', id));

  const fullBody = (user: StoredUser, company: string) => ({
    name: user.name,
    email: user.email,
    company,
    phoneNumber: user.phoneNumber,
    slug: user.slug,
    role: 'operator',
    status: 'active',
    disabled: false,
    locales: user.locales,
    sourceLocale: user.sourceLocale,
  });

  const scenarios: Record<CrudAction, (actor: Actor) => Promise<Scenario>> = {
    list: async (actor) => ({
      call: {
        method: 'GET',
        path: actor === 'operatorOther' ? `/users?id=${world.berlin}` : '/users',
      },
      allowed: ({ body, before, after }) => {
        expect(after).toEqual(before);
        const ids = (body as User[]).map((user) => user.id);
        // Accounts, not people: a hotel's members are on its Members tab (issue 40).
        const accounts = before.users.filter((user) => user.role !== PERSON_ROLE);
        expect(ids.sort((a, b) => a - b)).toEqual(accounts.map((user) => user.id));
      },
    }),
    get: async (actor) => {
      const user = actor === 'operatorOwn' ? await target(actor) : await storedUserOf(world.berlin);
      return {
        call: { method: 'GET', path: `/users/${user.id}` },
        allowed: ({ body, before, after }) => {
          expect(after).toEqual(before);
          expect(body).toMatchObject({ id: user.id, email: user.email, role: user.role });
        },
      };
    },
    create: async () => {
      const n = next();
      return {
        call: {
          method: 'POST',
          path: '/users',
          json: {
            name: `New user ${n}`,
            email: `new-${n}@example.com`,
            company: 'New Hotel',
            phoneNumber: '+31 20 000 0000',
            slug: `new-user-${n}`,
            role: 'operator',
            status: 'active',
            password: 'demo1234',
            locales: ['nl', 'en'],
            sourceLocale: 'nl',
            template: 'masonry',
            logo: '/uploads/files/admin/Lh7Kq2Vx9Pz4Rb6Tn1Wc3d.png',
            title: `New Hotel ${n}`,
          },
        },
        allowed: (outcome) => {
          const created = outcome.body as User;
          const stored = storedUser(outcome.after, created.id);
          expect(stored).toMatchObject({ email: `new-${n}@example.com`, role: 'operator' });
          // A password is chosen through the invitation, never sent with the account.
          expect(stored?.passwordHash).toBeUndefined();
        },
      };
    },
    patch: async (actor) => {
      const user = await target(actor);
      const company = `Renamed by the matrix ${next()}`;
      return {
        call: { method: 'PATCH', path: `/users/${user.id}`, json: { company } },
        allowed: (outcome) => {
          expect(storedUser(outcome.after, user.id)).toMatchObject({
            company,
            role: 'operator',
            isAdmin: false,
            isSuperAdmin: false,
            passwordHash: user.passwordHash,
          });
          expect(outcome.body).toMatchObject({ id: user.id, company });
          onlyChanged(outcome, user.id);
        },
      };
    },
    put: async (actor) => {
      const user = await target(actor);
      const company = `Replaced by the matrix ${next()}`;
      return {
        call: { method: 'PUT', path: `/users/${user.id}`, json: fullBody(user, company) },
        allowed: (outcome) => {
          expect(storedUser(outcome.after, user.id)).toMatchObject({
            company,
            role: 'operator',
            isAdmin: false,
            passwordHash: user.passwordHash,
          });
          onlyChanged(outcome, user.id);
        },
      };
    },
    delete: async (actor) => {
      const user = await target(actor);
      return {
        call: { method: 'DELETE', path: `/users/${user.id}` },
        allowed: (outcome) => {
          expect(outcome.after).toEqual(without(outcome.before, 'users', user.id));
        },
      };
    },
  };

  for (const action of CRUD_ACTIONS) {
    for (const actor of ACTORS) {
      const expected = EXPECTED.users[action][actor];
      it(`${action} as ${ACTOR_LABELS[actor]} → ${expected}`, async () => {
        await runRow(world.server, world.tokens[actor], expected, await scenarios[action](actor));
      });
    }
  }
});

describe('access matrix: custom routes', () => {
  const { world, fixtures, next } = useWorld();

  /** Removes an owner's amenity of one seeded group in one language, so Sync has one to create. */
  const openGap = async (ownerId: number, locale: string) => {
    const groupId = `amenity-${ownerId}-${String(next()).padStart(2, '0')}`;
    const [row] = await world.server.data.find('amenities', { ownerId, locale, groupId });
    expect(row).toBeDefined();
    await world.server.data.remove('amenities', row!.id);
    return groupId;
  };

  /** An owner's list in one language, in position order. */
  const listOf = async (ownerId: number, locale: string) =>
    ((await world.server.data.find('amenities', { ownerId, locale })) as unknown as Amenity[]).sort(
      (a, b) => Number(a.position) - Number(b.position),
    );

  const visitorsOf = (state: DbState, ownerId?: number) =>
    state.visits
      .filter((visit) => ownerId === undefined || visit.ownerId === ownerId)
      .reduce((sum, visit) => sum + visit.visitors, 0);

  const scenarios: Record<CustomRoute, (actor: Actor) => Promise<Scenario>> = {
    'POST /auth/login-as': async (actor) => {
      const id = actor === 'operatorOwn' ? world.amsterdam : world.berlin;
      return {
        call: { method: 'POST', path: '/auth/login-as', json: { id } },
        allowed: async ({ body, before, after }) => {
          const { accessToken } = body as { accessToken: string };
          const me = await world.server.request('GET', '/users/me', { token: accessToken });
          expect(((await me.json()) as User).id).toBe(id);
          // The only change: the audit record of this sign-in.
          expect(after.impersonations).toHaveLength(before.impersonations.length + 1);
          expect(after.impersonations.at(-1)).toMatchObject({
            adminId: world.actorIds[actor],
            userId: id,
          });
          expect({ ...after, impersonations: [] }).toEqual({ ...before, impersonations: [] });
        },
        // A signed-in caller's refused attempt is on the audit trail (issue 26, point 6); an
        // anonymous one is refused before anyone is known, and stores nothing.
        refused: ({ before, after }) => {
          if (actor === 'anonymous') {
            expect(after).toEqual(before);
            return;
          }
          expect(after.impersonations).toHaveLength(before.impersonations.length + 1);
          expect(after.impersonations.at(-1)).toMatchObject({
            outcome: 'refused',
            adminId: world.actorIds[actor],
            userId: id,
          });
          expect({ ...after, impersonations: [] }).toEqual({ ...before, impersonations: [] });
        },
      };
    },
    'GET /stats': async (actor) => ({
      call: {
        method: 'GET',
        path: actor === 'operatorOther' ? `/stats?ownerId=${world.berlin}` : '/stats',
      },
      allowed: ({ body, before, after }) => {
        expect(after).toEqual(before);
        // An operator's ownerId is ignored: still their own visits only.
        expect((body as VisitStats).totalVisitors).toBe(
          visitorsOf(before, isOperator(actor) ? world.amsterdam : undefined),
        );
      },
    }),
    'GET /users/me': async (actor) => ({
      call: {
        method: 'GET',
        path: actor === 'operatorOther' ? `/users/me?id=${world.berlin}` : '/users/me',
      },
      allowed: ({ body, before, after }) => {
        expect(after).toEqual(before);
        expect((body as User).id).toBe(world.actorIds[actor]);
      },
    }),
    'POST /amenities/sync': async (actor) => {
      // Operators sync Amsterdam (Dutch to English and German), administrators Berlin (German to
      // English); "other" names Berlin in the body, which is ignored.
      const owner = isOperator(actor) ? world.amsterdam : world.berlin;
      const [from, to] = isOperator(actor) ? ['nl', 'de'] : ['de', 'en'];
      const groupId = actor === 'anonymous' ? undefined : await openGap(owner, to);
      const json = {
        locale: from,
        ...(actor === 'operatorOwn' ? {} : { ownerId: world.berlin }),
      };
      return {
        call: { method: 'POST', path: '/amenities/sync', json },
        allowed: ({ body, before, after }) => {
          const created = after.amenities.filter(
            (row) => !before.amenities.some((old) => old.id === row.id),
          );
          expect(created.map((row) => [row.ownerId, row.groupId, row.locale])).toEqual([
            [owner, groupId, to],
          ]);
          expect((body as { created: Record<string, number> }).created[to]).toBe(1);
          expect({ ...after, amenities: before.amenities }).toEqual(before);
          expect(after.amenities.filter((row) => row.id !== created[0].id)).toEqual(
            before.amenities,
          );
        },
      };
    },
    'POST /amenities/reorder': async (actor) => {
      // The first two of a list swap places: Amsterdam's own for "own", Berlin's for the rest.
      const [first, second] =
        actor === 'operatorOwn'
          ? await listOf(world.amsterdam, 'nl')
          : await listOf(world.berlin, 'de');
      return {
        call: { method: 'POST', path: '/amenities/reorder', json: { ids: [second.id, first.id] } },
        allowed: ({ before, after }) => {
          const position = (state: DbState, id: number) =>
            state.amenities.find((row) => row.id === id)!.position;
          expect(position(after, second.id)).toBe(position(before, first.id));
          expect(position(after, first.id)).toBe(position(before, second.id));
          // The rest stays, but for the two items' versions in other languages (they follow).
          const groups = [first.groupId, second.groupId];
          const rest = (state: DbState) =>
            state.amenities.filter(
              (row) => !(row.ownerId === first.ownerId && groups.includes(row.groupId)),
            );
          expect(rest(after)).toEqual(rest(before));
          expect({ ...after, amenities: [] }).toEqual({ ...before, amenities: [] });
        },
      };
    },
    'POST /pos-transactions/:id/refund': async (actor) => {
      const sale = await fixtures.posTransaction(
        actor === 'operatorOwn' ? world.amsterdam : world.berlin,
      );
      const reason = `Refunded by the matrix ${next()}`;
      return {
        call: { method: 'POST', path: `/pos-transactions/${sale.id}/refund`, json: { reason } },
        allowed: (outcome) => {
          const refunded = {
            ...sale,
            status: 'refunded',
            refundReason: reason,
            refundedAt: new Date(world.server.clock.now()).toISOString(),
            version: 2,
          };
          expect(outcome.body).toEqual(refunded);
          expect(
            rowsOf(outcome.after, 'pos-transactions').find((row) => row.id === sale.id),
          ).toEqual(refunded);
          // Only the sale changed: its product keeps no stock to put back.
          expect(without(outcome.after, 'pos-transactions', sale.id)).toEqual(
            without(outcome.before, 'pos-transactions', sale.id),
          );
        },
      };
    },
    'GET /pos-transactions/summary': async (actor) => ({
      call: {
        method: 'GET',
        path:
          actor === 'operatorOther'
            ? `/pos-transactions/summary?ownerId=${world.berlin}`
            : '/pos-transactions/summary',
      },
      allowed: ({ body, before, after }) => {
        expect(after).toEqual(before);
        // An operator's ownerId is ignored: still their own sales only.
        const sales = rowsOf(before, 'pos-transactions').filter(
          (row) => !isOperator(actor) || row.ownerId === world.amsterdam,
        );
        const revenue = sales
          .filter((row) => row.status !== 'refunded' && row.status !== 'void')
          .reduce((sum, row) => sum + Number(row.total), 0);
        expect(sales.length).toBeGreaterThan(0);
        expect(body).toEqual({ count: sales.length, sums: { total: revenue } });
      },
    }),
  };

  for (const route of CUSTOM_ROUTES) {
    for (const actor of ACTORS) {
      const expected = EXPECTED_CUSTOM[route][actor];
      it(`${route} as ${ACTOR_LABELS[actor]} → ${expected}`, async () => {
        await runRow(world.server, world.tokens[actor], expected, await scenarios[route](actor));
      });
    }
  }
});
