import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAs, signIn } from './support';

const BERLIN = 'hotel-berlin@example.com';
const DAY = 24 * 60 * 60 * 1000;

interface StoredNotification {
  id: number;
  message: string;
  startDate: string;
  endDate: string;
}

// Dates typed into the pickers are read in the browser's zone; UTC keeps them equal to the API's.
test.use({ timezoneId: 'UTC' });

/** A whole UTC hour `days` from now, as an ISO string. */
const utcHour = (days: number, hour: number) => {
  const day = new Date(Date.now() + days * DAY);
  return new Date(
    Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour),
  ).toISOString();
};

/**
 * Types a date and time into the antd date picker labelled `label` and confirms it; the field
 * then shows it in hours and minutes.
 */
async function setDate(page: Page, label: string, iso: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(iso.slice(0, 19).replace('T', ' '));
  await input.press('Enter');
  await input.blur();
  await expect(input).toHaveValue(iso.slice(0, 16).replace('T', ' '));
}

const berlinNotifications = () =>
  apiAs<StoredNotification[]>('main', BERLIN, '/notifications?_sort=startDate&_order=asc');

test('a hotel manages its notification: a scheduled one is not overwritten; end before start is refused; a new one is saved, shown and deleted', async ({
  page,
}) => {
  const [seeded] = await berlinNotifications();
  expect(seeded).toBeDefined();

  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Manage notification' }).click();
  await expect(page).toHaveURL(/\/dashboard\/message\/manage$/);
  await expect(page.getByRole('heading', { name: 'Manage notification' })).toBeVisible();
  // Berlin's only notification is scheduled: the form creates a new one and says the scheduled
  // one stays as it is (it is shown, with a link to its own edit page).
  await expect(
    page.getByText(
      'No notification is active now: saving creates a new one. The scheduled notification below stays as it is.',
    ),
  ).toBeVisible();
  await expect(page.getByText(seeded!.message)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit the scheduled notification' })).toHaveAttribute(
    'href',
    `/dashboard/message/${seeded!.id}/edit`,
  );
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');

  // An end date before the start date is explained under the End date field; nothing is saved.
  await setDate(page, 'Start date', utcHour(3, 10));
  await setDate(page, 'End date', utcHour(2, 10));
  await page.getByRole('button', { name: 'Save' }).click();
  const endInput = page.getByLabel('End date', { exact: true });
  await expect(page.getByText('End date must be later than start date')).toBeVisible();
  await expect(endInput).toHaveAttribute('aria-invalid', 'true');
  await expect(endInput).toHaveAccessibleDescription('End date must be later than start date');
  await expect(page).toHaveURL(/\/dashboard\/message\/manage$/);
  expect(await berlinNotifications()).toEqual([seeded]);

  // Valid dates around now: saved as a new notification, and the overview shows it as the active
  // one; the scheduled one is untouched.
  const message = 'Die Dachterrasse ist heute wegen einer privaten Feier geschlossen.';
  const validStart = utcHour(-1, 9);
  const validEnd = utcHour(2, 18);
  await page.getByLabel('Message', { exact: true }).fill(message);
  await setDate(page, 'Start date', validStart);
  await setDate(page, 'End date', validEnd);
  await expect(page.getByText('End date must be later than start date')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/dashboard\/message$/);
  await expect(page.getByText('The notification was saved')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active notification' })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText(message)).toBeVisible();
  const saved = await berlinNotifications();
  expect(saved).toEqual([
    expect.objectContaining({ message, startDate: validStart, endDate: validEnd }),
    seeded,
  ]);
  expect(saved[0]!.id).not.toBe(seeded!.id);

  // Deleting asks first: cancelling keeps it, confirming deletes it.
  await page.getByRole('button', { name: 'Delete active notification' }).click();
  const confirm = page.getByRole('tooltip');
  await expect(confirm.getByText('Delete this notification?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(message)).toBeVisible();
  expect(await berlinNotifications()).toHaveLength(2);

  await page.getByRole('button', { name: 'Delete active notification' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The notification was deleted')).toBeVisible();
  // The scheduled one is next again.
  await expect(page.getByRole('heading', { name: 'Next notification' })).toBeVisible();
  await expect(page.getByText(seeded!.message)).toBeVisible();
  expect(await berlinNotifications()).toEqual([seeded]);
});

test('dates typed without seconds are taken; a date that is no date is refused under its field, never dropped', async ({
  page,
}) => {
  const before = await berlinNotifications();
  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/message/manage');
  await expect(page.getByRole('heading', { name: 'Manage notification' })).toBeVisible();
  const start = page.getByLabel('Start date', { exact: true });
  const end = page.getByLabel('End date', { exact: true });

  // Not a date: said under the field on Save, and nothing is stored.
  await page.getByLabel('Message', { exact: true }).fill('Het zwembad is morgen gesloten.');
  await start.click();
  await start.fill('morgen acht uur');
  await start.press('Tab');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Start date must be a valid date')).toBeVisible();
  await expect(start).toHaveAttribute('aria-invalid', 'true');
  expect(await berlinNotifications()).toEqual(before);

  // Typed as people type them, without seconds, and left with Tab: both are taken and saved.
  const from = utcHour(-1, 8);
  const until = utcHour(1, 20);
  for (const [input, iso] of [
    [start, from],
    [end, until],
  ] as const) {
    await input.click();
    await input.fill(iso.slice(0, 16).replace('T', ' '));
    await input.press('Tab');
    await expect(input).toHaveValue(new RegExp(`^${iso.slice(0, 16).replace('T', ' ')}`));
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The notification was saved')).toBeVisible();
  const saved = await berlinNotifications();
  expect(saved).toContainEqual(
    expect.objectContaining({
      message: 'Het zwembad is morgen gesloten.',
      startDate: from,
      endDate: until,
    }),
  );
});

/** `iso` as the day (in `order`, e.g. DD.MM.YYYY) and hour people type: "10.12.2026 18:00". */
const written = (iso: string, order: (y: string, m: string, d: string) => string) => {
  const [y, m, d] = iso.slice(0, 10).split('-') as [string, string, string];
  return `${order(y, m, d)} ${iso.slice(11, 16)}`;
};
const isoOrder = (y: string, m: string, d: string) => `${y}-${m}-${d}`;

test('a date and time typed key by key is taken as typed, with Enter or Tab, in the user’s language', async ({
  page,
}) => {
  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/message/manage');
  const start = page.getByLabel('Start date', { exact: true });
  const end = page.getByLabel('End date', { exact: true });
  await expect(start).toBeVisible();

  // Key by key, seconds too: read as typed, shown as hours and minutes; Enter and Tab keep it.
  const from = utcHour(400, 18);
  await start.click();
  await start.clear();
  await start.pressSequentially(`${from.slice(0, 10)} 18:00:00`);
  await start.press('Enter');
  await expect(start).toHaveValue(`${from.slice(0, 10)} 18:00:00`);
  // An end before the start: the rule's own message, not "no valid date".
  const before = utcHour(399, 9);
  await end.click();
  await end.clear();
  await end.pressSequentially(written(before, isoOrder));
  await end.press('Tab');
  await expect(end).toHaveValue(written(before, isoOrder));
  await expect(start).toHaveValue(written(from, isoOrder));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('End date must be later than start date')).toBeVisible();
  await expect(page.getByText('End date must be a valid date')).toHaveCount(0);
  await expect(end).toHaveAccessibleDescription('End date must be later than start date');

  // In German, the German way ("10.12.2026 18:00"); the ISO way is read too.
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'German' }).click();
  const de = (y: string, m: string, d: string) => `${d}.${m}.${y}`;
  const startDe = page.getByLabel('Startdatum', { exact: true });
  const endDe = page.getByLabel('Enddatum', { exact: true });
  await expect(startDe).toHaveValue(written(from, de));
  const until = utcHour(401, 7);
  await endDe.click();
  await endDe.clear();
  await endDe.pressSequentially(written(until, de));
  await endDe.press('Tab');
  await expect(endDe).toHaveValue(written(until, de));
  await expect(page.getByText('Das Enddatum muss nach dem Startdatum liegen')).toHaveCount(0);
  await page.getByLabel('Nachricht', { exact: true }).fill('Sommerfest im Hof.');
  await page.screenshot({ path: 'test-results/notification-dates-de-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/notification-dates-de-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(/\/dashboard\/message$/);
  expect(await berlinNotifications()).toContainEqual(
    expect.objectContaining({ message: 'Sommerfest im Hof.', startDate: from, endDate: until }),
  );
});
