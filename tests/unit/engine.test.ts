import { describe, expect, it } from 'vitest';
import { listColumns, filterColumns, ownerField } from '../../src/crud/resourceColumns';
import { OWNER_FIELD } from '../../src/crud/useResourceText';
import en from '../../src/i18n/locales/en.json';
import { resourceByName, resources } from '../../src/resources';
import { amenities } from '../../src/resources/amenities';
import { amenityCategories } from '../../src/resources/amenityCategories';
import { notifications } from '../../src/resources/notifications';
import { users } from '../../src/resources/users';
import * as f from '../../src/schema/fields';
import type { Field } from '../../src/schema/fields';
import { defaultValues, mayWriteField } from '../../src/schema/forms';
import { LOCALES } from '../../src/schema/locales';
import { message, parseMessage } from '../../src/schema/messages';
import {
  admin as adminOnly,
  fieldAccess,
  manager,
  MANAGERS_ONLY,
  matchesWhere,
  none,
  normalizeAccess,
  owner,
  publicRead,
  signedIn,
  superAdmin as superAdminOnly,
  type AccessFn,
} from '../../src/schema/access';
import {
  can,
  decide,
  defineResource,
  ENGINE_FIELDS,
  isAdministrator,
  offered,
  sharedFields,
  type Action,
  type Actor,
  type Resource,
  type ResourceDeclaration,
} from '../../src/schema/resource';
import {
  brokenRules,
  fieldErrors,
  fieldSchema,
  resourceSchema,
  withRecordRules,
} from '../../src/schema/validation';
import { features } from '../../src/features';
import { buildNavigation, type NavItem } from '../../src/shell/navigation';

// ---------------------------------------------------------------------------------------------
// Helpers

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[prefix + key, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );

const catalogue = flatten(en as Tree);
const english = (key: string) => catalogue[key];

/** The messages a field's rule reports for a value; [] when the value is accepted. */
const messagesOf = (field: Field, value: unknown): string[] => {
  const result = fieldSchema(field).safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

/** The value a field's rule keeps (throws when rejected). */
const parsed = (field: Field, value: unknown): unknown => fieldSchema(field).parse(value);

/** The 422 shape for a whole record, or null when it is valid. */
const errorsOf = (
  resource: Resource,
  input: unknown,
  options: { partial?: boolean } = {},
): Record<string, string[]> | null => {
  const result = resourceSchema(resource, options).safeParse(input);
  return result.success ? null : fieldErrors(result.error);
};

// A hotel as the seed makes it: it runs Hotek (whose pages are for hotels that connected it).
const operator: Actor = { id: 7, isAdmin: false, isSuperAdmin: false, connectedApps: ['hotek'] };
const admin: Actor = { id: 2, isAdmin: true, isSuperAdmin: false };
const superAdmin: Actor = { id: 1, isAdmin: true, isSuperAdmin: true };
/** Only the super flag set: still an administrator. */
const superFlagOnly: Actor = { id: 3, isAdmin: false, isSuperAdmin: true };
const actors = { operator, admin, superAdmin, anonymous: null } as const;
type ActorName = keyof typeof actors;

const validAmenity = {
  name: 'Spa',
  description: 'Sauna and pool',
  address: 'Dam 1, Amsterdam',
  url: 'https://example.com/spa',
  categoryId: 3,
  active: true,
  location: '',
  coordinates: { lat: 52.37, lng: 4.89 },
  locale: 'nl',
};

const validUser = {
  name: 'Anna',
  email: 'anna@example.com',
  company: 'Hotel Anna',
  phoneNumber: '+31 20 123 4567',
  slug: 'hotel-anna',
  role: 'operator',
  status: 'active',
  disabled: false,
  address: {
    street: 'Keizersgracht',
    houseNumber: '148',
    city: 'Amsterdam',
    state: 'Noord-Holland',
    zipCode: '1015 CX',
    country: 'Netherlands',
  },
  emailVerified: false,
  locales: ['nl', 'en'],
  sourceLocale: 'nl',
  currency: 'EUR',
  // A new hotel's guest app, as the creation wizard asks it (transient: kept in its branding).
  template: 'masonry',
  logo: '/uploads/files/admin/Lh7Kq2Vx9Pz4Rb6Tn1Wc3d.png',
  favicon: '',
  primaryColor: '#7635dc',
  secondaryColor: '#fda92d',
  title: 'Hotel Anna',
};

const validNotification = {
  message: 'The pool is closed for maintenance',
  startDate: '2025-06-01T10:00:00Z',
  endDate: '2025-06-02T10:00:00Z',
};

// ---------------------------------------------------------------------------------------------
// (1) Validation rules from a declaration

describe('validation messages', () => {
  it('encodes parameters after a bar and parses them back', () => {
    expect(message('validation.required')).toBe('validation.required');
    expect(message('validation.tooLong', { max: 80 })).toBe('validation.tooLong|{"max":80}');
    expect(parseMessage('validation.tooLong|{"max":80}')).toEqual({
      key: 'validation.tooLong',
      params: { max: 80 },
    });
    expect(parseMessage('validation.required')).toEqual({
      key: 'validation.required',
      params: {},
    });
  });

  it('keeps a message whose parameters are not JSON as it is', () => {
    expect(parseMessage('Something | broken')).toEqual({ key: 'Something | broken', params: {} });
  });

  it('round-trips every parameter value', () => {
    const params = { min: -90, field: 'Name', max: 1.5 };
    expect(parseMessage(message('validation.min', params))).toEqual({
      key: 'validation.min',
      params,
    });
  });
});

describe('rules of a declaration', () => {
  it('reports every missing required field of an amenity as required, nothing else', () => {
    expect(errorsOf(amenities, {})).toEqual({
      name: ['validation.required'],
      description: ['validation.required'],
      address: ['validation.required'],
      categoryId: ['validation.required'],
      locale: ['validation.required'],
    });
  });

  it('treats an empty or blank required text and a null reference as missing', () => {
    const errors = errorsOf(amenities, {
      ...validAmenity,
      name: '',
      address: '   ',
      categoryId: null,
    });
    expect(errors).toEqual({
      name: ['validation.required'],
      address: ['validation.required'],
      categoryId: ['validation.required'],
    });
  });

  it('accepts a complete amenity and trims its texts', () => {
    expect(resourceSchema(amenities).parse({ ...validAmenity, name: '  Spa  ' })).toEqual(
      validAmenity,
    );
  });

  it('reports a value of the wrong type as invalid, not as missing', () => {
    expect(
      errorsOf(amenities, { ...validAmenity, name: 42, active: 'yes', categoryId: '3' }),
    ).toEqual({
      name: ['validation.invalid'],
      active: ['validation.invalid'],
      categoryId: ['validation.invalid'],
    });
  });

  it('limits text length with the declared max as a parameter', () => {
    const errors = errorsOf(amenities, { ...validAmenity, name: 'x'.repeat(121) });
    expect(errors).toEqual({ name: ['validation.tooLong|{"max":120}'] });
    expect(parseMessage(errors!.name![0]!)).toEqual({
      key: 'validation.tooLong',
      params: { max: 120 },
    });
    expect(errorsOf(amenities, { ...validAmenity, name: 'x'.repeat(120) })).toBeNull();
    expect(messagesOf(f.text({ min: 3 }), 'ab')).toEqual(['validation.tooShort|{"min":3}']);
  });

  it('requires a hex colour for a category', () => {
    const rule = amenityCategories.fields.color;
    expect(messagesOf(rule, '#7635dc')).toEqual([]);
    expect(messagesOf(rule, '#ABC')).toEqual([]);
    expect(parsed(rule, ' #ABCDEF ')).toBe('#ABCDEF');
    for (const bad of ['purple', '#12', '#12345', '#1234567', '7635dc', '#gggggg'])
      expect(messagesOf(rule, bad), bad).toEqual(['validation.hexColor']);
    expect(messagesOf(rule, '')).toEqual(['validation.required']);
  });

  it('requires an http(s) URL when a website is given, and allows none', () => {
    const rule = amenities.fields.url;
    expect(messagesOf(rule, 'https://example.com/spa')).toEqual([]);
    expect(messagesOf(rule, 'http://example.com')).toEqual([]);
    for (const bad of ['example.com', 'ftp://example.com', 'javascript:alert(1)', 'https//x'])
      expect(messagesOf(rule, bad), bad).toEqual(['validation.url']);
    expect(parsed(rule, '')).toBe('');
    expect(parsed(rule, null)).toBeNull();
    expect(parsed(rule, undefined)).toBeUndefined();
  });

  it('allows only lowercase letters, digits and single hyphens in a slug', () => {
    const rule = users.fields.slug;
    for (const good of ['hotel-anna', 'a', 'hotel-2-b']) expect(messagesOf(rule, good)).toEqual([]);
    for (const bad of ['Hotel-Anna', 'hotel anna', 'hotel--anna', '-hotel', 'hotel-', 'hotel_a'])
      expect(messagesOf(rule, bad), bad).toEqual(['validation.slug']);
    expect(messagesOf(rule, '')).toEqual(['validation.required']);
  });

  it('lowercases and trims an email address and rejects a malformed one', () => {
    const rule = users.fields.email;
    expect(parsed(rule, '  Anna.Smith@Example.COM ')).toBe('anna.smith@example.com');
    expect(messagesOf(rule, 'not-an-email')).toEqual(['validation.email']);
    expect(messagesOf(rule, 'anna@')).toEqual(['validation.email']);
    expect(messagesOf(rule, '')).toEqual(['validation.required']);
    expect(resourceSchema(users).parse({ ...validUser, email: 'ANNA@EXAMPLE.COM' }).email).toBe(
      'anna@example.com',
    );
  });

  it('applies min, max and integer to numbers', () => {
    const rule = f.number({ min: 1, max: 5, integer: true });
    expect(messagesOf(rule, 1)).toEqual([]);
    expect(messagesOf(rule, 5)).toEqual([]);
    expect(messagesOf(rule, 0)).toEqual(['validation.min|{"min":1}']);
    expect(messagesOf(rule, 6)).toEqual(['validation.max|{"max":5}']);
    expect(messagesOf(rule, 2.5)).toEqual(['validation.integer']);
    expect(messagesOf(rule, '3')).toEqual(['validation.invalid']);
    expect(messagesOf(rule, null)).toEqual([]);
    expect(messagesOf(f.number({ required: true }), null)).toEqual(['validation.required']);
    expect(messagesOf(f.number({ required: true }), undefined)).toEqual(['validation.required']);
    // A decimal number is fine without `integer`, and min 0 is a real bound.
    expect(messagesOf(f.number({ min: 0 }), 0.5)).toEqual([]);
    expect(messagesOf(f.number({ min: 0 }), -0.5)).toEqual(['validation.min|{"min":0}']);
  });

  it('makes money a non-negative whole number of cents', () => {
    const rule = f.money();
    expect(messagesOf(rule, 1250)).toEqual([]);
    expect(messagesOf(rule, -1)).toEqual(['validation.min|{"min":0}']);
    expect(messagesOf(rule, 12.5)).toEqual(['validation.integer']);
  });

  it('checks the ranges of coordinates and reports the failing part', () => {
    const rule = amenities.fields.coordinates;
    for (const good of [
      { lat: 52.37, lng: 4.89 },
      { lat: -90, lng: -180 },
      { lat: 90, lng: 180 },
    ])
      expect(messagesOf(rule, good)).toEqual([]);
    expect(messagesOf(rule, { lat: 90.1, lng: 0 })).toEqual(['validation.latitude']);
    expect(messagesOf(rule, { lat: 0, lng: -180.5 })).toEqual(['validation.longitude']);
    expect(messagesOf(rule, { lat: 'x', lng: null })).toEqual([
      'validation.latitude',
      'validation.longitude',
    ]);
    expect(messagesOf(rule, 'Amsterdam')).toEqual(['validation.invalid']);
    expect(parsed(rule, null)).toBeNull();
    expect(errorsOf(amenities, { ...validAmenity, coordinates: { lat: 100, lng: 4 } })).toEqual({
      'coordinates.lat': ['validation.latitude'],
    });
    expect(messagesOf(f.coordinates({ required: true }), null)).toEqual(['validation.required']);
  });

  it('accepts only the declared options of a select', () => {
    const role = users.fields.role;
    for (const option of ['operator', 'admin', 'superAdmin'])
      expect(messagesOf(role, option)).toEqual([]);
    expect(messagesOf(role, 'root')).toEqual(['validation.invalid']);
    expect(messagesOf(role, 'Operator')).toEqual(['validation.invalid']);
    expect(messagesOf(role, null)).toEqual(['validation.required']);
    expect(messagesOf(users.fields.status, 'banned')).toEqual([]);
    expect(messagesOf(users.fields.status, 'deleted')).toEqual(['validation.invalid']);
    const tags = f.multiSelect({ options: ['wifi', 'pool'] });
    expect(messagesOf(tags, ['wifi', 'pool'])).toEqual([]);
    expect(messagesOf(tags, ['wifi', 'sauna'])).toEqual(['validation.invalid']);
  });

  it('accepts only product languages for locale fields', () => {
    for (const lng of LOCALES) expect(messagesOf(amenities.fields.locale, lng)).toEqual([]);
    expect(messagesOf(amenities.fields.locale, 'it')).toEqual(['validation.invalid']);
    expect(messagesOf(f.locales({ required: true }), [])).toEqual(['validation.required']);
    expect(messagesOf(f.locales(), ['en', 'xx'])).toEqual(['validation.invalid']);
  });

  it('lets an optional text be empty, blank, null or absent', () => {
    const rule = amenities.fields.location;
    expect(parsed(rule, '')).toBe('');
    expect(parsed(rule, '   ')).toBe('');
    expect(parsed(rule, null)).toBeNull();
    expect(parsed(rule, undefined)).toBeUndefined();
    expect(parsed(rule, ' Old town ')).toBe('Old town');
    expect(messagesOf(rule, 'x'.repeat(121))).toEqual(['validation.tooLong|{"max":120}']);
  });

  it('reports an optional field of the wrong type as invalid (an i18n key, not zod text)', () => {
    expect(messagesOf(amenities.fields.location, 42)).toEqual(['validation.invalid']);
    expect(messagesOf(f.dateTime(), 42)).toEqual(['validation.invalid']);
    expect(messagesOf(f.url(), {})).toEqual(['validation.invalid']);
  });

  it('checks dates and times', () => {
    expect(messagesOf(f.date(), '2025-06-01')).toEqual([]);
    expect(messagesOf(f.date(), '1/6/2025')).toEqual(['validation.date']);
    expect(messagesOf(f.time(), '23:59')).toEqual([]);
    expect(messagesOf(f.time(), '24:00')).toEqual(['validation.time']);
    expect(messagesOf(f.dateTime(), '2025-06-01T10:00:00Z')).toEqual([]);
    expect(messagesOf(f.dateTime(), '2025-06-01T10:00:00+02:00')).toEqual([]);
    expect(messagesOf(f.dateTime(), 'tomorrow')).toEqual(['validation.date']);
  });

  it('drops unknown keys and server-kept fields', () => {
    const amenity = resourceSchema(amenities).parse({
      ...validAmenity,
      id: 9,
      ownerId: 99,
      createdAt: '2025-01-01T00:00:00Z',
      position: 5,
      hacked: true,
    });
    expect(Object.keys(amenity).sort()).toEqual(Object.keys(validAmenity).sort());
    expect(amenity).not.toHaveProperty('position');

    const user = resourceSchema(users).parse({
      ...validUser,
      isAdmin: true,
      isSuperAdmin: true,
      passwordHash: 'x',
    });
    expect(user).toEqual(validUser);
    expect(user).not.toHaveProperty('isAdmin');
    expect(user).not.toHaveProperty('isSuperAdmin');
  });

  it('with `partial`, makes every field optional but still checks given values', () => {
    expect(resourceSchema(amenities, { partial: true }).parse({})).toEqual({});
    expect(resourceSchema(users, { partial: true }).parse({ status: 'banned', junk: 1 })).toEqual({
      status: 'banned',
    });
    expect(errorsOf(amenities, { name: '', url: 'nope' }, { partial: true })).toEqual({
      name: ['validation.required'],
      url: ['validation.url'],
    });
    expect(errorsOf(amenityCategories, { color: 'red' }, { partial: true })).toEqual({
      color: ['validation.hexColor'],
    });
    // Without `partial` the same body is incomplete.
    expect(errorsOf(users, { status: 'banned' })).not.toBeNull();
  });

  it('keys errors of a whole record by field, and by "_" when the record itself is wrong', () => {
    expect(errorsOf(users, 'nope')).toEqual({ _: [expect.any(String)] });
    expect(errorsOf(users, { ...validUser, email: 'x', slug: 'A B' })).toEqual({
      email: ['validation.email'],
      slug: ['validation.slug'],
    });
  });
});

describe('engine fields of a declaration', () => {
  const access = owner();
  const declare = (options: Partial<ResourceDeclaration> = {}) =>
    defineResource({
      name: 'probe',
      route: 'probe',
      access,
      labelField: 'title',
      fields: { title: f.text({ required: true }) },
      ...options,
    });
  const engineLocale = { kind: 'locale', required: true, list: { none: true } };
  const enginePosition = { kind: 'number', readOnly: true, integer: true, list: { none: true } };

  it('adds nothing to a resource that is neither localized nor orderable', () => {
    for (const plain of [declare(), declare({ localized: false, orderable: false })]) {
      expect(Object.keys(plain.fields)).toEqual(['title']);
      expect(plain.defaultSort).toBeUndefined();
    }
  });

  it('adds a required locale without a column exactly to localized resources', () => {
    const localized = declare({ localized: true });
    expect(Object.keys(localized.fields)).toEqual(['title', 'locale']);
    expect(localized.fields.locale).toEqual(engineLocale);
    expect(localized.defaultSort).toBeUndefined();
  });

  it('adds a server-kept whole-number position exactly to orderable resources', () => {
    const orderable = declare({ orderable: true });
    expect(Object.keys(orderable.fields)).toEqual(['title', 'position']);
    expect(orderable.fields.position).toEqual(enginePosition);
    const both = declare({ localized: true, orderable: true });
    expect(Object.keys(both.fields)).toEqual(['title', 'locale', 'position']);
  });

  it('sorts an orderable resource by position unless it declares its own sort', () => {
    expect(declare({ orderable: true }).defaultSort).toEqual({ field: 'position', order: 'asc' });
    expect(declare({ localized: true, orderable: true }).defaultSort).toEqual({
      field: 'position',
      order: 'asc',
    });
    const declared = { field: 'title', order: 'desc' } as const;
    expect(declare({ orderable: true, defaultSort: declared }).defaultSort).toEqual(declared);
    expect(declare({ defaultSort: declared }).defaultSort).toEqual(declared);
  });

  it('leaves the declaration it was given alone', () => {
    const fields = { title: f.text() };
    declare({ fields, localized: true, orderable: true });
    expect(Object.keys(fields)).toEqual(['title']);
  });

  it('gives the declared resources their engine fields and sort', () => {
    for (const resource of [amenities, amenityCategories]) {
      expect(resource.localized && resource.orderable, resource.name).toBe(true);
      expect(resource.fields.locale, resource.name).toEqual(engineLocale);
      expect(resource.fields.position, resource.name).toEqual(enginePosition);
      expect(Object.keys(resource.fields).slice(-2), resource.name).toEqual(['locale', 'position']);
      expect(resource.defaultSort, resource.name).toEqual({ field: 'position', order: 'asc' });
    }
    for (const resource of [users, notifications]) {
      expect(resource.fields, resource.name).not.toHaveProperty('locale');
      expect(resource.fields, resource.name).not.toHaveProperty('position');
    }
    expect(users.defaultSort).toEqual({ field: 'name', order: 'asc' });
    expect(notifications.defaultSort).toEqual({ field: 'startDate', order: 'desc' });
    expect([...ENGINE_FIELDS].sort()).toEqual(['locale', 'position']);
  });

  it('validates the locale a client sends and drops the position', () => {
    expect(errorsOf(amenityCategories, { name: 'Spa', color: '#7635dc' })).toEqual({
      locale: ['validation.required'],
    });
    expect(
      resourceSchema(amenityCategories).parse({
        name: 'Spa',
        color: '#7635dc',
        locale: 'de',
        position: 3,
      }),
    ).toEqual({ name: 'Spa', color: '#7635dc', locale: 'de' });
  });
});

describe('record rules', () => {
  const endAfterStart = { endDate: ['validation.endAfterStart'] };
  const at = (startDate: unknown, endDate: unknown) => ({
    ...validNotification,
    startDate,
    endDate,
  });
  const ruleErrors = (input: unknown) => {
    const result = withRecordRules(resourceSchema(notifications), notifications).safeParse(input);
    return result.success ? null : fieldErrors(result.error);
  };

  it('declares the notification rule on declared fields', () => {
    expect(notifications.rules).toHaveLength(1);
    expect(notifications.rules![0]).toMatchObject({
      path: 'endDate',
      message: 'validation.endAfterStart',
      reads: ['startDate', 'endDate'],
    });
    for (const resource of resources)
      for (const rule of resource.rules ?? [])
        for (const name of [rule.path, ...rule.reads])
          expect(Object.keys(resource.fields), `${resource.name}: ${name}`).toContain(name);
  });

  it('accepts an end after the start', () => {
    expect(brokenRules(notifications, validNotification)).toEqual({});
    expect(ruleErrors(validNotification)).toBeNull();
    expect(brokenRules(notifications, at('2025-06-01T10:00:00Z', '2025-06-01T10:00:01Z'))).toEqual(
      {},
    );
  });

  it('reports an end before the start under endDate', () => {
    const record = at('2025-06-02T10:00:00Z', '2025-06-01T10:00:00Z');
    expect(brokenRules(notifications, record)).toEqual(endAfterStart);
    expect(ruleErrors(record)).toEqual(endAfterStart);
  });

  it('reports an end equal to the start, also written with another offset', () => {
    for (const record of [
      at('2025-06-01T10:00:00Z', '2025-06-01T10:00:00Z'),
      at('2025-06-01T10:00:00Z', '2025-06-01T12:00:00+02:00'),
    ]) {
      expect(brokenRules(notifications, record)).toEqual(endAfterStart);
      expect(ruleErrors(record)).toEqual(endAfterStart);
    }
    // Compared as instants, not as text: 11:00 at +02:00 is before 10:00 UTC.
    expect(
      brokenRules(notifications, at('2025-06-01T10:00:00Z', '2025-06-01T11:00:00+02:00')),
    ).toEqual(endAfterStart);
  });

  it('checks nothing until every field the rule reads has a value', () => {
    for (const missing of [undefined, null, '']) {
      expect(brokenRules(notifications, at(missing, '2025-06-01T10:00:00Z'))).toEqual({});
      expect(brokenRules(notifications, at('2025-06-02T10:00:00Z', missing))).toEqual({});
    }
    const { startDate: _startDate, ...withoutStart } = at(
      '2025-06-02T10:00:00Z',
      '2025-06-01T10:00:00Z',
    );
    expect(brokenRules(notifications, withoutStart)).toEqual({});
    // The form then says only what is missing.
    expect(ruleErrors(withoutStart)).toEqual({ startDate: ['validation.required'] });
    expect(ruleErrors(at('', '2025-06-01T10:00:00Z'))).toEqual({
      startDate: ['validation.required'],
    });
  });

  it('reports a broken rule next to the errors of the fields', () => {
    expect(
      ruleErrors({ ...at('2025-06-02T10:00:00Z', '2025-06-01T10:00:00Z'), message: '' }),
    ).toEqual({ message: ['validation.required'], ...endAfterStart });
  });

  it('finds nothing to break on a resource without rules', () => {
    expect(brokenRules(amenities, validAmenity)).toEqual({});
    expect(withRecordRules(resourceSchema(users), users).parse(validUser)).toEqual(validUser);
  });
});

// ---------------------------------------------------------------------------------------------
// (2) List columns

const names = (resource: Resource, actor: Actor) =>
  listColumns(resource, actor).map((column) => column.name);
const hiddenAtFirst = (resource: Resource, actor: Actor) =>
  listColumns(resource, actor)
    .filter((column) => !column.visibleByDefault)
    .map((column) => column.name);

describe('list columns', () => {
  it('lists the declared fields in order, without list.none, then the timestamps', () => {
    expect(names(amenities, operator)).toEqual([
      'name',
      'address',
      'url',
      'pageId',
      'categoryId',
      'active',
      'location',
      'photo',
      'createdAt',
      'updatedAt',
    ]);
    expect(names(amenities, operator)).not.toContain('description');
    expect(names(amenities, operator)).not.toContain('coordinates');
    expect(names(notifications, operator)).toEqual([
      'message',
      'startDate',
      'endDate',
      'createdAt',
      'updatedAt',
    ]);
  });

  it('gives the engine fields no column: lists switch language and reorder instead', () => {
    for (const resource of [amenities, amenityCategories])
      for (const actor of [operator, admin]) {
        expect(names(resource, actor), resource.name).not.toContain('locale');
        expect(names(resource, actor), resource.name).not.toContain('position');
      }
  });

  it('hides list.hidden fields and the timestamps until the user turns them on', () => {
    expect(hiddenAtFirst(amenities, operator)).toEqual([
      'url',
      'pageId',
      'location',
      'photo',
      'createdAt',
      'updatedAt',
    ]);
    expect(hiddenAtFirst(users, admin)).toEqual([
      'phoneNumber',
      'slug',
      'role',
      'isAdmin',
      'isSuperAdmin',
      'archived',
      'emailVerified',
      'connectedAppCount',
      'currency',
      'updatedAt',
    ]);
  });

  it('passes the declared field through', () => {
    const column = listColumns(amenities, operator).find((c) => c.name === 'categoryId');
    expect(column?.field).toBe(amenities.fields.categoryId);
  });

  it('adds the Owner column after the first one for administrators on owned resources', () => {
    for (const actor of [admin, superAdmin, superFlagOnly]) {
      expect(names(amenityCategories, actor)).toEqual([
        'name',
        OWNER_FIELD,
        'color',
        'active',
        'createdAt',
        'updatedAt',
      ]);
    }
    const owner = listColumns(amenities, admin).find((c) => c.name === 'ownerId');
    expect(owner).toEqual({ name: 'ownerId', field: ownerField, visibleByDefault: true });
    expect(owner?.field).toMatchObject({
      kind: 'reference',
      resource: 'users',
      labelField: 'company',
      where: { role: 'operator' },
    });
  });

  it('has no Owner column for operators, the signed-out, or resources that are not owned', () => {
    expect(names(amenities, operator)).not.toContain(OWNER_FIELD);
    expect(names(amenities, null)).not.toContain(OWNER_FIELD);
    expect(names(users, superAdmin)).not.toContain(OWNER_FIELD);
    expect(names(users, superAdmin)).toEqual([
      ...Object.entries(users.fields)
        // Transient fields (the wizard's guest-app answers) are never stored, so never listed.
        .filter(([, field]) => !field.list?.none && !field.transient)
        .map(([name]) => name),
      'createdAt',
      'updatedAt',
    ]);
  });

  it('adds the timestamps only when declared, read-only and sortable', () => {
    const plain = defineResource({
      name: 'notes',
      route: 'notes',
      access: owner(),
      labelField: 'title',
      fields: { title: f.text({ required: true }), body: f.textarea({ list: { none: true } }) },
    });
    expect(names(plain, admin)).toEqual(['title']);
    const createdAt = listColumns(users, admin).find((c) => c.name === 'createdAt');
    expect(createdAt?.field).toMatchObject({ kind: 'dateTime', readOnly: true });
    expect(createdAt?.field.list?.sort).toBe(true);
  });

  it('offers the filterable columns in column order', () => {
    const filters = (resource: Resource, actor: Actor) =>
      filterColumns(listColumns(resource, actor)).map((column) => column.name);
    expect(filters(amenities, operator)).toEqual(['categoryId', 'active']);
    expect(filters(amenities, admin)).toEqual(['ownerId', 'categoryId', 'active']);
    expect(filters(amenityCategories, operator)).toEqual(['active']);
    expect(filters(notifications, admin)).toEqual(['ownerId']);
    expect(filters(users, admin)).toEqual([
      'role',
      'status',
      'isAdmin',
      'isSuperAdmin',
      'disabled',
      'archived',
      'emailVerified',
      'invitation',
      'lastSignInAt',
      'createdAt',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// (3) Access rules

describe('access rules', () => {
  it('answers each preset for the right actors (a filter counts as allowed)', () => {
    const table: [string, AccessFn, Record<ActorName, boolean>][] = [
      [
        'publicRead',
        publicRead(),
        { operator: true, admin: true, superAdmin: true, anonymous: true },
      ],
      ['signedIn', signedIn(), { operator: true, admin: true, superAdmin: true, anonymous: false }],
      ['owner', owner(), { operator: true, admin: true, superAdmin: true, anonymous: false }],
      ['admin', adminOnly(), { operator: false, admin: true, superAdmin: true, anonymous: false }],
      [
        'superAdmin',
        superAdminOnly(),
        { operator: false, admin: false, superAdmin: true, anonymous: false },
      ],
      ['none', none(), { operator: false, admin: false, superAdmin: false, anonymous: false }],
    ];
    for (const [rule, fn, row] of table)
      for (const [name, expected] of Object.entries(row) as [ActorName, boolean][])
        expect(fn({ actor: actors[name], operation: 'read' }) !== false, `${rule} / ${name}`).toBe(
          expected,
        );
    expect(adminOnly()({ actor: superFlagOnly, operation: 'read' })).toBe(true);
    expect(superAdminOnly()({ actor: superFlagOnly, operation: 'read' })).toBe(true);
  });

  it('scopes operators to their own records with a filter, administrators to none', () => {
    expect(owner()({ actor: operator, operation: 'read' })).toEqual({ ownerId: operator!.id });
    expect(owner()({ actor: admin, operation: 'update' })).toBe(true);
    expect(owner()({ actor: null, operation: 'read' })).toBe(false);
    // Guests read what the filter selects; signed-in users follow the signed-in rule.
    const published = publicRead({ published: true });
    expect(published({ actor: null, operation: 'read' })).toEqual({ published: true });
    expect(published({ actor: operator, operation: 'read' })).toEqual({ ownerId: operator!.id });
    expect(matchesWhere({ ownerId: 7, published: true }, { ownerId: 7 })).toBe(true);
    expect(matchesWhere({ ownerId: 8 }, { ownerId: 7 })).toBe(false);
    expect(matchesWhere({ ownerId: 8 }, true)).toBe(true);
  });

  it("keeps a hotel's staff from its managers' part (issue 40), with the managers-only 403", () => {
    const staff: Actor = { ...operator!, personId: 70, hotelRole: 'staff' };
    const managing: Actor = { ...operator!, personId: 71, hotelRole: 'manager' };
    const rule = manager();
    expect(rule({ actor: staff, operation: 'read' })).toBe(false);
    expect(rule.denied).toBe(MANAGERS_ONLY);
    // A manager (and the hotel's own login) acts on the hotel's records; administrators on all.
    expect(rule({ actor: managing, operation: 'update' })).toEqual({ ownerId: operator!.id });
    expect(rule({ actor: operator, operation: 'update' })).toEqual({ ownerId: operator!.id });
    expect(rule({ actor: admin, operation: 'delete' })).toBe(true);
    expect(rule({ actor: null, operation: 'read' })).toBe(false);
    // Under another rule: staff refused, managers as that rule says.
    expect(manager(signedIn())({ actor: managing, operation: 'read' })).toBe(true);
    expect(manager(signedIn())({ actor: staff, operation: 'read' })).toBe(false);
  });

  it('treats both admin flags as administrator', () => {
    expect(isAdministrator(operator)).toBe(false);
    expect(isAdministrator(null)).toBe(false);
    expect(isAdministrator(admin)).toBe(true);
    expect(isAdministrator(superFlagOnly)).toBe(true);
  });

  it('maps actions to the read, create, update and delete functions; left out means nobody', () => {
    const probe = defineResource({
      name: 'probe',
      route: 'probe',
      access: { read: publicRead(), create: owner(), update: adminOnly() },
      labelField: 'title',
      fields: { title: f.text() },
    });
    const who = (action: Action) =>
      (Object.keys(actors) as ActorName[]).filter((name) => can(probe, action, actors[name]));
    expect(who('list')).toEqual(['operator', 'admin', 'superAdmin', 'anonymous']);
    expect(who('show')).toEqual(who('list'));
    expect(who('create')).toEqual(['operator', 'admin', 'superAdmin']);
    expect(who('edit')).toEqual(['admin', 'superAdmin']);
    expect(who('delete')).toEqual([]);
    expect(offered(probe, 'delete')).toBe(false);
    expect(offered(probe, 'edit')).toBe(true);
    expect(decide(probe, 'create', operator)).toEqual({ ownerId: operator!.id });
    // One function stands for every operation.
    const all = normalizeAccess(owner());
    expect(Object.keys(all)).toEqual(['read', 'create', 'update', 'delete']);
  });

  const actions: Action[] = ['list', 'show', 'create', 'edit', 'delete'];
  /** Per resource, per action: who may. */
  const expected: Record<string, Record<Action, ActorName[]>> = {
    users: {
      list: ['admin', 'superAdmin'],
      show: ['admin', 'superAdmin'],
      create: ['admin', 'superAdmin'],
      edit: ['admin', 'superAdmin'],
      delete: [],
    },
    amenities: {
      list: ['operator', 'admin', 'superAdmin'],
      show: ['operator', 'admin', 'superAdmin'],
      create: ['operator', 'admin', 'superAdmin'],
      edit: ['operator', 'admin', 'superAdmin'],
      delete: ['operator', 'admin', 'superAdmin'],
    },
    'amenity-categories': {
      list: ['operator', 'admin', 'superAdmin'],
      show: ['operator', 'admin', 'superAdmin'],
      create: ['operator', 'admin', 'superAdmin'],
      edit: ['operator', 'admin', 'superAdmin'],
      delete: ['operator', 'admin', 'superAdmin'],
    },
    notifications: {
      list: ['operator', 'admin', 'superAdmin'],
      show: ['operator', 'admin', 'superAdmin'],
      create: ['operator', 'admin', 'superAdmin'],
      edit: ['operator', 'admin', 'superAdmin'],
      delete: ['operator', 'admin', 'superAdmin'],
    },
    'pos-categories': {
      list: ['operator', 'admin', 'superAdmin'],
      show: ['operator', 'admin', 'superAdmin'],
      create: ['operator', 'admin', 'superAdmin'],
      edit: ['operator', 'admin', 'superAdmin'],
      delete: ['operator', 'admin', 'superAdmin'],
    },
    'pos-products': {
      list: ['operator', 'admin', 'superAdmin'],
      show: ['operator', 'admin', 'superAdmin'],
      create: ['operator', 'admin', 'superAdmin'],
      edit: ['operator', 'admin', 'superAdmin'],
      delete: ['operator', 'admin', 'superAdmin'],
    },
    // Made by the server from guests' orders: read-only through the generic API.
    'pos-transactions': {
      list: ['operator', 'admin', 'superAdmin'],
      show: ['operator', 'admin', 'superAdmin'],
      create: [],
      edit: [],
      delete: [],
    },
    timeslots: {
      list: ['operator', 'admin', 'superAdmin'],
      show: ['operator', 'admin', 'superAdmin'],
      create: ['operator', 'admin', 'superAdmin'],
      edit: ['operator', 'admin', 'superAdmin'],
      delete: ['operator', 'admin', 'superAdmin'],
    },
    bookings: {
      list: ['operator', 'admin', 'superAdmin'],
      show: ['operator', 'admin', 'superAdmin'],
      create: ['operator', 'admin', 'superAdmin'],
      edit: ['operator', 'admin', 'superAdmin'],
      delete: ['operator', 'admin', 'superAdmin'],
    },
  };

  it.each(Object.keys(expected))('decides who may do what on %s', (name) => {
    const resource = resourceByName(name)!;
    for (const action of actions) {
      const who = (Object.keys(actors) as ActorName[]).filter((actor) =>
        can(resource, action, actors[actor]),
      );
      expect(who, `${name} ${action}`).toEqual(expected[name]![action]);
    }
  });

  it("keeps an app's area from hotels that have not connected the app", () => {
    const withoutHotek: Actor = { id: 8, isAdmin: false, isSuperAdmin: false, connectedApps: [] };
    for (const name of ['timeslots', 'bookings']) {
      const resource = resourceByName(name)!;
      expect(decide(resource, 'list', withoutHotek)).toBe(false);
      expect(decide(resource, 'list', operator)).toEqual({ ownerId: operator!.id });
      expect(resource.access.read.denied).toBe('Connect the Hotek app to use this area');
    }
  });

  it('scopes operators to their own records on owned resources only', () => {
    for (const resource of [amenities, amenityCategories, notifications]) {
      expect(decide(resource, 'list', operator)).toEqual({ ownerId: operator!.id });
      for (const actor of [admin, superAdmin, superFlagOnly])
        expect(decide(resource, 'list', actor)).toBe(true);
    }
    // Administrators list hotels and administrators; people (hotels' members, issue 40) are not.
    for (const actor of [admin, superAdmin]) {
      expect(decide(users, 'list', actor)).toEqual({ role: { ne: 'member' } });
    }
    expect(decide(users, 'list', operator)).toBe(false);
  });

  it('lets only a super administrator set a role, and nobody a read-only field', () => {
    const role = users.fields.role;
    expect(mayWriteField(role, operator)).toBe(false);
    expect(mayWriteField(role, admin)).toBe(false);
    expect(mayWriteField(role, null)).toBe(false);
    expect(mayWriteField(role, superAdmin)).toBe(true);
    expect(mayWriteField(role, superFlagOnly)).toBe(true);
    for (const actor of [operator, admin, superAdmin]) {
      expect(mayWriteField(users.fields.isAdmin, actor)).toBe(false);
      expect(mayWriteField(users.fields.name, actor)).toBe(true);
    }
    const adminField = f.text({ access: { write: fieldAccess.admin } });
    expect(mayWriteField(adminField, operator)).toBe(false);
    expect(mayWriteField(adminField, null)).toBe(false);
    expect(mayWriteField(adminField, admin)).toBe(true);
    expect(mayWriteField(adminField, superFlagOnly)).toBe(true);
  });

  it('starts a new record from the declared defaults, without server-kept fields', () => {
    // The engine's locale is filled in by the form; its position is kept by the server.
    expect(defaultValues(amenityCategories)).toEqual({
      name: '',
      color: '#7635dc',
      active: true,
      locale: null,
    });
    expect(defaultValues(notifications)).toEqual({ message: '', startDate: '', endDate: '' });
    expect(defaultValues(users)).toEqual({
      name: '',
      email: '',
      company: '',
      phoneNumber: '',
      slug: '',
      role: 'operator',
      status: 'active',
      disabled: false,
      emailVerified: false,
      avatar: '',
      // Every part of an address starts empty (and is required).
      address: { street: '', houseNumber: '', city: '', state: '', zipCode: '', country: '' },
      // Spec §1: the default locale for new user creation is nl.
      locales: ['nl'],
      sourceLocale: 'nl',
      currency: 'EUR',
      // The creation wizard's guest app: the first template, the product's colours (spec §3).
      template: 'rows',
      logo: '',
      primaryColor: '#7635dc',
      secondaryColor: '#fda92d',
      favicon: '',
      title: '',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// (4) Every translation a declaration implies exists

/** The i18n keys the dashboard looks up for a declaration. */
function impliedKeys(resource: Resource): string[] {
  const base = `resources.${resource.name}`;
  const keys = [`${base}.title`, `${base}.singular`];
  for (const [name, field] of Object.entries(resource.fields)) {
    const label = `${base}.fields.${name}`;
    // Engine fields are labelled by `crud.<field>` unless the resource has its own label.
    keys.push(ENGINE_FIELDS.includes(name) && !english(label) ? `crud.${name}` : label);
    if (field.kind === 'select' || field.kind === 'multiSelect')
      for (const option of field.options) keys.push(`${base}.options.${name}.${option}`);
    if (field.kind === 'locale' || field.kind === 'locales')
      for (const lng of LOCALES) keys.push(`languages.${lng}`);
    // A group is a titled section; its parts are labelled like fields.
    if (field.kind === 'group') {
      keys.pop();
      keys.push(`${base}.groups.${name}`);
      for (const [part, sub] of Object.entries(field.of)) {
        keys.push(`${base}.fields.${part}`);
        if (sub.kind === 'select')
          for (const option of sub.options) keys.push(`${base}.options.${part}.${option}`);
      }
    }
  }
  // Tabs and steps are titled by the resource or, for common ones, by `crud.<tabs|steps>.*`.
  for (const kind of ['tabs', 'steps'] as const) {
    for (const section of resource.layout?.[kind] ?? []) {
      const own = `${base}.${kind}.${section.key}`;
      keys.push(english(own) ? own : `crud.${kind}.${section.key}`);
    }
  }
  for (const item of resource.menu?.items ?? []) keys.push(`${base}.menu.${item}`);
  if (resource.menu) {
    for (const item of resource.menu.items) keys.push(`${base}.menu.${item}`);
    if (resource.menu.items.length > 1) keys.push(`${base}.menu.title`);
  }
  if (resource.owned) keys.push('crud.owner');
  if (resource.timestamps) keys.push('crud.createdAt', 'crud.updatedAt');
  return keys;
}

const missingKeys = (keys: string[]) =>
  [...new Set(keys)].filter((key) => !(english(key) ?? '').trim());

/** Values likely to break some rule of every field kind. */
const badInputs: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'x',
  'Not A Slug!',
  'nope',
  '#12',
  '2025-13-1x',
  '99:99',
  'x'.repeat(100_001),
  0,
  -1,
  1.5,
  1e12,
  true,
  {},
  [],
  ['zz'],
  // A language or option listed twice.
  ['en', 'en'],
  { lat: 1000, lng: 1000 },
  { lat: 'x', lng: 'y' },
];

/** One field of every kind, with every option a rule reads, required and optional. */
const everyKind: Field[] = [
  f.text({ min: 2 }),
  f.textarea(),
  f.richText(),
  f.email(),
  f.url(),
  f.phone(),
  f.slug(),
  f.password({ min: 8 }),
  f.number({ min: 1, max: 10, integer: true }),
  f.money(),
  f.boolean(),
  f.select({ options: ['a', 'b'] }),
  f.multiSelect({ options: ['a', 'b'] }),
  f.date(),
  f.dateTime(),
  f.time(),
  f.color(),
  f.image(),
  f.image({ external: true }),
  f.file(),
  f.reference({ resource: 'users', labelField: 'name' }),
  f.locale(),
  f.locales(),
  f.coordinates(),
  f.json(),
].flatMap((field) => [field, { ...field, required: true } as Field]);

function producedMessages(fields: Field[]): Set<string> {
  const produced = new Set<string>();
  for (const field of fields)
    for (const value of badInputs) for (const text of messagesOf(field, value)) produced.add(text);
  return produced;
}

/** Values for the fields a record rule reads: the bad inputs and some valid, ordered ones. */
const ruleInputs: unknown[] = [
  ...badInputs,
  '2025-06-01T10:00:00Z',
  '2025-06-02T10:00:00Z',
  '2025-06-01',
  '2025-06-02',
  '09:00',
  '10:00',
  1,
  2,
];

/** The messages the record rules of a resource give, over every combination of `ruleInputs`. */
function brokenRuleMessages(resource: Resource): Set<string> {
  const produced = new Set<string>();
  for (const rule of resource.rules ?? []) {
    let records: Record<string, unknown>[] = [{}];
    for (const name of rule.reads)
      records = records.flatMap((record) =>
        ruleInputs.map((value) => ({ ...record, [name]: value })),
      );
    for (const record of records)
      for (const texts of Object.values(brokenRules(resource, record)))
        for (const text of texts) produced.add(text);
  }
  return produced;
}

describe('translations a declaration implies', () => {
  it.each(resources.map((r) => [r.name, r] as const))(
    '%s has its title, fields, menu and options in en.json',
    (_name, resource) => {
      expect(missingKeys(impliedKeys(resource))).toEqual([]);
    },
  );

  it('notices a declaration without translations', () => {
    // A name no product resource takes (the test needs one without translations).
    expect(resourceByName('test-rooms')).toBeUndefined();
    const rooms = defineResource({
      name: 'test-rooms',
      route: 'test-rooms',
      menu: { group: 'management', icon: 'file', items: ['list', 'create'] },
      access: owner(),
      labelField: 'number',
      fields: { number: f.text(), kind: f.select({ options: ['single', 'double'] }) },
      localized: true,
      orderable: true,
    });
    // The engine's locale and position need no label of the resource: `crud.*` has them.
    expect(impliedKeys(rooms)).toEqual(expect.arrayContaining(['crud.locale', 'crud.position']));
    expect(impliedKeys(rooms)).not.toContain('resources.test-rooms.fields.locale');
    expect(missingKeys(impliedKeys(rooms))).toEqual([
      'resources.test-rooms.title',
      'resources.test-rooms.singular',
      'resources.test-rooms.fields.number',
      'resources.test-rooms.fields.kind',
      'resources.test-rooms.options.kind.single',
      'resources.test-rooms.options.kind.double',
      'resources.test-rooms.menu.list',
      'resources.test-rooms.menu.create',
      'resources.test-rooms.menu.title',
    ]);
    // And a field added to a declared resource without its label.
    const extended = { ...users, fields: { ...users.fields, nickname: f.text() } };
    expect(missingKeys(impliedKeys(extended))).toEqual(['resources.users.fields.nickname']);
  });

  it('uses the label a resource gives an engine field over the crud one', () => {
    expect(impliedKeys(amenities)).toContain('resources.amenities.fields.locale');
    expect(impliedKeys(amenities)).not.toContain('crud.locale');
    expect(impliedKeys(amenities)).toContain('crud.position');
  });

  const ruleMessages = new Set(resources.flatMap((r) => [...brokenRuleMessages(r)]));
  const declared = new Set([
    ...producedMessages(resources.flatMap((r) => Object.values(r.fields))),
    ...ruleMessages,
  ]);
  const all = producedMessages(everyKind);

  it('produces only validation keys that exist, with the parameters they use', () => {
    for (const text of new Set([...declared, ...all])) {
      const { key, params } = parseMessage(text);
      expect(key, text).toMatch(/^validation\.\w+$/);
      const template = english(key);
      expect(template, key).toBeTruthy();
      const placeholders = [...template!.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]!);
      // `field` is added where the message is shown; every other placeholder comes with it.
      expect(
        placeholders.filter((name) => name !== 'field' && !(name in params)),
        text,
      ).toEqual([]);
    }
  });

  it('exercises every message a field or record rule can give', () => {
    const keys = (texts: Set<string>) => [...new Set([...texts].map((t) => parseMessage(t).key))];
    // Every declared record rule can be broken, and says what its declaration says.
    expect([...ruleMessages].sort()).toEqual(
      [...new Set(resources.flatMap((r) => (r.rules ?? []).map((rule) => rule.message)))].sort(),
    );
    expect(keys(all).sort()).toEqual(
      [
        'validation.required',
        'validation.invalid',
        'validation.tooLong',
        'validation.tooShort',
        'validation.email',
        'validation.url',
        'validation.phone',
        'validation.slug',
        'validation.integer',
        'validation.min',
        'validation.max',
        'validation.date',
        'validation.time',
        'validation.hexColor',
        'validation.latitude',
        'validation.longitude',
        'validation.duplicate',
        'validation.upload',
        'validation.uploadOrHttps',
      ].sort(),
    );
    expect(keys(declared).sort()).toEqual(
      [
        'validation.required',
        'validation.invalid',
        'validation.tooLong',
        'validation.email',
        'validation.url',
        // The users' phone number.
        'validation.phone',
        'validation.slug',
        'validation.hexColor',
        'validation.latitude',
        'validation.longitude',
        // The engine's position (server-kept, but a whole number).
        'validation.integer',
        // The notifications' start and end.
        'validation.date',
        'validation.endAfterStart',
        // Point of sale prices, VAT rates and stock; Hotek times and capacity.
        'validation.min',
        'validation.max',
        'validation.time',
        'validation.endTimeAfterStart',
        // Guest stays' arrival and departure; a hotel's languages listed twice.
        'validation.departureAfterArrival',
        'validation.duplicate',
        // Content pages.
        'validation.https',
        'validation.sourceInLanguages',
        // A hotel's source language among its languages.
        'validation.sourceLocaleInLocales',
        // Forms: at most so many fields and options; who is mailed of a new submission.
        'validation.maxItems',
        'validation.emailList',
        // Image and file fields: only the hotel's own uploads.
        'validation.upload',
        // An amenity's website or linked page (spec §3).
        'validation.urlOrPage',
        // A saved view's state: a list's address query.
        'validation.viewState',
        // A hotel group's hotels: at least one, each once.
        'validation.chooseHotels',
      ].sort(),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// (5) Navigation

const labelsOf = (items: NavItem[]): unknown[] =>
  items.map((item) =>
    item.children
      ? { [english(item.label)!]: item.children.map((child) => english(child.label)) }
      : english(item.label),
  );

describe('navigation', () => {
  // The features' screens (home, notifications) and the declared resources.
  const groups = buildNavigation(features.flatMap((feature) => feature.screens ?? []));
  const SPEC_MENU = [
    'resources.users.menu.title',
    'resources.forms.menu.title',
    'resources.pages.menu.title',
    'nav.notifications',
    'nav.manageNotification',
    'nav.customization',
    'nav.apps',
    'resources.amenities.menu.title',
    'resources.amenity-categories.menu.title',
    'nav.pos',
    'nav.hotek',
  ];

  it('puts the dashboard under General and the resources under Content and Management', () => {
    expect(groups.map((group) => [group.key, english(group.label)])).toEqual([
      ['general', 'General'],
      ['management', 'Content and Management'],
    ]);
    // The audit log (issue 28): Activity, for administrators and hotels alike.
    expect(labelsOf(groups[0]!.items)).toEqual(['Dashboard', 'Activity']);
    // The spec's order: Users, then the notification screens, then amenities and categories.
    // A resource added later may take its place among them: the spec's entries keep their order.
    const management = groups[1]!.items.filter((item) => SPEC_MENU.includes(item.label));
    expect(management.map((item) => item.label)).toEqual(SPEC_MENU);
    expect(labelsOf(management)).toEqual([
      // Spec: Users, Create user (the hotel creation wizard).
      { Users: ['Users', 'Create user'] },
      // Spec: Forms, Create form.
      { Forms: ['All forms', 'Create form'] },
      // Spec: Pages, Create content page, Create pdf page, Create iframe page.
      {
        Pages: ['All pages', 'Create content page', 'Create pdf page', 'Create iframe page'],
      },
      'Notifications',
      'Manage notification',
      'Customization',
      // Spec: … Customization, Apps, Amenities.
      'Apps',
      { Amenities: ['All Amenities', 'Add Amenity'] },
      { 'Amenity Categories': ['All Categories', 'Add Category'] },
      // Resources sharing a parent share one submenu (spec: Point of sale, Hotek).
      { 'Point of sale': ['Categories', 'Products', 'Transactions', 'Guest stays'] },
      { Hotek: ['Bookings', 'Timeslots', 'Day view'] },
    ]);
  });

  it('links to the declared routes with the access that decides each entry', () => {
    const [general] = groups;
    const management = {
      items: groups[1]!.items.filter((item) => SPEC_MENU.includes(item.label)),
    };
    expect(general!.items).toEqual([
      { key: 'dashboard', label: 'nav.dashboard', path: '/dashboard/app', icon: 'dashboard' },
      {
        key: '/dashboard/activity/list',
        label: 'resources.audit.menu.list',
        path: '/dashboard/activity/list',
        icon: 'file',
        access: { resource: 'audit', action: 'list' },
      },
    ]);
    const entry = (key: string) => management.items.find((item) => item.key === key);
    // Notifications have screens of their own instead of the generic pages.
    expect(entry('pages')!.children!.map((item) => item.path)).toEqual([
      '/dashboard/page/list',
      '/dashboard/page/new',
      '/dashboard/page/new-pdf',
      '/dashboard/page/new-iframe',
    ]);
    expect(entry('forms')!.children!.map((item) => item.path)).toEqual([
      '/dashboard/form/list',
      '/dashboard/form/new',
    ]);
    expect(groups[1]!.items.find((item) => item.key === '/dashboard/requests')).toEqual({
      key: '/dashboard/requests',
      label: 'nav.requests',
      path: '/dashboard/requests',
      icon: 'inbox',
      access: { resource: 'submissions', action: 'list' },
      badge: { resource: 'submissions', filter: { status: 'new' }, label: 'requests.newBadge' },
    });
    expect(management.items.slice(3, 5)).toEqual([
      {
        key: '/dashboard/message',
        label: 'nav.notifications',
        path: '/dashboard/message',
        icon: 'bell',
        access: { resource: 'notifications', action: 'list' },
      },
      {
        key: '/dashboard/message/manage',
        label: 'nav.manageNotification',
        path: '/dashboard/message/manage',
        icon: 'notificationEdit',
        access: { resource: 'notifications', action: 'create' },
      },
    ]);
    expect(resourceByName('notifications')!.menu).toBeUndefined();
    expect(entry('users')).toEqual({
      key: 'users',
      label: 'resources.users.menu.title',
      icon: 'users',
      children: [
        {
          key: '/dashboard/user/list',
          label: 'resources.users.menu.list',
          path: '/dashboard/user/list',
          access: { resource: 'users', action: 'list' },
        },
        {
          key: '/dashboard/user/new',
          label: 'resources.users.menu.create',
          path: '/dashboard/user/new',
          access: { resource: 'users', action: 'create' },
        },
      ],
    });
    expect(entry('amenities')).toEqual({
      key: 'amenities',
      label: 'resources.amenities.menu.title',
      icon: 'environment',
      children: [
        {
          key: '/dashboard/amenities/list',
          label: 'resources.amenities.menu.list',
          path: '/dashboard/amenities/list',
          access: { resource: 'amenities', action: 'list' },
        },
        {
          key: '/dashboard/amenities/new',
          label: 'resources.amenities.menu.create',
          path: '/dashboard/amenities/new',
          access: { resource: 'amenities', action: 'create' },
        },
      ],
    });
    expect(entry('amenity-categories')).toMatchObject({
      key: 'amenity-categories',
      icon: 'tags',
      children: [
        { path: '/dashboard/amenity-categories/list' },
        { path: '/dashboard/amenity-categories/new' },
      ],
    });
  });

  it('has a translation for every label it shows', () => {
    const labels = (items: NavItem[]): string[] =>
      items.flatMap((item) => [item.label, ...labels(item.children ?? [])]);
    expect(missingKeys(groups.flatMap((group) => [group.label, ...labels(group.items)]))).toEqual(
      [],
    );
  });
});

describe('shared fields (issue 39, point 6)', () => {
  const declare = (extra: Partial<ResourceDeclaration>, fields: Record<string, Field>) =>
    defineResource({
      name: 'things',
      route: 'things',
      access: owner(),
      labelField: 'name',
      fields,
      ...extra,
    });

  it("lists an item's shared fields: the product's photos, places, colours and design", () => {
    expect(sharedFields(amenities)).toEqual([
      'address',
      'url',
      'pageId',
      'categoryId',
      'coordinates',
      'photo',
    ]);
    expect(sharedFields(amenityCategories)).toEqual(['color']);
    // Every text Sync translates stays per language.
    for (const resource of resources) {
      for (const name of sharedFields(resource)) {
        expect(resource.localized).toBe(true);
        expect(resource.fields[name]!.translatable).toBeFalsy();
      }
    }
  });

  it('refuses a shared field outside a localized resource, or a shared text that is translated', () => {
    expect(() => declare({}, { name: f.text(), photo: f.image({ shared: true }) })).toThrow(
      /"photo" can be shared only in a localized resource/,
    );
    expect(() =>
      declare({ localized: true }, { name: f.text({ translatable: true, shared: true }) }),
    ).toThrow(/"name" can be shared only/);
    expect(
      sharedFields(declare({ localized: true }, { photo: f.image({ shared: true }) })),
    ).toEqual(['photo']);
  });
});
