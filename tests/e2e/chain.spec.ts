import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, apiAs, apiCall, en, signIn } from './support';

const CHAIN = 'chain-manager@example.com';
const HOTELS = {
  amsterdam: { email: 'hotel-amsterdam@example.com', name: 'Canal House Amsterdam' },
  berlin: { email: 'hotel-berlin@example.com', name: 'Spree Loft Berlin' },
};

interface Submission {
  id: number;
  reference?: string;
}

/** The hotel's id, and its newest request's reference, as the hotel's own login reads them. */
async function hotelOf(hotel: (typeof HOTELS)[keyof typeof HOTELS]) {
  const [me, newest] = await Promise.all([
    apiAs<{ id: number }>('main', hotel.email, '/users/me'),
    apiAs<Submission[]>('main', hotel.email, '/submissions?_sort=createdAt&_order=desc&_end=1'),
  ]);
  return { ...hotel, id: me.id, newest: newest[0]!.reference ?? `#${newest[0]!.id}` };
}

/** The link that opens a request (named by its reference). */
const requestLink = (page: Page, reference: string) =>
  page.getByRole('link', { name: en.requests.open.replace('{{reference}}', reference) });

/** The requests' total the list shows ("… in total"). */
const totalOf = (count: number) => en.crud.total.replace('{{count}}', String(count));

/**
 * Issue 40: the demo chain manager (Amsterdam and Berlin) lands in a hotel with it in the
 * address, switches between the two in the header and sees each one's requests, and reads "all
 * my hotels" with a Hotel column; a reload keeps the hotel.
 */
test('a chain manager switches between their hotels and reads all their requests', async ({
  page,
}) => {
  const [amsterdam, berlin] = await Promise.all([
    hotelOf(HOTELS.amsterdam),
    hotelOf(HOTELS.berlin),
  ]);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, CHAIN);
  await expect(page).toHaveURL(new RegExp(`/h/(${amsterdam.id}|${berlin.id})/dashboard/app`));
  const switcher = page.getByRole('combobox', { name: en.header.hotel });
  await expect(switcher).toBeVisible();
  // The overview's "Your hotels": each hotel's Today figures.
  const now = new Date();
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  for (const hotel of [amsterdam, berlin]) {
    const today = await apiAs<{ newRequests: number }>('main', hotel.email, `/today?date=${day}`);
    const figures = page.getByRole('region', { name: hotel.name });
    await expect(figures.getByText(en.home.today.newRequests)).toBeVisible();
    await expect(figures.locator('.ant-statistic').first()).toContainText(
      String(today.newRequests),
    );
  }
  await page.screenshot({ path: 'test-results/chain-overview.png' });

  await page.goto(`/h/${amsterdam.id}/dashboard/requests`);
  const header = page.getByRole('banner');
  await expect(header.getByText(amsterdam.name)).toBeVisible();
  await expect(requestLink(page, amsterdam.newest)).toBeVisible();
  await page.screenshot({ path: 'test-results/chain-amsterdam.png' });

  // The switcher opens the same page in Berlin, with Berlin in the address.
  await switcher.focus();
  await page.keyboard.press('ArrowDown');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: berlin.name })
    .click();
  await expect(page).toHaveURL(`/h/${berlin.id}/dashboard/requests`);
  await expect(header.getByText(berlin.name)).toBeVisible();
  await expect(requestLink(page, berlin.newest)).toBeVisible();
  await expect(requestLink(page, amsterdam.newest)).toHaveCount(0);
  const berlinTotal = await page.getByText(/ in total$/).textContent();

  // A reload keeps the hotel.
  await page.reload();
  await expect(page.getByRole('banner').getByText(berlin.name)).toBeVisible();
  await expect(requestLink(page, berlin.newest)).toBeVisible();

  // "All my hotels": both hotels' requests, each named by its hotel.
  await page.getByRole('switch', { name: en.chain.allMyHotels }).click();
  await expect(page).toHaveURL(/[?&]hotels=all/);
  await expect(page.getByRole('columnheader', { name: en.chain.hotel })).toBeVisible();
  const [aTotal, bTotal] = await Promise.all(
    [amsterdam, berlin].map(async (hotel) => {
      const rows = await apiAs<Submission[]>('main', hotel.email, '/submissions?_end=1000');
      return rows.length;
    }),
  );
  expect(berlinTotal).toBe(totalOf(bTotal!));
  await expect(page.getByText(totalOf(aTotal! + bTotal!))).toBeVisible();
  await page.screenshot({ path: 'test-results/chain-all-hotels.png' });
  // Each hotel's newest request is found there, named by its hotel.
  const search = page.getByRole('searchbox', { name: en.crud.search });
  for (const hotel of [amsterdam, berlin]) {
    await search.fill(hotel.newest);
    await search.press('Enter');
    const row = page.getByRole('row').filter({ hasText: hotel.newest });
    await expect(row.getByRole('cell', { name: hotel.name, exact: true })).toBeVisible();
  }
  await search.fill('');
  await search.press('Enter');
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the switcher takes the breadcrumb's place, and the header keeps to the screen.
  await expect(switcher).toBeVisible();
  await expect(page.getByRole('navigation', { name: en.breadcrumb.label })).toHaveCount(0);
  const banner = (await page.getByRole('banner').boundingBox())!;
  expect(banner.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/chain-all-hotels-390.png' });
});

test("an administrator logs in as a hotel's member, acting for that hotel", async ({ page }) => {
  const berlin = await hotelOf(HOTELS.berlin);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto(`/dashboard/user/${berlin.id}/edit`);
  await page.getByRole('tab', { name: en.resources.users.tabs.members, exact: true }).click();
  const row = page.getByRole('tabpanel').getByRole('row').filter({ hasText: CHAIN });
  await row
    .getByRole('button', { name: en.loginAs.actionFor.replace('{{name}}', 'Marta Keller') })
    .click();
  await page
    .getByRole('tooltip')
    .filter({ hasText: en.loginAs.confirmText })
    .getByRole('button', { name: en.loginAs.action })
    .click();
  // In Berlin (the hotel whose tab it was), as the person, with the administrator's banner.
  await expect(page).toHaveURL(`/h/${berlin.id}/dashboard/app`);
  await expect(page.getByRole('banner').getByText(berlin.name)).toBeVisible();
  await expect(page.getByText(/You are signed in as Marta Keller/)).toBeVisible();
  await page.screenshot({ path: 'test-results/chain-login-as.png' });
});

interface Listed {
  id: number;
  number?: string;
  guestName?: string;
  room?: string;
}

/** A list page of the chain manager, with "All my hotels" turned on. */
async function allHotelsOf(page: Page, hotel: number, path: string) {
  await page.goto(`/h/${hotel}${path}`);
  await page.getByRole('switch', { name: en.chain.allMyHotels }).click();
  await expect(page).toHaveURL(/[?&]hotels=all/);
  await expect(page.getByRole('columnheader', { name: en.chain.hotel })).toBeVisible();
}

/** The row a search for `text` finds whose record's page is `href` (in its hotel). */
async function searchRow(page: Page, text: string, href: string) {
  const search = page.getByRole('searchbox', { name: en.crud.search });
  await search.fill(text);
  await search.press('Enter');
  const show = page
    .getByRole('link', { name: en.crud.showRecord.replace('{{name}}', text) })
    .and(page.locator(`[href="${href}"]`));
  const row = page.getByRole('row').filter({ has: show });
  await expect(row).toBeVisible();
  return row;
}

/**
 * Issue 40: "All my hotels" on the declared lists (transactions, bookings): both hotels' rows,
 * each named by its hotel, another hotel's opening there, nothing offered to change; a change
 * in the other hotel shows at once (its live stream hears all the person's hotels).
 */
test('a chain manager reads all their hotels’ transactions and bookings, named by hotel', async ({
  page,
}) => {
  const [amsterdam, berlin] = await Promise.all([
    hotelOf(HOTELS.amsterdam),
    hotelOf(HOTELS.berlin),
  ]);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, CHAIN);
  await expect(page.getByRole('combobox', { name: en.header.hotel })).toBeVisible();

  for (const list of [
    { path: '/dashboard/pos/transactions/list', api: 'pos-transactions', name: 'number' },
    { path: '/dashboard/apps/hotek/list', api: 'bookings', name: 'guestName' },
  ] as const) {
    const [ofAmsterdam, ofBerlin] = await Promise.all(
      [amsterdam, berlin].map(
        async (hotel) => await apiAs<Listed[]>('main', hotel.email, `/${list.api}?_end=1000`),
      ),
    );
    await allHotelsOf(page, amsterdam.id, list.path);
    await expect(page.getByText(totalOf(ofAmsterdam!.length + ofBerlin!.length))).toBeVisible();
    await page.screenshot({ path: `test-results/chain-all-${list.api}.png` });
    for (const [hotel, rows] of [
      [amsterdam, ofAmsterdam!],
      [berlin, ofBerlin!],
    ] as const) {
      const record = rows[0]!;
      const name = String(record[list.name]);
      // Each hotel's record opens in that hotel; nothing in this view changes a record.
      const path = `${list.path.replace(/\/list$/, '')}/${record.id}/show`;
      const row = await searchRow(page, name, `/h/${hotel.id}${path}`);
      await expect(row.getByRole('cell', { name: hotel.name, exact: true })).toBeVisible();
      await expect(row.getByRole('link', { name: /^Edit / })).toHaveCount(0);
      await expect(row.getByRole('checkbox')).toHaveCount(0);
    }
  }

  // Live: Berlin changes a booking; the list of all hotels, open in Amsterdam, shows it.
  const booking = (await apiAs<Listed[]>('main', berlin.email, '/bookings?_end=1'))[0]!;
  const row = await searchRow(
    page,
    booking.guestName!,
    `/h/${berlin.id}/dashboard/apps/hotek/${booking.id}/show`,
  );
  const room = `Live ${booking.id}`;
  const changed = await apiCall('main', berlin.email, 'PATCH', `/bookings/${booking.id}`, {
    room,
  });
  expect(changed.status).toBe(200);
  try {
    await expect(row).toContainText(room);
    // Its timeslot is named (Berlin's, read with "all my hotels" too), not "#<id>".
    await expect(row.getByRole('cell', { name: /^#\d+$/ })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/chain-all-bookings-live.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    // A phone names each row's hotel under its name.
    await expect(row).toContainText(berlin.name);
    await page.screenshot({ path: 'test-results/chain-all-bookings-390.png' });
  } finally {
    await apiCall('main', berlin.email, 'PATCH', `/bookings/${booking.id}`, {
      room: booking.room ?? '',
    });
  }
});

/**
 * Issue 40: an old bookmark of a hotel that is not the person's (or no longer) opens the same
 * page in one of theirs, saying so; a record's address, its list.
 */
test('an address of a hotel not theirs opens the same page in one of theirs, saying why', async ({
  page,
}) => {
  const [amsterdam, berlin, madrid] = await Promise.all([
    hotelOf(HOTELS.amsterdam),
    hotelOf(HOTELS.berlin),
    hotelOf({ email: 'hotel-madrid@example.com', name: 'Casa Alameda Madrid' }),
  ]);
  const theirs = `/h/(${amsterdam.id}|${berlin.id})`;
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, CHAIN);
  await expect(page).toHaveURL(new RegExp(`${theirs}/dashboard/app`));
  await page.goto(`/h/${madrid.id}/dashboard/pos/transactions/list`);
  await expect(page).toHaveURL(new RegExp(`${theirs}/dashboard/pos/transactions/list$`));
  const notice = page.locator('.ant-notification-notice').filter({
    hasText: en.chain.notYourHotel,
  });
  await expect(notice).toBeVisible();
  await expect(
    page.getByRole('heading', { name: en.resources['pos-transactions'].title }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/chain-not-yours.png' });
  // A record of that hotel: its list, in theirs.
  await page.goto(`/h/${madrid.id}/dashboard/requests/1`);
  await expect(page).toHaveURL(new RegExp(`${theirs}/dashboard/requests$`));
  await expect(notice).toBeVisible();
  // Signed out, the same address signs in to the same page in theirs.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: en.header.logout }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.goto(`/h/${madrid.id}/dashboard/apps/hotek/list`);
  await page.getByLabel('Email address').fill(CHAIN);
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${theirs}/dashboard/apps/hotek/list$`));
  await expect(notice).toBeVisible();
});
