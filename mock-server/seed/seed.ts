import type { StoredRecord } from '../../src/schema/store';
import type { Locale } from '../../src/schema/locales';
import { PERSON_ROLE, type Address, type Role } from '../../src/schema/user';
import { hashPasswordSync } from '../auth/password';
import { atomicWriteFileSync } from '../store/atomic';
import {
  SERVER_COLLECTIONS,
  type DbState,
  type GuestNotification,
  type StoredUser,
  type Visit,
} from '../store/types';
import { buildApps } from '../apps/seed';
import { resources } from '../../src/resources';
import { sealInClear } from '../engine/secrets';
import { resolveDataKeys, SecretBox } from '../store/secrets';
import { buildHotekSeed } from '../hotek';
import { buildStays } from '../guest/seed';
import { buildPosSeed } from '../pos';
import { buildAmenities } from './amenities';
import { buildBranding } from './branding';
import { buildForms } from './forms';
import { buildPages, writeSeedUploads } from './pages';
import { mulberry32 } from './random';

export const SEED_PASSWORD = 'demo1234';
/** Where `npm start` runs the demo OAuth provider by default (API_PORT 4000 + 10). */
export const DEFAULT_OAUTH_PROVIDER_URL = 'http://localhost:4010';
export const VISIT_DAYS = 90;
const SEED = 0x5eed_2024;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Account {
  email: string;
  name: string;
  company: string;
  role: Role;
  phoneNumber: string;
  address: Address;
  slug: string;
  locales: Locale[];
  sourceLocale: Locale;
  /** Typical visitors per day, for hotels. */
  visitorBase?: number;
}

const stayConsoleAddress: Address = {
  street: 'Shoreditch High Street',
  houseNumber: '120',
  city: 'London',
  state: 'Greater London',
  zipCode: 'E1 6JE',
  country: 'United Kingdom',
};
const ACCOUNTS: Account[] = [
  {
    email: 'superadmin@example.com',
    name: 'Sophie Laurent',
    company: 'Stay Console',
    role: 'superAdmin',
    phoneNumber: '+44 20 7946 0018',
    address: stayConsoleAddress,
    slug: 'sophie-laurent',
    locales: ['en'],
    sourceLocale: 'en',
  },
  {
    email: 'admin@example.com',
    name: 'Daniel Brooks',
    company: 'Stay Console',
    role: 'admin',
    phoneNumber: '+44 20 7946 0342',
    address: stayConsoleAddress,
    slug: 'daniel-brooks',
    locales: ['en'],
    sourceLocale: 'en',
  },
  {
    email: 'hotel-amsterdam@example.com',
    name: 'Eva de Vries',
    company: 'Canal House Amsterdam',
    role: 'operator',
    phoneNumber: '+31 20 624 1187',
    address: {
      street: 'Keizersgracht',
      houseNumber: '148',
      city: 'Amsterdam',
      state: 'Noord-Holland',
      zipCode: '1015 CX',
      country: 'Netherlands',
    },
    slug: 'canal-house-amsterdam',
    locales: ['nl', 'en', 'de'],
    sourceLocale: 'nl',
    visitorBase: 210,
  },
  {
    email: 'hotel-berlin@example.com',
    name: 'Lukas Schneider',
    company: 'Spree Loft Berlin',
    role: 'operator',
    phoneNumber: '+49 30 2758 4410',
    address: {
      street: 'Oranienburger Straße',
      houseNumber: '32',
      city: 'Berlin',
      state: 'Berlin',
      zipCode: '10117',
      country: 'Germany',
    },
    slug: 'spree-loft-berlin',
    locales: ['de', 'en'],
    sourceLocale: 'de',
    visitorBase: 160,
  },
  {
    email: 'hotel-madrid@example.com',
    name: 'Lucía Fernández',
    company: 'Casa Alameda Madrid',
    role: 'operator',
    phoneNumber: '+34 915 22 48 37',
    address: {
      street: 'Calle de las Huertas',
      houseNumber: '21',
      city: 'Madrid',
      state: 'Comunidad de Madrid',
      zipCode: '28014',
      country: 'Spain',
    },
    slug: 'casa-alameda-madrid',
    locales: ['es', 'en', 'fr'],
    sourceLocale: 'es',
    visitorBase: 250,
  },
];

/**
 * The demo chain's manager (issue 40): a person, not a hotel, who manages Amsterdam and Berlin
 * with one sign-in (README's demo accounts). A fixed salt: the seed's random numbers stay those of
 * the hotels.
 */
export const CHAIN_MANAGER = { email: 'chain-manager@example.com', name: 'Marta Keller' };
const CHAIN_HOTELS = ['hotel-amsterdam@example.com', 'hotel-berlin@example.com'];

function chainPerson(id: number, createdAt: string): StoredUser {
  return {
    id,
    name: CHAIN_MANAGER.name,
    email: CHAIN_MANAGER.email,
    phoneNumber: '',
    avatar: '',
    company: '',
    role: PERSON_ROLE,
    isAdmin: false,
    isSuperAdmin: false,
    status: 'active',
    disabled: false,
    emailVerified: true,
    address: { street: '', houseNumber: '', city: '', state: '', zipCode: '', country: '' },
    slug: '',
    locales: ['en'],
    sourceLocale: 'en',
    createdAt,
    updatedAt: createdAt,
    passwordHash: hashPasswordSync(SEED_PASSWORD, Buffer.from('stay-chain-demo!')),
    passwordChangedAt: null,
  };
}

/** The chain manager's memberships: manager of each of CHAIN_HOTELS. */
function chainMemberships(users: StoredUser[]) {
  const person = users.find((user) => user.email === CHAIN_MANAGER.email)!;
  const operators = users.filter((user) => user.role === 'operator').length;
  return CHAIN_HOTELS.map((email, index) => ({
    id: operators + index + 1,
    ownerId: users.find((user) => user.email === email)!.id,
    userId: person.id,
    name: person.name,
    email: person.email,
    role: 'manager',
    invitation: 'accepted',
    invitedAt: person.createdAt,
    joinedAt: person.createdAt,
    createdAt: person.createdAt,
    updatedAt: person.createdAt,
  }));
}

/** How many days before `today` the account at `index` of ACCOUNTS was created. */
const accountCreatedDaysAgo = (index: number): number => 400 - index * 60;

/** Midnight UTC of the day containing `date`. */
const utcDay = (date: Date): number =>
  Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

export interface SeedOptions {
  today?: Date;
  /** The local OAuth 2 provider the catalogue's OAuth app uses (see config DEMO_OAUTH_PORT). */
  oauthProviderUrl?: string;
}

/** The whole database, deterministic for a given `today` (default: now); dates are UTC days. */
export function buildSeed(options: SeedOptions = {}): DbState {
  const random = mulberry32(SEED);
  const today = utcDay(options.today ?? new Date());
  const iso = (daysAgo: number, hour: number) =>
    new Date(today - daysAgo * DAY_MS + hour * 60 * 60 * 1000).toISOString();

  const users: StoredUser[] = ACCOUNTS.map((account, index) => {
    // Salt from the PRNG (not crypto) only so the seed file is reproducible; demo data anyway.
    const salt = Buffer.from(Array.from({ length: 16 }, () => Math.floor(random() * 256)));
    const createdDaysAgo = accountCreatedDaysAgo(index);
    return {
      id: index + 1,
      name: account.name,
      email: account.email,
      phoneNumber: account.phoneNumber,
      avatar: '',
      company: account.company,
      role: account.role,
      isAdmin: account.role !== 'operator',
      isSuperAdmin: account.role === 'superAdmin',
      status: 'active',
      disabled: false,
      emailVerified: true,
      address: { ...account.address },
      slug: account.slug,
      locales: [...account.locales],
      sourceLocale: account.sourceLocale,
      createdAt: iso(createdDaysAgo, 9),
      updatedAt: iso(Math.max(createdDaysAgo - 30, 1), 14),
      passwordHash: hashPasswordSync(SEED_PASSWORD, salt),
      passwordChangedAt: null,
    };
  });

  // One record per hotel per day for the last 90 days including today; busier at weekends.
  const visits: Visit[] = [];
  const WEEKDAY_FACTOR = [1.3, 0.8, 0.75, 0.85, 0.95, 1.25, 1.4]; // Sunday first
  for (const [index, account] of ACCOUNTS.entries()) {
    if (account.visitorBase === undefined) continue;
    for (let daysAgo = VISIT_DAYS - 1; daysAgo >= 0; daysAgo--) {
      const day = new Date(today - daysAgo * DAY_MS);
      const noise = 0.85 + random() * 0.3;
      const raw = account.visitorBase * WEEKDAY_FACTOR[day.getUTCDay()] * noise;
      visits.push({
        id: visits.length + 1,
        ownerId: index + 1,
        date: day.toISOString().slice(0, 10),
        visitors: Math.min(400, Math.max(40, Math.round(raw))),
      });
    }
  }

  // Amenity categories and amenities of each hotel, in each of its locales (no randomness).
  const amenityData = buildAmenities(
    ACCOUNTS.flatMap((account, index) =>
      account.role === 'operator'
        ? [
            {
              id: index + 1,
              slug: account.slug,
              locales: account.locales,
              createdDaysAgo: accountCreatedDaysAgo(index),
            },
          ]
        : [],
    ),
    iso,
  );

  // Point of sale and Hotek for each hotel (no randomness beyond their own seeded generators).
  const hotels = users
    .filter((user) => user.role === 'operator')
    .map((user) => ({ id: user.id, slug: user.slug, sourceLocale: user.sourceLocale }));
  const pos = buildPosSeed(hotels, today);
  const hotek = buildHotekSeed(hotels, today);
  const stays = buildStays(hotels, today);
  // Content pages in each hotel's languages, with their cover images and PDFs as uploads.
  const pageData = buildPages(
    ACCOUNTS.flatMap((account, index) =>
      account.role === 'operator'
        ? [{ ...account, id: index + 1, createdDaysAgo: accountCreatedDaysAgo(index) }]
        : [],
    ),
    iso,
  );
  // Each hotel's guest-app branding, its logo, favicon and app image as uploads.
  const brandingData = buildBranding(
    ACCOUNTS.flatMap((account, index) =>
      account.role === 'operator'
        ? [{ id: index + 1, slug: account.slug, createdDaysAgo: accountCreatedDaysAgo(index) }]
        : [],
    ),
    iso,
    pageData.uploads.length + 1,
  );

  // Guest-app forms in each hotel's languages, with guests' submissions.
  const formData = buildForms(
    ACCOUNTS.flatMap((account, index) =>
      account.role === 'operator'
        ? [{ ...account, id: index + 1, createdDaysAgo: accountCreatedDaysAgo(index) }]
        : [],
    ),
    today,
  );

  // The app catalogue, the hotels' connections, a customization and a permission.
  const appData = buildApps({
    hotels,
    oauthProviderUrl: options.oauthProviderUrl ?? DEFAULT_OAUTH_PROVIDER_URL,
    firstUploadId: pageData.uploads.length + brandingData.uploads.length + 1,
    iso,
  });
  users.push(chainPerson(users.length + 1, iso(120, 10)));
  // What the API keeps on accounts: each signed in once (the audit log's sign-in below) and so
  // took up its invitation; its connected apps counted.
  for (const [index, user] of users.entries()) {
    user.invitation = 'accepted';
    user.lastSignInAt = signInAt(index, iso);
    user.connectedAppCount = appData.connections.filter(
      (row) => row.ownerId === user.id && row.status === 'connected',
    ).length;
  }

  return {
    // Every declared collection starts empty; the product's own are seeded below (a new
    // declaration needs no line here).
    ...emptyCollections(),
    users,
    // Each hotel's own account is its first manager (issue 40).
    members: users
      .filter((user) => user.role === 'operator')
      .map((user, index) => ({
        id: index + 1,
        ownerId: user.id,
        userId: user.id,
        name: user.name,
        email: user.email,
        role: 'manager',
        invitation: 'accepted',
        invitedAt: user.createdAt,
        joinedAt: user.createdAt,
        createdAt: user.createdAt,
        updatedAt: user.createdAt,
      }))
      .concat(chainMemberships(users)) as DbState['members'],
    visits,
    forms: formData.forms as DbState['forms'],
    submissions: formData.submissions as DbState['submissions'],
    'amenity-categories': withPositions(amenityData.categories),
    amenities: withPositions(amenityData.amenities) as DbState['amenities'],
    notifications: buildNotifications(iso),
    // Built as plain rows by their seed modules; the contract tests check them against the declarations.
    'pos-categories': pos.categories as DbState['pos-categories'],
    'pos-products': pos.products as DbState['pos-products'],
    'pos-transactions': pos.transactions as DbState['pos-transactions'],
    timeslots: hotek.timeslots as DbState['timeslots'],
    bookings: hotek.bookings as DbState['bookings'],
    stays: stays as DbState['stays'],
    audit: seedAudit(users, iso),
    apps: appData.apps as DbState['apps'],
    'app-connections': appData.connections as DbState['app-connections'],
    'app-customizations': appData.customizations as DbState['app-customizations'],
    'app-permissions': appData.permissions as DbState['app-permissions'],
    uploads: [...pageData.uploads, ...brandingData.uploads, ...appData.uploads],
    pages: pageData.pages as DbState['pages'],
    branding: brandingData.branding as DbState['branding'],
  };
}

/** A recent sign-in of every account, so the audit log (Activity) has a history to show. */
const signInAt = (index: number, iso: (daysAgo: number, hour: number) => string) =>
  iso(1 + (index % 3), 8 + index);

/** Sign-ins, as the API writes them: no record version, no details (RecordOf names every field). */
function seedAudit(
  users: StoredUser[],
  iso: (daysAgo: number, hour: number) => string,
): DbState['audit'] {
  const entries: StoredRecord[] = users.map((user, index) => ({
    id: index + 1,
    at: signInAt(index, iso),
    action: 'sign-in',
    actorId: user.id,
    actorName: user.name,
    behindId: null,
    behindName: '',
    chain: [{ id: user.id, name: user.name }],
    resource: 'users',
    recordId: user.id,
    recordLabel: user.name,
    name: '',
    changes: [],
    detail: '',
    ...(user.isAdmin ? {} : { ownerId: user.id }),
  }));
  return entries as DbState['audit'];
}

/** Each collection of the registry and of the server itself, empty. */
function emptyCollections(): DbState {
  const names = [...resources.map((resource) => resource.name), ...SERVER_COLLECTIONS];
  const empty: Record<string, StoredRecord[]> = Object.fromEntries(names.map((name) => [name, []]));
  return empty as DbState;
}

/**
 * Guest-app notifications, in each hotel's source language: Amsterdam has one active now and one
 * scheduled later, Berlin one scheduled, Madrid none. `iso(daysAgo, hour)`: negative days are
 * ahead of today.
 */
function buildNotifications(iso: (daysAgo: number, hour: number) => string): GuestNotification[] {
  const ownerOf = (email: string) => ACCOUNTS.findIndex((account) => account.email === email) + 1;
  const amsterdam = ownerOf('hotel-amsterdam@example.com');
  const berlin = ownerOf('hotel-berlin@example.com');
  const rows: Omit<GuestNotification, 'id'>[] = [
    {
      ownerId: amsterdam,
      message:
        'Ons dakterras is gesloten voor onderhoud. Het ontbijt wordt deze week in de tuinkamer geserveerd.',
      startDate: iso(2, 8),
      endDate: iso(-4, 12),
      createdAt: iso(3, 10),
      updatedAt: iso(3, 10),
    },
    {
      ownerId: amsterdam,
      message: 'Tijdens het Grachtenfestival vertrekken de rondvaarten vanaf onze eigen steiger.',
      startDate: iso(-10, 9),
      endDate: iso(-13, 22),
      createdAt: iso(3, 10),
      updatedAt: iso(3, 10),
    },
    {
      ownerId: berlin,
      message: 'Unsere Sauna ist wieder geöffnet: täglich von 7 bis 22 Uhr.',
      startDate: iso(-7, 7),
      endDate: iso(-9, 22),
      createdAt: iso(1, 16),
      updatedAt: iso(1, 16),
    },
  ];
  return rows.map((row, index) => ({ ...row, id: index + 1 }));
}

/** Numbers each owner's list per language 1, 2, 3… in the order the seed lists them. */
function withPositions<T extends { ownerId: number; locale: string }>(
  rows: T[],
): (T & { position: number })[] {
  const counters = new Map<string, number>();
  return rows.map((row) => {
    const key = `${row.ownerId}|${row.locale}`;
    const position = (counters.get(key) ?? 0) + 1;
    counters.set(key, position);
    return { ...row, position };
  });
}

/**
 * Writes a fresh seed to `file` atomically (replacing any existing data), and the seeded uploads'
 * files into the uploads folder beside it.
 */
/**
 * The seed as it is stored: built, its demo credentials sealed with the key the API will use
 * (never in clear on disk), and the files of its uploads written beside DB_FILE.
 */
export function prepareSeed(
  dbFile: string,
  options: SeedOptions & { dataKey?: string } = {},
): DbState {
  const state = buildSeed(options);
  const box = new SecretBox(resolveDataKeys({ dataKey: options.dataKey, dbFile }));
  for (const resource of resources) {
    sealInClear(
      resource,
      (state as Record<string, Record<string, unknown>[]>)[resource.name] ?? [],
      box,
    );
  }
  // The files of the seeded uploads first: the data that names them comes after.
  writeSeedUploads(dbFile, state.uploads);
  return state;
}

export function writeSeedFile(
  file: string,
  options: SeedOptions & { dataKey?: string } = {},
): DbState {
  const state = prepareSeed(file, options);
  atomicWriteFileSync(file, `${JSON.stringify(state, null, 2)}\n`);
  return state;
}
