import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD, signIn } from './support';

// No other spec signs in as the super administrator; these tests change its password and name
// (and put them back), so they run one after another.
const SUPER = { email: 'superadmin@example.com', name: 'Sophie Laurent' };
test.describe.configure({ mode: 'serial' });

async function openAccount(page: Page, password = DEMO_PASSWORD) {
  await signIn(page, SUPER.email, password);
  await expect(page).toHaveURL(/\/dashboard\/app$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/user\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
}

async function changePassword(page: Page, current: string, next: string, confirm = next) {
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill(current);
  await form.getByLabel('New password', { exact: true }).fill(next);
  await form.getByLabel('Confirm new password').fill(confirm);
  await form.getByRole('button', { name: 'Change password' }).click();
  return form;
}

test('the change-password errors show under their fields with the spec texts', async ({ page }) => {
  await openAccount(page);
  let form = await changePassword(page, '', 'short', 'other');
  await expect(form.getByText('Current password is required')).toBeVisible();
  await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(form.getByText('Passwords must match')).toBeVisible();
  await expect(form.getByLabel('New password', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  form = await changePassword(page, DEMO_PASSWORD, DEMO_PASSWORD);
  await expect(
    form.getByText('New password must be different than the old password'),
  ).toBeVisible();
  await expect(form.getByText('Passwords must match')).toBeHidden();

  // A wrong current password: the server's answer, under the field.
  form = await changePassword(page, 'not-my-password', 'sunny-side-6');
  await expect(form.getByText('The current password is not correct')).toBeVisible();
  // The toast says why too, not the API's vague "Validation failed" (issue 37).
  const toast = page.locator('.ant-notification-notice').filter({
    hasText: 'Your password could not be changed',
  });
  await expect(toast).toContainText('The current password is not correct');
  await expect(page.getByText('Validation failed')).toHaveCount(0);
});

test('after a change the session goes on, and the new password signs in', async ({ page }) => {
  await openAccount(page);
  await changePassword(page, DEMO_PASSWORD, 'sunny-side-6');
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  // The fresh token keeps this tab signed in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(SUPER.email);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await signIn(page, SUPER.email, DEMO_PASSWORD);
  await expect(page.getByText('Invalid email or password')).toBeVisible();

  // The new password signs in; then put the demo password back.
  await openAccount(page, 'sunny-side-6');
  await changePassword(page, 'sunny-side-6', DEMO_PASSWORD);
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
});

test('a changed name shows in the account menu after saving', async ({ page }) => {
  await openAccount(page);
  const form = page.getByRole('form', { name: 'Profile' });
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(SUPER.name);
  await form.getByLabel('Name', { exact: true }).fill('');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();

  await form.getByLabel('Name', { exact: true }).fill('Sophie Laurent-Martin');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved')).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText('Sophie Laurent-Martin')).toBeVisible();
  await page.keyboard.press('Escape');

  // Kept after a reload, then put back.
  await page.reload();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Sophie Laurent-Martin');
  await form.getByLabel('Name', { exact: true }).fill(SUPER.name);
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved')).toBeVisible();
});
