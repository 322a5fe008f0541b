import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, apiAs, signIn } from './support';

const SUPERADMIN = 'superadmin@example.com';
const BERLIN = 'hotel-berlin@example.com';

const idOf = async (email: string) =>
  (await apiAs<{ id: number }[]>('main', ADMIN.email, `/users?email=${email}`))[0]!.id;

async function openEdit(page: Page, email: string) {
  await page.goto(`/dashboard/user/${await idOf(email)}/edit`);
  await expect(page.getByRole('tab', { name: 'General', exact: true })).toBeVisible();
}

test('an administrator sees administrators’ accounts read-only, without a Save the API refuses', async ({
  page,
}) => {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  for (const email of [SUPERADMIN, ADMIN.email]) {
    await openEdit(page, email);
    await expect(
      page.getByRole('alert').filter({
        hasText: "Only a super administrator can change an administrator's account",
      }),
    ).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
    await expect(page.getByLabel('Company', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    // Nor is a temporary password offered on the account tab.
    await page.getByRole('tab', { name: 'Account', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Set temporary password' })).toHaveCount(0);
  }
  // A hotel's account stays editable.
  await openEdit(page, BERLIN);
  await expect(page.getByLabel('Name', { exact: true })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the super administrator may edit their own account but not their own role', async ({
  page,
}) => {
  await signIn(page, SUPERADMIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await openEdit(page, SUPERADMIN);
  await expect(page.getByLabel('Name', { exact: true })).toBeEnabled();
  await page.getByRole('tab', { name: 'Account', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Role' })).toBeDisabled();
  await expect(page.getByText('You cannot change your own role')).toBeVisible();
  // Another administrator's role is the super administrator's to change.
  await openEdit(page, ADMIN.email);
  await page.getByRole('tab', { name: 'Account', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Role' })).toBeEnabled();
});
