import { expect, test } from '@playwright/test';
import { ADMIN, nl, signIn } from './support';

test('the language switch to Dutch survives a reload', async ({ page }) => {
  await signIn(page, 'hotel-berlin@example.com');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Dutch' }).click();

  const dutchWelcome = new RegExp(nl.home.welcome.replace('{{name}}', '.+'));
  await expect(page.getByRole('heading', { name: dutchWelcome })).toBeVisible();
  await expect(page.getByText(nl.home.totalVisitors)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: dutchWelcome })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('nl');
});

test('dark mode survives a reload', async ({ page }) => {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const background = () =>
    page
      .locator('.ant-layout')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  const lightBackground = await background();

  await page.getByRole('button', { name: 'Settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Settings' });
  await expect(drawer).toBeVisible();
  await drawer.getByText('Dark', { exact: true }).click();
  await expect.poll(background).not.toBe(lightBackground);
  const darkBackground = await background();
  // A dark page: every channel of the background is low.
  const channels = darkBackground.match(/\d+/g)!.slice(0, 3).map(Number);
  expect(Math.max(...channels)).toBeLessThan(60);

  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  expect(await background()).toBe(darkBackground);

  // Reset brings back the light defaults.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('button', { name: 'Reset' })
    .click();
  await expect.poll(background).toBe(lightBackground);
});

test('an unknown route shows the 404 page', async ({ page }) => {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/no-such-page');
  await expect(
    page.getByText("Sorry, we couldn't find the page you were looking for"),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/dashboard\/app$/);
});

test('signing out returns to the sign-in page and protects the dashboard', async ({ page }) => {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.goto('/dashboard/app');
  await expect(page).toHaveURL(/\/auth\/login/);
});
