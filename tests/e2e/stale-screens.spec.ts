import { expect, test } from './fixtures';
import { STACKS } from '../../playwright.config';
import { apiAs, apiCall, signIn } from './support';

/**
 * Issue 37 §5–6: what the user did, or what the list just fetched, shows everywhere on the screen
 * at once: the record's page after an action, and every count (the menu badge) after a refresh.
 */
const BERLIN = 'hotel-berlin@example.com';
const AMSTERDAM = 'hotel-amsterdam@example.com';

interface Sale {
  id: number;
  number: string;
  status: string;
}

test('after a refund, the transaction page shows it refunded, without its Refund button', async ({
  page,
}) => {
  const [sale] = await apiAs<Sale[]>(
    'main',
    BERLIN,
    '/pos-transactions?status=paid&_sort=id&_order=desc&_start=0&_end=1',
  );
  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto(`/dashboard/pos/transactions/${sale!.id}/show`);
  const status = page.locator('.stay-show-details tr', { hasText: 'Status' });
  await expect(status).toContainText('Paid');

  // The button's name includes its icon's.
  const refund = page.getByRole('main').getByRole('button', { name: /Refund$/ });
  await refund.click();
  const dialog = page.getByRole('dialog', { name: `Refund transaction ${sale!.number}` });
  await dialog.getByLabel('Reason').fill('Charged twice');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText(`Transaction ${sale!.number} was refunded`)).toBeVisible();

  // The API says refunded; so does the page, with no reload.
  await expect(status).toContainText('Refunded');
  await expect(refund).toHaveCount(0);
});

test('after confirming a pending sale, its page shows it paid, without its Confirm button', async ({
  page,
}) => {
  const [product] = await apiAs<{ id: number }[]>(
    'main',
    BERLIN,
    '/pos-products?active=true&_sort=id&_start=0&_end=1',
  );
  const placed = await fetch(
    `http://127.0.0.1:${STACKS.main.api}/public/spree-loft-berlin/orders`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        items: [{ productId: product!.id, quantity: 1 }],
        paymentMethod: 'card',
      }),
    },
  );
  expect(placed.status).toBe(201);
  const { id, number } = (await placed.json()) as Sale;

  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto(`/dashboard/pos/transactions/${id}/show`);
  const status = page.locator('.stay-show-details tr', { hasText: 'Status' });
  await expect(status).toContainText('Pending');
  const confirm = page.getByRole('main').getByRole('button', { name: /Confirm$/ });
  await confirm.click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText(`Transaction ${number} was confirmed`)).toBeVisible();

  await expect(status).toContainText('Paid');
  await expect(confirm).toHaveCount(0);
});

/** How many of Amsterdam's requests are New, as the API counts them. */
async function newCount(): Promise<number> {
  const answer = await apiCall('main', AMSTERDAM, 'GET', '/submissions?status=new&_end=1000');
  return (answer.body as unknown[]).length;
}
const badge = (count: number) => (count === 1 ? '1 new request' : `${count} new requests`);

test("the Requests badge counts a guest's new request as soon as the inbox shows it", async ({
  page,
}) => {
  const created = await apiCall('main', AMSTERDAM, 'POST', '/forms', {
    label: `Towels ${Date.now().toString(36)}`,
    locale: 'en',
    fields: [{ name: 'room', label: 'Room', type: 'text', required: false }],
  });
  expect(created.status).toBe(201);
  const form = created.body as { id: number };
  await signIn(page, AMSTERDAM);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: /^Requests/ }).click();
  await expect(page.getByRole('heading', { name: 'Requests' })).toBeVisible();
  const before = await newCount();
  await expect(menu.getByLabel(badge(before))).toBeVisible();

  // A guest's request arrives; the operator filters the inbox to New (a fresh fetch).
  const sent = await fetch(
    `http://127.0.0.1:${STACKS.main.api}/public/canal-house-amsterdam/forms/${form.id}/submissions`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { room: '12' } }),
    },
  );
  expect(sent.status).toBe(201);
  const { reference } = (await sent.json()) as { reference: string };
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'New' })
    .click();
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toBeVisible();

  // The badge says what the list says, with no reload (it asks again only every minute).
  await expect(menu.getByLabel(badge(before + 1))).toBeVisible({ timeout: 5000 });
});

test('"Back to Transactions" returns to the list as it was left: its search and sort', async ({
  page,
}) => {
  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/pos/transactions/list');
  await page.getByLabel('Search', { exact: true }).fill('BER');
  await page.getByLabel('Search', { exact: true }).press('Enter');
  await page.getByRole('columnheader', { name: 'Total' }).click();
  await expect(page).toHaveURL(/sorters.*total/);
  await page
    .getByRole('link', { name: /^Show / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/show$/);
  await page.getByRole('link', { name: 'Back to Transactions' }).click();
  await expect(page).toHaveURL(/\/list\?.*sorters\[0\]\[field\]=total.*filters\[0\]\[value\]=BER/);
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('BER');
});
