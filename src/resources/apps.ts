import { admin, denied, manager, signedIn, superAdmin } from '../schema/access';
import {
  boolean,
  dateTime,
  group,
  image,
  multiSelect,
  number,
  reference,
  select,
  slug,
  text,
  textarea,
  url,
} from '../schema/fields';
import { LOCALES } from '../schema/locales';
import { CREDENTIAL_FIELDS, type CredentialField } from './appCredentials';
import { defineAction, defineResource } from '../schema/resource';

/**
 * Connectable third-party apps (spec §2–§6, issue 13): the catalogue super administrators keep,
 * and per hotel its connections (credentials sealed at rest), its customization of each app and
 * whether it may connect an app itself. Connecting, disconnecting and the OAuth start are
 * actions of an app (`POST /apps/:id/connect` …); the API runs them (mock-server/apps), as they
 * need its secrets and the providers' token endpoints.
 */

// In a module of their own: the actions' inputs (./appInputs, loaded lazily) need them too.
export { CREDENTIAL_FIELDS, type CredentialField } from './appCredentials';

/** How a hotel connects an app: with credentials it types, or through the provider's OAuth 2. */
export const CONNECTION_KINDS = ['credentials', 'oauth'] as const;
/** Dashboard areas an app unlocks for the hotels that connected it. */
export const APP_AREAS = ['hotek'] as const;
export const CONNECTION_STATUSES = ['connected', 'disconnected'] as const;

const isOAuth = (record: Readonly<Record<string, unknown>>) => record.connection === 'oauth';
const oauth = { condition: isOAuth, list: { none: true } } as const;

/** The catalogue: global, read by every signed-in user, kept by super administrators. */
export const apps = defineResource({
  name: 'apps',
  route: 'apps/catalogue',
  // A hotel's apps are its managers' (issue 40); its staff do not see the catalogue either.
  access: {
    read: manager(signedIn()),
    create: superAdmin(),
    update: superAdmin(),
    delete: superAdmin(),
  },
  labelField: 'name',
  timestamps: true,
  defaultSort: { field: 'name', order: 'asc' },
  fields: {
    name: text({ required: true, max: 80, list: { search: true, sort: true } }),
    /** Stable name of the app for rules and areas (`hotek`). */
    key: slug({ required: true, unique: true, from: 'name', list: { hidden: true } }),
    featured: boolean({ default: false, list: { filter: true, sort: true } }),
    rating: number({ min: 0, max: 5, list: { sort: true } }),
    reviewCount: number({ integer: true, min: 0, default: 0, list: { sort: true } }),
    image: image({ list: { hidden: true } }),
    /** What the app does, in each interface language (English is the fallback). */
    text: group({
      required: true,
      // Five languages of prose make no column: the show and edit pages have them.
      list: { none: true },
      of: Object.fromEntries(
        LOCALES.map((code) => [code, textarea({ max: 600, required: code === 'en' })]),
      ) as Record<(typeof LOCALES)[number], ReturnType<typeof textarea>>,
    }),
    connection: select({
      options: CONNECTION_KINDS,
      required: true,
      default: 'credentials',
      list: { filter: true },
    }),
    credentialFields: multiSelect({
      options: CREDENTIAL_FIELDS,
      required: true,
      condition: (record) => !isOAuth(record),
      list: { none: true },
    }),
    authorizeUrl: url({ ...oauth, required: true }),
    tokenUrl: url({ ...oauth, required: true }),
    revokeUrl: url({ ...oauth }),
    scopes: text({ ...oauth, max: 300 }),
    clientId: text({ ...oauth, required: true, max: 200 }),
    clientSecret: text({ ...oauth, max: 500, secret: true }),
    area: select({ options: APP_AREAS, list: { hidden: true } }),
  },
  actions: {
    // Run by the API (mock-server/apps): a hotel itself where it may, else an administrator
    // for it (`hotelId`).
    connect: defineAction({
      on: 'record',
      input: () => import('./appInputs').then((inputs) => inputs.connectInput),
      access: manager(signedIn()),
    }),
    disconnect: defineAction({
      on: 'record',
      input: () => import('./appInputs').then((inputs) => inputs.onBehalfInput),
      access: manager(signedIn()),
    }),
    /** Starts an OAuth connection: answers the provider's authorize address to go to. */
    authorize: defineAction({
      on: 'record',
      input: () => import('./appInputs').then((inputs) => inputs.onBehalfInput),
      access: manager(signedIn()),
    }),
  },
});

const appReference = (options: { onePerHotel?: boolean; onePerApp?: boolean } = {}) =>
  reference({
    resource: 'apps',
    labelField: 'name',
    required: true,
    onDelete: 'restrict',
    // At most one record per hotel and app (409 for a second), or one per app at all.
    unique: options.onePerHotel ? { per: ['ownerId'] } : options.onePerApp,
    list: { filter: true },
  });

/**
 * A hotel's connection to an app, written only by the API's actions: credentials and OAuth
 * tokens are secret fields (sealed with the data key, answered as `{ "set": true }`).
 */
export const appConnections = defineResource({
  name: 'app-connections',
  route: 'apps/connections',
  owned: true,
  access: { read: manager() },
  labelField: 'appId',
  timestamps: true,
  fields: {
    appId: appReference({ onePerHotel: true }),
    status: select({ options: CONNECTION_STATUSES, readOnly: true, list: { filter: true } }),
    ...(Object.fromEntries(
      CREDENTIAL_FIELDS.map((name) => [name, text({ secret: true, readOnly: true, max: 500 })]),
    ) as Record<CredentialField, ReturnType<typeof text>>),
    accessToken: text({ secret: true, readOnly: true, max: 4000 }),
    refreshToken: text({ secret: true, readOnly: true, max: 4000 }),
    expiresAt: dateTime({ readOnly: true, list: { hidden: true } }),
    connectedAt: dateTime({ readOnly: true, list: { sort: true } }),
    /** Who connected it: the hotel, or the administrator on its behalf (their name). */
    connectedBy: text({ readOnly: true, max: 120 }),
  },
});

/** The title and image the hotel's guest app shows for an app (spec §3). */
export const appCustomizations = defineResource({
  name: 'app-customizations',
  route: 'apps/customizations',
  owned: true,
  access: manager(),
  labelField: 'title',
  timestamps: true,
  fields: {
    appId: appReference({ onePerHotel: true }),
    title: text({ required: true, max: 80 }),
    image: image(),
  },
});

/**
 * Whether a hotel may connect an app itself (spec §4, §6): kept by administrators only; a hotel
 * with no record for an app may.
 */
export const appPermissions = defineResource({
  name: 'app-permissions',
  route: 'apps/permissions',
  owned: true,
  access: denied(admin(), 'Only administrators can manage app permissions'),
  labelField: 'appId',
  timestamps: true,
  fields: {
    appId: appReference({ onePerHotel: true }),
    canSelfConnect: boolean({ required: true, default: true, list: { filter: true } }),
  },
});

/**
 * Whether a new hotel may connect an app itself (issue 28): one record per app, kept by
 * administrators; a hotel created later gets an app permission with this value for each
 * (users' create hook). An app without one: new hotels may.
 */
export const appPermissionDefaults = defineResource({
  name: 'app-permission-defaults',
  route: 'apps/permission-defaults',
  access: denied(admin(), 'Only administrators can manage app permissions'),
  labelField: 'appId',
  timestamps: true,
  fields: {
    appId: appReference({ onePerApp: true }),
    canSelfConnect: boolean({ required: true, default: true, list: { filter: true } }),
  },
});
