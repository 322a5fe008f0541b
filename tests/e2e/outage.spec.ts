import { expect, test } from './fixtures';
import { ADMIN, en, signIn } from './support';

/**
 * Issue 37, point 12: a database outage (PostgreSQL stopped: every `/users/me` answers 503) is no
 * sign-out. After a reload the user stays on their page, told that the server cannot be reached
 * and that it is retried, and the page comes back by itself once the API answers again.
 */
test('a 503 from /users/me keeps the user where they are, says so, and recovers by itself', async ({
  page,
}) => {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/user/list');
  const heading = page.getByRole('heading', { name: en.resources.users.title, level: 1 });
  await expect(heading).toBeVisible();
  const here = page.url();

  // What the API answers while its database is down.
  let down = true;
  let asked = 0;
  await page.route('**/users/me', async (route) => {
    if (!down) return route.continue();
    asked += 1;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 503,
        message: 'The database is not reachable right now; try again in a moment',
      }),
    });
  });
  await page.reload();
  const notice = page.getByRole('alert').filter({ hasText: en.connection.unreachable });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(en.connection.retrying);
  // Asked again and again (more than the three tries that used to end in the sign-in page).
  await expect.poll(() => asked, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
  expect(page.url()).toBe(here);
  await expect(page.getByLabel('Email address')).toHaveCount(0);

  // The database is back: the page returns without a reload, still signed in.
  down = false;
  await expect(heading).toBeVisible({ timeout: 15_000 });
  await expect(notice).toBeHidden();
  expect(page.url()).toBe(here);
});

/**
 * The same outage met mid-session, by a list the user opens (not by the session's check): the
 * notice shows, and the list comes by itself once the API answers again, with no reload.
 */
test('a 503 on a list mid-session says the server cannot be reached, and the list comes when it is back', async ({
  page,
}) => {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  let down = true;
  await page.route(
    (url) => url.pathname.endsWith('/amenity-categories') || url.pathname.endsWith('/ready'),
    async (route) => {
      if (!down) return route.continue();
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 503,
          message: 'The database is not reachable right now; try again in a moment',
        }),
      });
    },
  );
  // Within the app, as a menu link goes: the session is already checked.
  await page.evaluate(() => {
    history.pushState(null, '', '/dashboard/amenity-categories/list');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  const notice = page.getByRole('alert').filter({ hasText: en.connection.unreachable });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Email address')).toHaveCount(0);

  down = false;
  await expect(notice).toBeHidden({ timeout: 15_000 });
  await expect(page.locator('main tbody tr.ant-table-row').first()).toBeVisible();
});
