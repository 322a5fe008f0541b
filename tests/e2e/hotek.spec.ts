import { expect, test } from './fixtures';
import { STACKS } from '../../playwright.config';
import { apiCall, signIn } from './support';

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

test('the day view shows a full slot, and a booking made from it is refused', async ({ page }) => {
  const hotel = 'hotel-amsterdam@example.com';
  const slot = await apiCall('main', hotel, 'POST', '/timeslots', {
    serviceName: 'Night sauna',
    weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
    startTime: '21:00',
    endTime: '22:00',
    capacity: 2,
    active: true,
  });
  expect(slot.status).toBe(201);
  const timeslotId = (slot.body as { id: number }).id;
  const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  for (const guestName of ['Grace Hopper', 'Alan Turing']) {
    const booked = await apiCall('main', hotel, 'POST', '/bookings', {
      timeslotId,
      date,
      guestName,
      partySize: 1,
      status: 'booked',
    });
    expect(booked.status).toBe(201);
  }

  await signIn(page, hotel);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Hotek').click();
  await menu.getByRole('link', { name: 'Day view' }).click();
  await expect(page.getByRole('heading', { name: 'Day view' })).toBeVisible();
  await page.goto(`/dashboard/apps/hotek/day?date=${date}&view=day`);
  const card = page.locator('.ant-card').filter({ hasText: '21:00–22:00 Night sauna' });
  await expect(card.getByText('Full', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Grace Hopper' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Alan Turing' })).toBeVisible();
  // Another slot of the day still has places.
  await expect(page.getByText(/\d+ of \d+ places left/).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/hotek-day-1440.png', fullPage: true });

  // The week shows the same day full.
  await page.getByText('Week', { exact: true }).click();
  await expect(page).toHaveURL(/view=week/);
  const row = page.locator('tr').filter({ hasText: '21:00–22:00 Night sauna' });
  await expect(row.getByText('Full', { exact: true })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/hotek-week-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByText('Day', { exact: true }).click();
  await page.screenshot({ path: 'test-results/hotek-day-390.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Booking from the full slot: the form comes with the slot and the day; the server refuses.
  await card.getByRole('link', { name: 'Book' }).click();
  await expect(page.getByRole('heading', { name: 'New Booking' })).toBeVisible();
  await expect(
    page.locator('.ant-select-selection-item').filter({ hasText: 'Night sauna' }),
  ).toBeVisible();
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(date);
  await page.getByLabel('Guest', { exact: true }).fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Night sauna 21:00-22:00/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/apps\/hotek\/new/);
  const stored = await apiCall(
    'main',
    hotel,
    'GET',
    `/bookings?timeslotId=${timeslotId}&date=${date}`,
  );
  expect(stored.body).toHaveLength(2);
});
