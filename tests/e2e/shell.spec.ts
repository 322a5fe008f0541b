import { expect, test } from './fixtures';
import { ADMIN, apiAs, nl, signIn } from './support';

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

// The error pages' illustrations come with the first error page, not with every page: when
// that chunk cannot be fetched (offline, a newer deploy), the page still says what happened.
test('an error page whose illustrated chunk cannot load still shows its words', async ({
  page,
}) => {
  await page.route(/\/assets\/(ErrorPage|result)-[\w-]+\.js$/, (route) => route.abort());
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
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

test('each page names the browser tab, in the interface language', async ({ page }) => {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(page).toHaveTitle('Overview | Stay Console');
  await page.goto('/dashboard/user/list');
  await expect(page).toHaveTitle('Users | Stay Console');
  await page.goto('/dashboard/amenities/new');
  await expect(page).toHaveTitle('New · Amenities | Stay Console');
  await page.goto('/dashboard/no-such-page');
  await expect(page).toHaveTitle('Page not found | Stay Console');
  await page.goto('/dashboard/user/list');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Dutch' }).click();
  await expect(page).toHaveTitle(`${nl.resources.users.title} | Stay Console`);
});

test("a record's page is named by the record: heading, breadcrumb and tab title, in any language", async ({
  page,
}) => {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  // An app permission is named by its app (its label field is a reference), not by the app's id.
  const permission = await apiAs<{ appId: number }>('main', ADMIN.email, '/app-permissions/1');
  const app = await apiAs<{ name: string }>('main', ADMIN.email, `/apps/${permission.appId}`);
  await page.goto('/dashboard/apps/permissions/1/show');
  await expect(page.getByRole('heading', { level: 1, name: app.name })).toBeVisible();
  await expect(crumbs).toHaveText(`Dashboard/Apps/App permissions/${app.name}/Details`);
  await expect(page).toHaveTitle(`Details · ${app.name} · App permissions | Stay Console`);
});

test('the browser tab names a record as its breadcrumb does, in the interface language', async ({
  page,
}) => {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: nl.breadcrumb.label });
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Dutch' }).click();
  const amenity = await apiAs<{ name: string }>('main', ADMIN.email, '/amenities/1');
  await page.goto('/dashboard/amenities/1/edit');
  await expect(crumbs).toContainText(amenity.name);
  await expect(page).toHaveTitle(
    `${nl.breadcrumb.edit} · ${amenity.name} · ${nl.breadcrumb.amenities} | Stay Console`,
  );
});

test("breadcrumbs: the spec's labels, no status codes, no Bookings step on timeslots", async ({
  page,
}) => {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await page.goto('/403');
  await expect(crumbs).toHaveText('Dashboard/No Permission');
  await page.goto('/dashboard/message/manage');
  await expect(crumbs).toHaveText('Dashboard/Notification/Manage');
  await page.goto('/dashboard/apps/hotek/timeslots/list');
  await expect(crumbs).toHaveText('Dashboard/Apps/Hotek/Timeslots/List');
  await page.goto('/dashboard/user/2/show');
  // A record's step shows its name (issue 27 item 18), not its id.
  await expect(crumbs).toHaveText(`Dashboard/Users/${ADMIN.name}/Details`);
  await crumbs.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/dashboard\/user\/list(\?.*)?$/);
});

test('the Point of sale submenu is open on its pages reached directly', async ({ page }) => {
  await signIn(page, 'hotel-amsterdam@example.com');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  for (const path of ['/dashboard/pos', '/dashboard/pos/products/list']) {
    await page.goto(path);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('menuitem', { name: 'Products' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Transactions' })).toBeVisible();
  }
});

test('the route progress bar has the theme colour', async ({ page }) => {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const colour = await page.evaluate(() => {
    const bar = document.createElement('div');
    bar.id = 'nprogress';
    bar.innerHTML = '<div class="bar"></div>';
    document.body.append(bar);
    const value = getComputedStyle(bar.firstElementChild!).backgroundColor;
    bar.remove();
    return value;
  });
  // The default preset's purple (#7635dc), not nprogress's blue.
  expect(colour).toBe('rgb(118, 53, 220)');
});

test('the dashboard has one main landmark', async ({ page }) => {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await page.goto('/dashboard/user/list');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
});

// A full menu shows its items' names and mounts no tooltip for them; the mini menu (icons only)
// names an item in a tooltip under the mouse.
test('the mini menu names its items in tooltips; the full menu needs none', async ({ page }) => {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('menuitem', { name: 'Dashboard' }).hover();
  await page.waitForTimeout(500);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await menu.getByRole('menuitem').first().hover();
  await expect(page.getByRole('tooltip')).toHaveText('Dashboard');
  // Back to the full menu for the tests after this one (the layout is a saved setting).
  await page.getByRole('button', { name: 'Expand menu' }).click();
});
