import { expect, test } from './fixtures';
import { STACKS } from '../../playwright.config';
import { signIn } from './support';

interface PublicSlot {
  id: number;
  serviceName: string;
  startTime: string;
  endTime: string;
  placesLeft: number;
}

/** The next day on which Amsterdam's 10:00 spa slot has exactly one place left (the seed makes one). */
async function nearlyFullSpa(): Promise<{ slot: PublicSlot; date: string }> {
  for (let days = 1; days <= 14; days++) {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const response = await fetch(
      `http://127.0.0.1:${STACKS.main.api}/public/canal-house-amsterdam/timeslots?date=${date}`,
    );
    const slots = (await response.json()) as PublicSlot[];
    const slot = slots.find((item) => item.serviceName === 'Spa' && item.startTime === '10:00');
    if (slot?.placesLeft === 1) return { slot, date };
  }
  throw new Error('The seed has no nearly full spa slot');
}

test('overbooking a timeslot is refused, and a booking that fits is saved', async ({ page }) => {
  const { slot, date } = await nearlyFullSpa();
  await signIn(page, 'hotel-amsterdam@example.com');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Hotek').click();
  await menu.getByRole('link', { name: 'Bookings' }).click();
  await page.getByRole('button', { name: 'New Booking' }).click();
  await expect(page.getByRole('heading', { name: 'New Booking' })).toBeVisible();

  await page.getByLabel('Guest', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Room', { exact: true }).fill('214');
  await page.getByRole('combobox', { name: 'Timeslot' }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `Spa ${slot.startTime}–${slot.endTime}` })
    .click();
  await page.getByLabel('Date', { exact: true }).fill(date);
  await page.getByLabel('Date', { exact: true }).press('Enter');
  await page.getByLabel('Party size').fill('2');
  await page.getByRole('button', { name: 'Save' }).click();

  // Not "full" while a place is left; the day as the screen says it, not the API's ISO date.
  const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
  await expect(
    page
      .getByText(new RegExp(`has 1 of \\d+ places left on ${day}, not enough for a party of 2`))
      .first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/apps\/hotek\/new/);
  await expect(page.getByLabel('Guest', { exact: true })).toHaveValue('Ada Lovelace');

  await page.getByLabel('Party size').fill('1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
});
