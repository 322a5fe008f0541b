import { OWNER_FIELD } from '../schema/access';
import { defaultValues, storedFields } from '../schema/forms';
import { isLocale, type Locale } from '../schema/locales';
import type { ResourceHooks } from '../schema/resource';
import { appPermissionDefaults, appPermissions } from './apps';
import { branding } from './branding';
import { pages } from './pages';

type AfterChangeArgs = Parameters<NonNullable<ResourceHooks['afterChange']>>[0];

/** The wizard's answers that become the hotel's branding (same names in both declarations). */
const BRANDING_ANSWERS = [
  'template',
  'logo',
  'favicon',
  'primaryColor',
  'secondaryColor',
  'title',
] as const;

/** The first page of a new guest app, in each language it publishes. */
export const WELCOME_PAGE: Record<Locale, { title: string; slug: string; body: string }> = {
  en: {
    title: 'Welcome',
    slug: 'welcome',
    body: 'Welcome to {company}! Here you find everything for a pleasant stay. Enjoy your time with us.',
  },
  nl: {
    title: 'Welkom',
    slug: 'welkom',
    body: 'Welkom bij {company}! Hier vindt u alles voor een aangenaam verblijf. Geniet van uw tijd bij ons.',
  },
  de: {
    title: 'Willkommen',
    slug: 'willkommen',
    body: 'Willkommen im {company}! Hier finden Sie alles für einen angenehmen Aufenthalt. Genießen Sie Ihre Zeit bei uns.',
  },
  fr: {
    title: 'Bienvenue',
    slug: 'bienvenue',
    body: 'Bienvenue au {company} ! Vous trouverez ici tout pour un séjour agréable. Profitez de votre temps parmi nous.',
  },
  es: {
    title: 'Bienvenido',
    slug: 'bienvenido',
    body: '¡Bienvenido a {company}! Aquí encontrará todo para una estancia agradable. Disfrute de su tiempo con nosotros.',
  },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * A new hotel's guest app, in the transaction that creates the hotel (the users' create hook):
 * its branding from the wizard's answers, and a published welcome page in each of its languages
 * (one translation group, the source language's page written first).
 */
export async function startGuestApp({ data, record, store, now }: AfterChangeArgs): Promise<void> {
  const stamp = new Date(now).toISOString();
  const ownerId = record.id;
  const answers = Object.fromEntries(
    BRANDING_ANSWERS.filter((name) => data[name] !== undefined && data[name] !== '').map((name) => [
      name,
      data[name],
    ]),
  );
  await store.insert(
    branding.name,
    storedFields(branding, {
      ...defaultValues(branding),
      ...answers,
      [OWNER_FIELD]: ownerId,
      createdAt: stamp,
      updatedAt: stamp,
    }),
  );
  const source = record.sourceLocale as Locale;
  const languages = ((record.locales as unknown[]) ?? []).filter(isLocale);
  const ordered = [source, ...languages.filter((code) => code !== source)];
  const groupId = crypto.randomUUID();
  const company = escapeHtml(String(record.company ?? record.name ?? ''));
  for (const locale of ordered) {
    const welcome = WELCOME_PAGE[locale];
    await store.insert(
      pages.name,
      storedFields(pages, {
        ...defaultValues(pages),
        title: welcome.title,
        slug: welcome.slug,
        type: 'content',
        body: `<p>${welcome.body.replace('{company}', company)}</p>`,
        template: data.template ?? 'rows',
        published: true,
        isSubpage: false,
        parentId: null,
        locale,
        sourceLocale: source,
        groupId,
        position: 1,
        [OWNER_FIELD]: ownerId,
        createdAt: stamp,
        updatedAt: stamp,
      }),
    );
  }
}

/**
 * A new hotel's app permissions, in the transaction that creates it: one per app that has a
 * default for new hotels (App permissions page), with that default's value.
 */
export async function grantDefaultAppPermissions({
  record,
  store,
  now,
}: AfterChangeArgs): Promise<void> {
  const stamp = new Date(now).toISOString();
  for (const preset of await store.find(appPermissionDefaults.name, undefined, {
    sort: [{ field: 'id', order: 'asc' }],
  })) {
    await store.insert(appPermissions.name, {
      appId: preset.appId,
      canSelfConnect: preset.canSelfConnect !== false,
      [OWNER_FIELD]: record.id,
      createdAt: stamp,
      updatedAt: stamp,
    });
  }
}
