import { describe, expect, it } from 'vitest';
import {
  appEntries,
  appText,
  lockedKeys,
  matches,
  oauthReturn,
  type AppConnection,
  type CatalogueApp,
} from '../../src/features/apps/catalogue';

const app = (id: number, name: string, extra: Partial<CatalogueApp> = {}): CatalogueApp => ({
  id,
  name,
  key: name.toLowerCase().replace(/\W+/g, '-'),
  featured: false,
  text: { en: `${name} in English` },
  connection: 'credentials',
  credentialFields: ['key'],
  ...extra,
});

describe("an app's text", () => {
  const texts = { text: { en: 'Parking', de: 'Parken', fr: '  ', nl: null } };

  it('is in the interface language, a regional tag reading its language', () => {
    expect(appText(texts, 'de')).toBe('Parken');
    expect(appText(texts, 'de-CH')).toBe('Parken');
    expect(appText(texts, 'DE_at')).toBe('Parken');
  });

  it('falls back to English where the language has none or only blanks', () => {
    expect(appText(texts, 'nl')).toBe('Parking');
    expect(appText(texts, 'fr')).toBe('Parking');
    expect(appText(texts, 'es')).toBe('Parking');
    expect(appText(texts, 'ja')).toBe('Parking');
  });

  it('takes any language it has when even English is missing, and is empty without any', () => {
    expect(appText({ text: { es: 'Aparcamiento' } }, 'de')).toBe('Aparcamiento');
    expect(appText({ text: {} }, 'en')).toBe('');
  });
});

describe('the catalogue as a hotel sees it', () => {
  const apps = [
    app(1, 'Zeta'),
    app(2, 'alpha'),
    app(3, 'Hotek', { featured: true }),
    app(4, 'Échange'),
  ];
  const connections: AppConnection[] = [
    { id: 10, ownerId: 7, appId: 2, status: 'connected' },
    { id: 11, ownerId: 7, appId: 1, status: 'disconnected' },
  ];

  it('puts featured apps first, then the rest by name in the language’s order', () => {
    const names = appEntries(apps, [], [], [], 'fr').map((entry) => entry.app.name);
    expect(names).toEqual(['Hotek', 'alpha', 'Échange', 'Zeta']);
  });

  it('gives each app its state: available without a record, else the record’s status', () => {
    const entries = appEntries(apps, connections, [], []);
    const status = Object.fromEntries(entries.map((entry) => [entry.app.name, entry.status]));
    expect(status).toEqual({
      Hotek: 'available',
      alpha: 'connected',
      Zeta: 'disconnected',
      Échange: 'available',
    });
  });

  it('marks the apps the hotel may not connect itself, by key', () => {
    const entries = appEntries(apps, [], [], ['zeta']);
    expect(entries.filter((entry) => entry.locked).map((entry) => entry.app.id)).toEqual([1]);
  });

  it('derives the locked keys from permission records (no record: the hotel may)', () => {
    const permissions = [
      { id: 1, ownerId: 7, appId: 1, canSelfConnect: false },
      { id: 2, ownerId: 7, appId: 3, canSelfConnect: true },
    ];
    expect(lockedKeys(apps, permissions)).toEqual(['zeta']);
    expect(lockedKeys(apps, [])).toEqual([]);
  });

  it('finds apps by any words of their name, text or custom title, ignoring case and accents', () => {
    const customizations = [{ id: 1, ownerId: 7, appId: 1, title: 'Valet parking' }];
    const entries = appEntries(apps, [], customizations, []);
    const found = (query: string, featuredOnly = false) =>
      entries
        .filter((entry) => matches(entry, query, featuredOnly, 'en'))
        .map((entry) => entry.app.id);
    expect(found('')).toEqual([3, 2, 4, 1]);
    expect(found('echange')).toEqual([4]);
    expect(found('ENGLISH alpha')).toEqual([2]);
    expect(found('valet')).toEqual([1]);
    expect(found('nothing like it')).toEqual([]);
    expect(found('', true)).toEqual([3]);
    expect(found('alpha', true)).toEqual([]);
  });
});

describe('the report of an OAuth provider’s return', () => {
  const read = (query: string) => oauthReturn(new URLSearchParams(query));

  it('reads a connection and a failure with its reason', () => {
    expect(read('oauth=connected&app=9')).toEqual({ appId: 9, connected: true });
    expect(read('oauth=failed&app=9&reason=denied')).toEqual({
      appId: 9,
      connected: false,
      reason: 'denied',
    });
  });

  it('reports a failure without an app, and an unknown reason as unknown', () => {
    expect(read('oauth=failed&reason=state')).toEqual({ connected: false, reason: 'state' });
    expect(read('oauth=failed&app=2&reason=<script>')).toEqual({
      appId: 2,
      connected: false,
      reason: 'unknown',
    });
  });

  it('ignores addresses without a report or with nonsense', () => {
    expect(read('')).toBeNull();
    expect(read('tab=apps')).toBeNull();
    expect(read('oauth=connected')).toBeNull();
    expect(read('oauth=connected&app=-1')).toBeNull();
    expect(read('oauth=maybe&app=3')).toBeNull();
  });
});
