import { expect, test } from './fixtures';
import { signIn } from './support';

const BERLIN = 'hotel-berlin@example.com';

test('a missing record: asked for once, its page says so, no raw status toast', async ({
  page,
}) => {
  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/amenities/99999')) asked.push(request.url());
  });
  await page.goto('/dashboard/amenities/99999/edit');
  await expect(page.getByText('This Amenity could not be loaded')).toBeVisible();
  await page.goto('/dashboard/amenities/99999/show');
  await expect(page.getByText('It does not exist or you do not have access to it.')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(asked).toHaveLength(2);
  await expect(page.getByText(/status code/)).toHaveCount(0);
});

test('a refused create leaves no uncaught promise rejection', async ({ page }) => {
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.route('**/api/pos-categories', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 409, json: { message: 'Refused on purpose', statusCode: 409 } })
      : route.continue(),
  );
  await page.goto('/dashboard/pos/categories/new');
  await page.getByRole('textbox').first().fill('Drinks');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Refused on purpose/)).toBeVisible();
  await page.waitForTimeout(500);
  expect(uncaught).toEqual([]);
});

test('signing out from a list sends no calls that can only answer 401', async ({ page }) => {
  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/amenities/list');
  await expect(page.getByText(/in total/)).toBeVisible();
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(response.url());
  });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.waitForTimeout(1500);
  expect(refused).toEqual([]);
});
