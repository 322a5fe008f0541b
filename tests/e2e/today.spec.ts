import { expect, test } from './fixtures';
import type { TodaySummary } from '../../src/schema/today';
import { apiAs, signIn } from './support';

const AMSTERDAM = 'hotel-amsterdam@example.com';

/** Today in this machine's time zone (the browser's too), as YYYY-MM-DD. */
const localDay = (date = new Date()) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

test("a hotel's overview shows today's bookings and the orders waiting for it", async ({
  page,
}) => {
  const summary = await apiAs<TodaySummary>('main', AMSTERDAM, `/today?date=${localDay()}`);
  const todays = summary.bookings!.today;
  expect(todays.length).toBeGreaterThan(0);
  expect(summary.pendingOrders!.count).toBeGreaterThan(0);

  await signIn(page, AMSTERDAM);
  const panel = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { name: 'Today', exact: true }) });
  await expect(
    panel.getByRole('link', { name: `Bookings today (${todays.length})` }),
  ).toBeVisible();
  const first = todays[0]!;
  await expect(
    panel
      .getByRole('link', {
        name: `${first.startTime}–${first.endTime} ${first.service}: ${first.guestName}`,
      })
      .first(),
  ).toBeVisible();
  const orders = panel.getByRole('link', { name: /Orders to confirm/ });
  await expect(orders).toContainText(String(summary.pendingOrders!.count));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/today-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/today-390.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Each figure opens the list that holds it, filtered.
  await orders.click();
  await expect(page).toHaveURL(/\/dashboard\/pos\/transactions\/list\?/);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows).toHaveCount(Math.min(summary.pendingOrders!.count, 10));
  for (const status of await rows
    .locator('td')
    .filter({ hasText: /^(Paid|Pending|Refunded|Void)$/ })
    .allTextContents()) {
    expect(status).toBe('Pending');
  }
});

test("a hotel's overview says when Today and the statistics fail, and Retry brings them", async ({
  page,
}) => {
  let failing = true;
  await page.route(/\/api\/(today|stats)\?|\/api\/stats$/, (route) =>
    failing
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' })
      : route.continue(),
  );
  await signIn(page, AMSTERDAM);
  await expect(page.getByText('What needs doing today could not be loaded.')).toBeVisible();
  await expect(page.getByText('The statistics could not be loaded.')).toBeVisible();
  failing = false;
  // Each panel's own Retry; the first one answered moves the other.
  const retry = page.getByRole('button', { name: 'Retry' });
  await retry.first().click();
  await expect(retry).toHaveCount(1);
  await retry.click();
  await expect(retry).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Today', exact: true })).toBeVisible();
  await expect(page.getByText('What needs doing today could not be loaded.')).toHaveCount(0);
  await expect(page.getByText('The statistics could not be loaded.')).toHaveCount(0);
  await expect(page.getByText('Total visitors')).toBeVisible();
});
