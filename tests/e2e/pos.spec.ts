import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { STACKS } from '../../playwright.config';
import { apiAs, nl, signIn } from './support';

const BERLIN = 'hotel-berlin@example.com';

async function signedIn(page: Page, email: string) {
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

/** Picks the first option of the antd select labelled `label`; answers its text. */
async function chooseFirst(page: Page, label: string): Promise<string> {
  await page.getByRole('combobox', { name: label }).click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  const text = (await option.textContent()) ?? '';
  await option.click();
  return text;
}

test('a product priced in euros shows its price formatted in the list', async ({ page }) => {
  await signedIn(page, BERLIN);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Point of sale').click();
  await menu.getByRole('link', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'New Product' }).click();
  await expect(page.getByRole('heading', { name: 'New Product' })).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Club-Mate 0.5 l');
  await chooseFirst(page, 'Category');
  await page.getByLabel('Price').fill('3.5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Club-Mate 0.5 l' })).toBeVisible();

  // Stored in cents, shown in euros.
  const [stored] = await apiAs<{ price: number }[]>(
    'main',
    BERLIN,
    '/pos-products?name=Club-Mate%200.5%20l',
  );
  expect(stored!.price).toBe(350);
  await page.goto('/dashboard/pos/products/list');
  await page.getByLabel('Search', { exact: true }).fill('Club-Mate');
  await page.getByLabel('Search', { exact: true }).press('Enter');
  await expect(page.getByRole('row').filter({ hasText: 'Club-Mate 0.5 l' })).toContainText('€3.50');
});

test('filtering transactions to one day shows the count and revenue of that day', async ({
  page,
}) => {
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const expected = await apiAs<{ total: number; status: string }[]>(
    'main',
    BERLIN,
    `/pos-transactions?createdAt_gte=${day}T00:00:00.000Z&createdAt_lte=${day}T23:59:59.999Z`,
  );
  expect(expected.length).toBeGreaterThan(0);
  const revenue = expected
    .filter((transaction) => transaction.status !== 'refunded' && transaction.status !== 'void')
    .reduce((sum, transaction) => sum + transaction.total, 0);

  // Berlin: the password-reset test changes Madrid's password.
  await signedIn(page, BERLIN);
  await page.goto('/dashboard/pos/transactions/list');
  await expect(page.getByText('Revenue', { exact: false }).first()).toBeVisible();
  await page.getByPlaceholder('Created from').fill(day);
  await page.getByPlaceholder('Created from').press('Enter');
  await page.getByPlaceholder('Created to').fill(day);
  await page.getByPlaceholder('Created to').press('Enter');

  await expect(page).toHaveURL(/createdAt/);
  const totals = page.locator('.ant-statistic');
  await expect(totals.filter({ hasText: 'Transactions' })).toContainText(String(expected.length));
  const euros = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(
    revenue / 100,
  );
  await expect(totals.filter({ hasText: 'Revenue' })).toContainText(euros);
  await expect(page.getByText(`${expected.length} in total`)).toBeVisible();
});

test('an order a guest placed without a guest session waits until the hotel confirms it', async ({
  page,
}) => {
  const [product] = await apiAs<{ id: number }[]>(
    'main',
    BERLIN,
    '/pos-products?active=true&_sort=id&_start=0&_end=1',
  );
  // A guest app orders without proving a stay: accepted, but pending.
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
  const { number } = (await placed.json()) as { number: string };

  await signedIn(page, BERLIN);
  await page.goto('/dashboard/pos/transactions/list');
  await page.getByLabel('Search', { exact: true }).fill(number);
  await page.getByLabel('Search', { exact: true }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: `Confirm transaction ${number}` }).click();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText(`Transaction ${number} was confirmed`)).toBeVisible();
  await expect(row).toContainText('Paid');
});

test('in Dutch, a price typed with a decimal comma is saved as euros and cents', async ({
  page,
}) => {
  await signedIn(page, BERLIN);
  // The interface in Dutch from the next page load on (the stored language choice).
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'nl'));
  await page.goto('/dashboard/pos/products/new');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  const fields = nl.resources['pos-products'].fields;
  await page.getByLabel(fields.name, { exact: true }).fill('Apfelschorle 0,33 l');
  await page.getByRole('combobox', { name: fields.categoryId }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.getByLabel(fields.price).fill('3,75');
  await page.getByRole('button', { name: nl.crud.save }).click();
  await expect(page.getByRole('heading', { name: 'Apfelschorle 0,33 l' })).toBeVisible();

  const [stored] = await apiAs<{ price: number }[]>(
    'main',
    BERLIN,
    '/pos-products?name=Apfelschorle%200%2C33%20l',
  );
  expect(stored!.price).toBe(375);
  // Shown in Dutch: € 3,75.
  await expect(page.getByText(/€\s3,75/).first()).toBeVisible();
});
