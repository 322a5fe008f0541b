import type { CredentialField } from '../../resources/apps';
import { LOCALES, type Locale } from '../../schema/locales';

/** An app of the catalogue as `GET /apps` answers it (secrets as `{ set }`). */
export interface CatalogueApp {
  id: number;
  name: string;
  key: string;
  featured: boolean;
  rating?: number | null;
  reviewCount?: number | null;
  /** An upload path relative to the API (`/uploads/files/…`) or an https address. */
  image?: string | null;
  text: Partial<Record<Locale, string | null>>;
  connection: 'credentials' | 'oauth';
  credentialFields?: CredentialField[] | null;
  area?: string | null;
}

/** A hotel's connection to an app (`GET /app-connections`); no record = available. */
export interface AppConnection {
  id: number;
  ownerId: number;
  appId: number;
  status: 'connected' | 'disconnected';
  connectedAt?: string | null;
  connectedBy?: string | null;
}

export interface AppCustomization {
  id: number;
  ownerId: number;
  appId: number;
  title: string;
  image?: string | null;
}

export interface AppPermission {
  id: number;
  ownerId: number;
  appId: number;
  canSelfConnect: boolean;
}

export type AppStatus = 'available' | 'connected' | 'disconnected';

/** One card: the app, the hotel's state of it and what it may do. */
export interface AppEntry {
  app: CatalogueApp;
  status: AppStatus;
  connection?: AppConnection;
  customization?: AppCustomization;
  /** The hotel may not connect (or disconnect) it itself: an administrator does. */
  locked: boolean;
}

/** The base language of a tag such as `de-CH`, when it is one of the product's. */
const baseLanguage = (language: string): Locale | undefined => {
  const base = language.toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(base ?? '') ? (base as Locale) : undefined;
};

/**
 * What the app says about itself in the interface language (`de-CH` reads `de`), else in
 * English, else in any language it has; blank texts do not count.
 */
export function appText(app: Pick<CatalogueApp, 'text'>, language: string): string {
  const texts = app.text ?? {};
  const usable = (code: string | undefined) => {
    const value = code ? texts[code as Locale] : undefined;
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  return (
    usable(baseLanguage(language)) ??
    usable('en') ??
    LOCALES.map((code) => usable(code)).find(Boolean) ??
    ''
  );
}

/**
 * The catalogue as one hotel sees it: each app with its connection, customization and whether
 * it is locked for the hotel (`locked`: keys of the apps it may not connect itself). Featured
 * apps first, then by name in the interface language's order.
 */
export function appEntries(
  apps: readonly CatalogueApp[],
  connections: readonly AppConnection[],
  customizations: readonly AppCustomization[],
  locked: readonly string[],
  language = 'en',
): AppEntry[] {
  const connectionOf = new Map(connections.map((row) => [row.appId, row]));
  const customizationOf = new Map(customizations.map((row) => [row.appId, row]));
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return [...apps]
    .sort(
      (a, b) =>
        Number(Boolean(b.featured)) - Number(Boolean(a.featured)) ||
        collator.compare(a.name, b.name),
    )
    .map((app) => {
      const connection = connectionOf.get(app.id);
      return {
        app,
        status: connection?.status ?? 'available',
        connection,
        customization: customizationOf.get(app.id),
        locked: locked.includes(app.key),
      };
    });
}

/** Whether an entry matches the search (name or text, any case and accent) and the filter. */
export function matches(
  entry: AppEntry,
  query: string,
  featuredOnly: boolean,
  language: string,
): boolean {
  if (featuredOnly && !entry.app.featured) return false;
  const fold = (text: string) =>
    text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(language);
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = fold(
    [entry.app.name, appText(entry.app, language), entry.customization?.title ?? ''].join(' '),
  );
  return words.every((word) => haystack.includes(word));
}

/** The keys of the apps a hotel may not connect itself, from its permission records. */
export function lockedKeys(
  apps: readonly CatalogueApp[],
  permissions: readonly AppPermission[],
): string[] {
  const off = new Set(permissions.filter((row) => !row.canSelfConnect).map((row) => row.appId));
  return apps.filter((app) => off.has(app.id)).map((app) => app.key);
}

/** The credential fields shown hidden as they are typed (secrets rather than names). */
export const SECRET_INPUTS: readonly CredentialField[] = [
  'secret',
  'access_token',
  'password',
  'token',
];

/** Why an OAuth connection failed, as the API's callback says it (`reason=`). */
export const OAUTH_REASONS = ['denied', 'expired', 'token', 'state'] as const;
export type OAuthReason = (typeof OAUTH_REASONS)[number] | 'unknown';

export type OAuthReturn =
  { appId: number; connected: true } | { appId?: number; connected: false; reason: OAuthReason };

/**
 * What the API's OAuth callback reports in the address it sends the browser back to:
 * `oauth=connected&app=<id>` or `oauth=failed[&app=<id>]&reason=…` (a state it cannot read
 * names no app); null when there is nothing (or nothing sensible) to report.
 */
export function oauthReturn(params: URLSearchParams): OAuthReturn | null {
  const outcome = params.get('oauth');
  const id = Number(params.get('app'));
  const appId = Number.isInteger(id) && id > 0 ? id : undefined;
  if (outcome === 'connected') return appId ? { appId, connected: true } : null;
  if (outcome !== 'failed') return null;
  const reason = params.get('reason') ?? '';
  return {
    ...(appId && { appId }),
    connected: false,
    reason: (OAUTH_REASONS as readonly string[]).includes(reason)
      ? (reason as OAuthReason)
      : 'unknown',
  };
}
