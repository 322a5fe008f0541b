import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { signIn } from './support';

const de = JSON.parse(readFileSync('src/i18n/locales/de.json', 'utf8'));
const BERLIN = 'hotel-berlin@example.com';

test.describe('in a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('the first visit is in English', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Sign in | Stay Console');
  });

  test('a language chosen before wins', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'de'));
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: de.auth.signIn })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});

async function chooseLanguage(page: Page, name: string) {
  await page.getByRole('button', { name: /^(Language|Sprache)$/ }).click();
  await page.getByRole('menuitem', { name }).click();
}

test("antd's components follow the interface language, also when it changes", async ({ page }) => {
  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await chooseLanguage(page, 'German');

  // The date picker: German day and month names, Monday first, German buttons.
  await page.goto('/dashboard/message/manage');
  await page.getByLabel(de.resources.notifications.fields.startDate).click();
  const picker = page.locator('.ant-picker-dropdown:visible');
  await expect(picker.locator('thead th').first()).toHaveText('Mo');
  await expect(picker.getByText('Jetzt', { exact: true })).toBeVisible();
  await expect(picker.locator('.ant-picker-month-btn')).toHaveText(
    /^(Jan|Feb|März|Apr|Mai|Juni|Juli|Aug|Sep|Okt|Nov|Dez)/,
  );
  await page.keyboard.press('Escape');
  await expect(page).toHaveTitle(
    `${de.breadcrumb.manage} · ${de.breadcrumb.notifications} | Stay Console`,
  );

  // Pagination and the table's screen-reader labels.
  await page.goto('/dashboard/amenities/list');
  await expect(page.getByText('10 / Seite')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: de.crud.selectAll })).toBeVisible();
  await expect(page.getByRole('combobox', { name: de.crud.pageSize })).toBeAttached();
  await expect(page).toHaveTitle(`${de.resources.amenities.title} | Stay Console`);

  // Back to English at runtime: the same components in English, Sunday first.
  await chooseLanguage(page, de.languages.en);
  await expect(page.getByText('10 / page')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Select all' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Page size' })).toBeAttached();
  await expect(page).toHaveTitle('Amenities | Stay Console');
  await page.goto('/dashboard/message/manage');
  await page.getByLabel('Start date').click();
  await expect(page.locator('.ant-picker-dropdown:visible thead th').first()).toHaveText('Su');
  await expect(
    page.locator('.ant-picker-dropdown:visible').getByText('Now', { exact: true }),
  ).toBeVisible();
});
