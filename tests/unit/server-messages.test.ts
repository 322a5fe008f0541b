import type { HttpError } from '@refinedev/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from '../../src/i18n';
import { toHttpError } from '../../src/providers/http';
import { parseMessage } from '../../src/schema/messages';

/**
 * The server's messages as a user reads them (issue 27 item 13): where the API sends a message's
 * code and values, the dashboard words it in the user's language, with moments in the user's
 * time zone as its date cells show them, not the API's English and UTC.
 */

beforeAll(async () => {
  await initI18n();
});
afterAll(async () => {
  await changeLanguage('en');
});

/** How the dashboard's date-time cells show a moment (schema/kinds/time.ts). */
const asOnScreen = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** The first message under a field of a failed answer. */
const firstError = (error: HttpError, field: string) =>
  String((error.errors?.[field] as string[] | undefined)?.[0]);

/** A field message as the forms show it: the coded message worded with the field's label. */
const underField = (text: string, label: string) => {
  const { key, params } = parseMessage(text);
  return i18n.t(key, { field: label, ...params });
};

describe('server messages in the user language', () => {
  it('words a notification clash in Dutch, with the dates as the screen shows them', async () => {
    await changeLanguage('nl');
    const start = '2026-12-07T09:00:00.000Z';
    const end = '2026-12-09T17:30:00.000Z';
    const error = toHttpError(
      {
        message:
          'Another notification is already scheduled from 2026-12-07 09:00 UTC to 2026-12-09 17:30 UTC; a hotel has one notification at a time',
        statusCode: 409,
        code: 'apiErrors.notificationOverlap',
        values: { start, end },
      },
      409,
    );
    expect(error.message).toBe(
      `Er is al een andere melding gepland van ${asOnScreen(start, 'nl')} tot ${asOnScreen(end, 'nl')}; een hotel heeft één melding tegelijk`,
    );
    expect(error.message).not.toContain('UTC');
  });

  it('words field messages under their fields, and a taken value with its label', async () => {
    await changeLanguage('nl');
    const error = toHttpError(
      {
        message: 'Slug is already in use',
        statusCode: 409,
        code: 'validation.taken',
        values: { resource: 'pages', field: 'slug' },
        errors: { slug: ['Slug is already in use'], endDate: ['End date must be later'] },
        errorCodes: { slug: [{ code: 'validation.taken', values: {} }], endDate: [null] },
      },
      409,
    );
    expect(error.message).toBe('Slug is al in gebruik');
    expect(underField(firstError(error, 'slug'), 'Slug')).toBe('Slug is al in gebruik');
    // A message without a code stays as the server said it.
    expect(error.errors?.endDate).toEqual(['End date must be later']);
  });

  it('names weekdays and dates in German, and says "full" only when no place is left', async () => {
    await changeLanguage('de');
    const offered = toHttpError(
      {
        message: 'Spa 10:00-12:00 is not offered on Sunday (2026-12-13); …',
        statusCode: 422,
        errors: { date: ['Spa 10:00-12:00 is not offered on Sunday (2026-12-13); …'] },
        errorCodes: {
          date: [
            {
              code: 'apiErrors.slotNotOffered',
              values: {
                slot: 'Spa 10:00-12:00',
                weekday: 'sun',
                date: '2026-12-13',
                weekdays: 'mon,wed,fri',
              },
            },
          ],
        },
      },
      422,
    );
    expect(underField(firstError(offered, 'date'), 'Datum')).toBe(
      'Spa 10:00-12:00 wird am Sonntag (13.12.2026) nicht angeboten; angeboten wird es am Montag, Mittwoch und Freitag',
    );
    const fewLeft = toHttpError(
      {
        message:
          'Spa 10:00-12:00 has 27 of 34 places left on 2026-12-07, not enough for a party of 30',
        statusCode: 409,
        code: 'apiErrors.slotNotEnough',
        values: { slot: 'Spa', date: '2026-12-07', left: 27, capacity: 34, party: 30 },
      },
      409,
    );
    expect(fewLeft.message).toBe(
      'Spa hat am 07.12.2026 noch 27 von 34 Plätzen frei, zu wenig für eine Gruppe von 30',
    );
  });

  it('keeps the English of a code this dashboard does not know', async () => {
    await changeLanguage('fr');
    const error = toHttpError(
      { message: 'Something new', statusCode: 400, code: 'apiErrors.notYetKnown', values: {} },
      400,
    );
    expect(error.message).toBe('Something new');
  });
  it('words the generic answers, "Only … can change …" and Sync\'s messages in every language', async () => {
    // The bodies the API answers (tests/server/coded-messages.test.ts, sync.test.ts).
    const bodies = {
      notFound: { message: 'Not found', statusCode: 404, code: 'apiErrors.notFound', values: {} },
      invalid: {
        message: 'Validation failed',
        statusCode: 422,
        code: 'apiErrors.validationFailed',
        values: {},
      },
      adminAccount: {
        message: "Only a super administrator can change an administrator's account",
        statusCode: 403,
        code: 'userTabs.lockedAdminAccount',
        values: {},
      },
      role: {
        message: 'Only a super administrator can change the role',
        statusCode: 403,
        code: 'apiErrors.onlySuperAdminChanges',
        values: { resource: 'users', field: 'role' },
      },
      ownRole: {
        message: 'You are not allowed to change the role',
        statusCode: 403,
        code: 'apiErrors.notAllowedToChange',
        values: { resource: 'users', field: 'role' },
      },
      connect: {
        message: 'Only an administrator can connect ChannelAxis for your hotel',
        statusCode: 403,
        code: 'apiErrors.onlyAdminConnects',
        values: { app: 'ChannelAxis' },
      },
      syncFailed: {
        message:
          'An error occurred while syncing the amenities: DeepL is unavailable (503: Busy); try again later',
        statusCode: 502,
        code: 'apiErrors.syncFailedAll',
        values: {
          resource: 'amenities',
          reason: 'DeepL is unavailable (503: Busy); try again later',
        },
      },
    };
    const chooseHotel = {
      message: 'Validation failed',
      statusCode: 422,
      code: 'apiErrors.validationFailed',
      values: {},
      errors: { ownerId: ['Choose the hotel whose content to sync'] },
      errorCodes: { ownerId: [{ code: 'apiErrors.chooseSyncHotel', values: {} }] },
    };
    // In English the dashboard says what the API says.
    await changeLanguage('en');
    for (const body of Object.values(bodies)) {
      expect(toHttpError(body, body.statusCode).message).toBe(body.message);
    }
    const english = toHttpError(chooseHotel, 422);
    expect(underField(firstError(english, 'ownerId'), 'Hotel')).toBe(
      'Choose the hotel whose content to sync',
    );

    await changeLanguage('de');
    const de = (name: keyof typeof bodies) => toHttpError(bodies[name], 400).message;
    expect(de('notFound')).toBe('Nicht gefunden');
    expect(de('invalid')).toBe('Prüfung fehlgeschlagen');
    expect(de('adminAccount')).toBe(i18n.t('userTabs.lockedAdminAccount'));
    expect(de('role')).toBe('Nur ein Superadministrator kann „Rolle“ ändern');
    expect(de('ownRole')).toBe('Sie dürfen „Rolle“ nicht ändern');
    expect(de('connect')).toBe('Nur ein Administrator kann ChannelAxis für Ihr Hotel verbinden');
    expect(de('syncFailed')).toBe(
      `Beim Synchronisieren ist ein Fehler aufgetreten (${i18n.t('resources.amenities.title')}): DeepL is unavailable (503: Busy); try again later`,
    );
    expect(underField(firstError(toHttpError(chooseHotel, 422), 'ownerId'), 'Hotel')).toBe(
      'Wählen Sie das Hotel, dessen Inhalte synchronisiert werden sollen',
    );

    // Every language words each of them, none in English.
    for (const language of ['nl', 'fr', 'es']) {
      await changeLanguage(language);
      for (const [name, body] of Object.entries(bodies)) {
        const worded = toHttpError(body, body.statusCode).message;
        expect(worded, `${language} ${name}`).not.toBe(body.message);
        expect(worded, `${language} ${name}`).not.toMatch(/{{|apiErrors\.|userTabs\./);
      }
    }
  });
});
