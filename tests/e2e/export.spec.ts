import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { STACKS } from '../../playwright.config';
import { signIn } from './support';

const BERLIN_SLUG = 'spree-loft-berlin';
const FORMULA = '=HYPERLINK("http://attacker.example","Click")';

test('a CSV export says what the list shows, and a guest cannot plant a formula in it', async ({
  page,
}) => {
  // A guest app books under a name a spreadsheet would run as a formula.
  const api = `http://127.0.0.1:${STACKS.main.api}/public/${BERLIN_SLUG}`;
  let booked = false;
  for (let days = 1; days <= 7 && !booked; days++) {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const slots = (await (await fetch(`${api}/timeslots?date=${date}`)).json()) as {
      id: number;
      placesLeft: number;
    }[];
    const slot = slots.find((item) => item.placesLeft > 0);
    if (!slot) continue;
    const answer = await fetch(`${api}/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ timeslotId: slot.id, date, partySize: 1, guestName: FORMULA }),
    });
    expect(answer.status).toBe(201);
    booked = true;
  }
  expect(booked).toBe(true);

  await signIn(page, 'hotel-berlin@example.com');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/apps/hotek/list');
  await page.getByLabel('Search', { exact: true }).fill('HYPERLINK');
  await page.getByLabel('Search', { exact: true }).press('Enter');
  await expect(page.getByRole('row').filter({ hasText: 'HYPERLINK' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8');
  const line = csv.split('\n').find((row) => row.includes('HYPERLINK'))!;
  // Neutralised: a leading apostrophe makes it text (CSV quotes double the inner quotes).
  expect(line).toContain(`'=HYPERLINK(""http://attacker.example"",""Click"")`);
  expect(line).not.toMatch(/(^|,)"?=HYPERLINK/);
  // The status is its label and the party size a number, as the list shows them.
  expect(line).toContain('Booked');
});

test('an export that fails says so, and downloads nothing', async ({ page }) => {
  await signIn(page, 'hotel-amsterdam@example.com');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/form/list');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  // The API fails the export's page requests (the list on screen is already loaded).
  await page.route(/\/api\/forms\?/, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Something went wrong', statusCode: 500 }),
    }),
  );
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const toast = page.locator('.ant-notification-notice').filter({ hasText: 'The export failed' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Something went wrong');
  expect(downloaded).toBe(false);
  // A problem stays while the pointer is on it (it is being read), and leaves once it is not.
  await toast.hover();
  await page.waitForTimeout(4_000);
  await expect(toast).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(toast).toBeHidden({ timeout: 5_000 });
});
