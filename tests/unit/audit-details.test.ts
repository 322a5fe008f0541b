import { describe, expect, it } from 'vitest';
import { entryDetailsText } from '../../src/crud/activity/entryText';
import de from '../../src/i18n/locales/de.json';
import en from '../../src/i18n/locales/en.json';
import es from '../../src/i18n/locales/es.json';
import fr from '../../src/i18n/locales/fr.json';
import nl from '../../src/i18n/locales/nl.json';
import { testI18n } from './testI18n';

/**
 * An action's audit entry in words (issue 28 part 1): the Activity screen says which app a
 * hotel's permission was set for and to what, in the interface language.
 */

const entry = (allowed: boolean) => ({
  action: 'action',
  resource: 'users',
  name: 'setAppPermission',
  recordLabel: 'Hotel Amsterdam',
  details: { app: 'Halo CRM', appId: 5, allowed },
});

describe('entryDetailsText', () => {
  it('says whose permission for which app was set to on or off', async () => {
    const i18n = await testI18n();
    const words = { t: i18n.t.bind(i18n), exists: (key: string) => i18n.exists(key) };
    expect(entryDetailsText(entry(false), words)).toBe(
      'Hotel Amsterdam’s permission to connect Halo CRM itself was set to off',
    );
    expect(entryDetailsText(entry(true), words)).toBe(
      'Hotel Amsterdam’s permission to connect Halo CRM itself was set to on',
    );
  });

  it('words it in every language, with no placeholder left', async () => {
    const i18n = await testI18n({ nl, de, fr, es });
    const said = new Set<string>();
    for (const lng of ['en', 'nl', 'de', 'fr', 'es']) {
      await i18n.changeLanguage(lng);
      const words = { t: i18n.t.bind(i18n), exists: (key: string) => i18n.exists(key) };
      for (const allowed of [true, false]) {
        const text = entryDetailsText(entry(allowed), words)!;
        expect(text, lng).toContain('Halo CRM');
        expect(text, lng).toContain('Hotel Amsterdam');
        expect(text, lng).not.toMatch(/{{|}}|resources\.|audit\./);
        said.add(text);
      }
    }
    // Ten different sentences: on and off differ in each language, and no language is English.
    expect(said.size).toBe(10);
  });

  it('labels each value of an action without a sentence; nothing without details', async () => {
    const { logged, ...plain } = en.resources.users.actions.setAppPermission;
    expect(logged).toContain('{{details.app}}');
    const users = { ...en.resources.users, actions: { ...en.resources.users.actions } };
    users.actions.setAppPermission = plain as typeof users.actions.setAppPermission;
    const i18n = await testI18n({ en: { ...en, resources: { ...en.resources, users } } });
    const words = { t: i18n.t.bind(i18n), exists: (key: string) => i18n.exists(key) };
    // The app id has no label: a reader has the app's name.
    expect(entryDetailsText(entry(false), words)).toBe(
      'App: Halo CRM; The hotel may connect it itself: off',
    );
    expect(entryDetailsText({ ...entry(true), name: 'disable' }, words)).toBeNull();
    expect(entryDetailsText({ ...entry(true), details: undefined }, words)).toBeNull();
    expect(entryDetailsText({ ...entry(true), details: {} }, words)).toBeNull();
  });
});
