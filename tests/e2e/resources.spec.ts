import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, apiAs, signIn } from './support';

const AMSTERDAM = 'hotel-amsterdam@example.com';

/**
 * Picks an option of the antd select labelled `label`, typed first as a person does in a long
 * list: the dropdown draws only the options in view (other specs add hotels before this one).
 */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.keyboard.type(option);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

async function signedIn(page: Page, email: string) {
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

test('an operator creates, edits and deletes a category; a wrong colour is explained under the field', async ({
  page,
}) => {
  await signedIn(page, AMSTERDAM);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Amenity Categories').click();
  await menu.getByRole('link', { name: 'Add Category' }).click();
  await expect(page.getByRole('heading', { name: 'New Category' })).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  await page.getByLabel('Name').fill('Rooftop Bars');
  await page.getByLabel('Color', { exact: true }).fill('#12345G');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Color must be a valid hex color such as #7635DC')).toBeVisible();
  // The message belongs to the field: the input points at it.
  await expect(page.getByLabel('Color', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Color', { exact: true })).toHaveAccessibleDescription(
    'Color must be a valid hex color such as #7635DC',
  );
  await expect(page.getByLabel('Name')).toHaveValue('Rooftop Bars');

  await page.getByLabel('Color', { exact: true }).fill('#1F8A70');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Rooftop Bars' })).toBeVisible();
  await expect(page.getByText('Rooftop Bars was created')).toBeVisible();
  await expect(page.getByText('#1F8A70')).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('Rooftop Bars');
  await page.getByLabel('Name').fill('Rooftop Terraces');
  // Leaving with unsaved changes asks first; staying keeps what was typed.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('Rooftop Terraces');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Rooftop Terraces' })).toBeVisible();
  // The confirmation sits over the page's own buttons, top-right; it leaves after its 3 s even
  // with the pointer on it, so Delete below it can be pressed.
  const saved = page.locator('.ant-notification-notice').filter({ hasText: 'Rooftop Terraces' });
  await saved.hover();
  await expect(saved).toBeHidden({ timeout: 5_000 });

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/dashboard\/amenity-categories\/list/);
  await expect(page.getByText('Rooftop Terraces was deleted')).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill('Rooftop');
  await page.getByLabel('Search', { exact: true }).press('Enter');
  await expect(page.getByText('Nothing matches these filters')).toBeVisible();
});

test("the list's filter and page survive a reload", { tag: '@json-smoke' }, async ({ page }) => {
  const english = await apiAs<unknown[]>('main', AMSTERDAM, '/amenities?locale=en');
  expect(english.length).toBeGreaterThan(10);
  await signedIn(page, AMSTERDAM);
  await page.goto('/dashboard/amenities/list');
  await page
    .getByRole('radiogroup', { name: 'Content language' })
    .getByText('English', { exact: true })
    .click();
  await expect(page.getByText(`${english.length} in total`)).toBeVisible();
  const firstLink = page.getByRole('row').nth(1).getByRole('link').first();
  const pageOne = await firstLink.textContent();
  await page.getByRole('listitem', { name: '2' }).click();
  await expect(page).toHaveURL(/currentPage=2/);
  // Page 1's rows stay (under the spinner) until page 2's are drawn.
  await expect(firstLink).not.toHaveText(pageOne!);
  const firstRow = await firstLink.textContent();

  await page.reload();
  await expect(page.getByText(`${english.length} in total`)).toBeVisible();
  await expect(
    page
      .getByRole('radiogroup', { name: 'Content language' })
      .locator('.ant-segmented-item-selected'),
  ).toHaveText('English');
  await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');
  await expect(page.getByRole('row').nth(1).getByRole('link').first()).toHaveText(firstRow!);
});

test('an administrator sees the Owner column', async ({ page }) => {
  await signedIn(page, ADMIN.email);
  await page.goto('/dashboard/amenity-categories/list');
  await expect(page.getByRole('columnheader', { name: 'Owner' })).toBeVisible();
  await choose(page, 'Owner', 'Spree Loft Berlin');
  // Administrators start in their own content language: Berlin's six categories in English.
  await expect(page.getByText('6 in total')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Spree Loft Berlin' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Canal House Amsterdam' })).toHaveCount(0);
});

test("a row's actions and language tags name themselves in a tooltip under the mouse", async ({
  page,
}) => {
  await signedIn(page, AMSTERDAM);
  await page.goto('/dashboard/amenities/list');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: /^Edit / }) });
  await row
    .first()
    .getByRole('link', { name: /^Edit / })
    .hover();
  await expect(page.getByRole('tooltip')).toHaveText('Edit');
  await row
    .first()
    .getByRole('img', { name: /^English: / })
    .hover();
  await expect(page.getByRole('tooltip', { name: /^English: / })).toBeVisible();
});

test('an operator opening the users list gets the 403 page', async ({ page }) => {
  await signedIn(page, 'hotel-berlin@example.com');
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('Users')).toHaveCount(
    0,
  );
  await page.goto('/dashboard/user/list');
  await expect(page.getByRole('heading', { name: 'No Permission' })).toBeVisible();
  await expect(page.getByText('you are not allowed to access this page')).toBeVisible();
});

test("an administrator logs in as a hotel, sees that hotel's amenities only, and returns", async ({
  page,
}) => {
  // The hotel's list opens in its source language, Dutch.
  const own = await apiAs<{ ownerId: number; name: string }[]>(
    'main',
    AMSTERDAM,
    '/amenities?locale=nl',
  );
  const all = await apiAs<{ ownerId: number; name: string }[]>('main', ADMIN.email, '/amenities');
  const elsewhere = all.find(
    (amenity) =>
      amenity.ownerId !== own[0]!.ownerId &&
      !own.some((o) => (o as { name?: string }).name === amenity.name),
  )!;

  await signedIn(page, ADMIN.email);
  await page.goto('/dashboard/user/list');
  await page.getByRole('button', { name: 'Log in as Eva de Vries' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Log in as' }).click();

  await expect(page).toHaveURL(/\/dashboard\/app$/);
  await expect(
    page.getByText('You are signed in as Eva de Vries (hotel-amsterdam@example.com).'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back, Eva de Vries' })).toBeVisible();

  await page.goto('/dashboard/amenities/list');
  await expect(page.getByText(`${own.length} in total`)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Owner' })).toHaveCount(0);
  await page.getByLabel('Search', { exact: true }).fill(elsewhere.name);
  await page.getByLabel('Search', { exact: true }).press('Enter');
  await expect(page.getByText('Nothing matches these filters')).toBeVisible();

  await page.getByRole('button', { name: 'Return to my account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/user\/list/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByText(/You are signed in as/)).toHaveCount(0);
  await page.goto('/dashboard/app');
  await expect(page.getByRole('heading', { name: `Welcome back, ${ADMIN.name}` })).toBeVisible();
});

test("the server's field errors appear under their fields, and nothing typed is lost", async ({
  page,
}) => {
  await signedIn(page, ADMIN.email);
  // Found by name: other specs add hotels that push him off the first page.
  await page.goto(
    '/dashboard/user/list?filters[0][field]=q&filters[0][operator]=eq&filters[0][value]=Lukas',
  );
  await page.getByRole('link', { name: 'Edit Lukas Schneider' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Lukas Schneider' })).toBeVisible();
  // Only the server knows that this address belongs to another account.
  await page.getByLabel('Email', { exact: true }).fill('hotel-madrid@example.com');
  await page.getByLabel('Company').fill('Spree Loft Berlin Mitte');
  await page.getByRole('button', { name: 'Save' }).click();
  // Under the field, and tied to the input for screen readers.
  await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
    'Email is already in use',
  );
  await expect(page.getByLabel('Company')).toHaveValue('Spree Loft Berlin Mitte');
  const berlin = await apiAs<{ email: string; company: string }[]>(
    'main',
    ADMIN.email,
    '/users?email=hotel-berlin@example.com',
  );
  expect(berlin[0]).toMatchObject({ company: 'Spree Loft Berlin' });
});
