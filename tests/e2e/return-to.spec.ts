import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { STACKS } from '../../playwright.config';
import { ADMIN, DEMO_PASSWORD } from './support';

/** Signs in on the sign-in page the browser is on now (keeping its address, `?to=` and all). */
async function signInHere(page: Page, email: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a page opened while signed out is where signing in leads', async ({ page }) => {
  await page.goto('/dashboard/user/3/edit');
  await expect(page).toHaveURL(/\/auth\/login\?to=%2Fdashboard%2Fuser%2F3%2Fedit$/);
  await signInHere(page, ADMIN.email);
  await expect(page).toHaveURL(/\/dashboard\/user\/3\/edit$/);
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
});

test('a return address on another site is not followed: the overview opens', async ({ page }) => {
  for (const to of ['https://example.org/phish', '//example.org/phish', '/\\example.org']) {
    await page.goto(`/auth/login?to=${encodeURIComponent(to)}`);
    await signInHere(page, ADMIN.email);
    await expect(page).toHaveURL(/\/dashboard\/app$/);
    await expect(page.getByRole('heading', { name: `Welcome back, ${ADMIN.name}` })).toBeVisible();
    await page.evaluate(() => localStorage.clear());
  }
});

test.describe('with tokens that live a few seconds', () => {
  test.use({ baseURL: `http://localhost:${STACKS.shortSession.web}` });

  test('after a token expiry, signing in again returns to the page the user was on', async ({
    page,
  }) => {
    await page.goto('/auth/login');
    await signInHere(page, ADMIN.email);
    await expect(page).toHaveURL(/\/dashboard\/app$/);
    await page.goto('/dashboard/amenities/list');
    await expect(page.getByRole('heading', { name: 'Amenities' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Token expired' }).first()).toBeVisible({
      timeout: (STACKS.shortSession.ttlSeconds + 5) * 1000,
    });
    await expect(page).toHaveURL(/\/auth\/login\?to=/);
    await signInHere(page, ADMIN.email);
    await expect(page).toHaveURL(/\/dashboard\/amenities\/list\?pageSize=10&/);
    await expect(page.getByRole('heading', { name: 'Amenities' })).toBeVisible();
  });
});
