import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, signIn } from './support';

/**
 * Issue 37 §10: no English from antd in a translated screen: the error pages' illustrations
 * ("No Found", "Unauthorized") and the labels antd writes itself ("Increase Value", "segmented
 * control").
 */
const BERLIN = 'hotel-berlin@example.com';
const ENGLISH = [
  'No Found',
  'Unauthorized',
  'Increase Value',
  'Decrease Value',
  'segmented control',
];

/** antd's English texts the page holds: accessible names, and titles of its illustrations. */
const englishOf = (page: Page) =>
  page.evaluate((texts) => {
    const found = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[aria-label], svg title'))) {
      const text = element.getAttribute('aria-label') ?? element.textContent ?? '';
      if (texts.includes(text)) found.add(text);
    }
    return [...found];
  }, ENGLISH);

/** Signs in (in English, as the helpers do), then speaks German from the next page on. */
async function inGerman(page: Page, email: string) {
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'de'));
}

test('German error pages and inputs say nothing in English', async ({ page }) => {
  await inGerman(page, BERLIN);

  await page.goto('/dashboard/no-such-page');
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  expect(await englishOf(page)).toEqual([]);

  // An administrator's page: no permission.
  await page.goto('/dashboard/apps/permissions');
  await expect(page.getByRole('heading', { name: 'Keine Berechtigung' })).toBeVisible();
  expect(await englishOf(page)).toEqual([]);

  // A number input: a product's price and stock.
  await page.goto('/dashboard/pos/products/new');
  await expect(page.getByRole('button', { name: 'Erhöhen' }).first()).toBeAttached();
  expect(await englishOf(page)).toEqual([]);
});

test("the settings drawer's choices (antd Segmented) say nothing in English", async ({ page }) => {
  await inGerman(page, ADMIN.email);
  await page.reload();
  await expect(page.getByRole('heading', { name: /Willkommen/ })).toBeVisible();
  await page.getByRole('button', { name: 'Einstellungen' }).click();
  await expect(page.getByRole('dialog', { name: 'Einstellungen' })).toBeVisible();
  expect(await englishOf(page)).toEqual([]);
});
