import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, apiAs, apiCall, en, signIn } from './support';

// Amsterdam connects, customizes and disconnects CashLane and connects Halo CRM (OAuth); Berlin
// loses self-connect for CarHaven and disconnects and reconnects Hotek. No other spec reads
// these apps; Hotek is connected again at the end (shell and export specs use Berlin's Hotek).
// The tests run in file order (one worker): the administrator's test relies on the first one's
// lock and on Halo CRM being still available to Berlin. Not serial, so one failure hides none.
const AMSTERDAM = 'hotel-amsterdam@example.com';
const BERLIN = 'hotel-berlin@example.com';
const texts = en.apps;
const tabs = en.resources.users.tabs;

/** A real 24x24 PNG (solid green), built from its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAH0lEQVR42mOQ7yqgCmIYNWjUoFGDRg0aNWjUoIE3CABKVXhf8bYXiwAAAABJRU5ErkJggg==',
  'base64',
);

interface CatalogueApp {
  id: number;
  key: string;
  name: string;
}
interface Connection {
  appId: number;
  status: string;
  key?: unknown;
  secret?: unknown;
  accessToken?: unknown;
}
interface Customization {
  appId: number;
  title: string;
  image: string;
}
interface Me {
  id: number;
  connectedApps: string[];
  lockedApps: string[];
}

const say = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? '');

async function appNamed(name: string): Promise<CatalogueApp> {
  const apps = await apiAs<CatalogueApp[]>('main', ADMIN.email, '/apps');
  const app = apps.find((entry) => entry.name === name);
  expect(app, name).toBeDefined();
  return app!;
}

/** The hotel's connection to an app as the API stores it (undefined: none yet). */
async function connectionOf(email: string, appId: number): Promise<Connection | undefined> {
  const rows = await apiAs<Connection[]>('main', email, `/app-connections?appId=${appId}`);
  return rows[0];
}

async function openApps(page: Page, email: string) {
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: en.nav.apps, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/user\/apps$/);
  await expect(page.getByRole('heading', { name: texts.title, level: 1 })).toBeVisible();
}

/** A dialog that has finished opening: focus is inside it and its zoom is over. */
async function settled(dialog: Locator) {
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
  await expect(dialog).not.toHaveClass(/ant-zoom/);
}

/** An administrator signed in at 1440 px, with Berlin's account and the CarHaven app. */
async function adminWithBerlin(page: Page) {
  const carHaven = await appNamed('CarHaven');
  const [berlin] = await apiAs<{ id: number; company: string }[]>(
    'main',
    ADMIN.email,
    `/users?email=${BERLIN}`,
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  return { carHaven, berlin: berlin! };
}

/** The card of one app (a region named by the app). */
const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('an administrator turns off self-connect for Berlin on one app; Berlin sees it but cannot connect it', async ({
  page,
}) => {
  const { carHaven, berlin } = await adminWithBerlin(page);
  await page.goto(`/dashboard/user/${berlin.id}/edit`);
  await page.getByRole('tab', { name: tabs.appPermissions, exact: true }).click();
  const toggle = page.getByRole('switch', {
    name: say(texts.selfConnect, { hotel: berlin.company, name: 'CarHaven' }),
  });
  // No permission record yet: the hotel may.
  await expect(toggle).toBeChecked();
  // A save that fails puts the switch back and says so.
  await page.route('**/api/app-permissions', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'The store is unavailable', statusCode: 500 }),
        })
      : route.continue(),
  );
  await toggle.click();
  const failed = page.locator('.ant-notification-notice').filter({
    hasText: texts.permissionFailed,
  });
  await expect(failed).toContainText('The store is unavailable');
  await expect(toggle).toBeChecked();
  await page.unroute('**/api/app-permissions');
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  // A saved choice is confirmed in words.
  await expect(
    page.locator('.ant-notification-notice').filter({
      hasText: say(texts.permissionOff, { hotel: berlin.company, name: 'CarHaven' }),
    }),
  ).toBeVisible();
  await expect
    .poll(async () => {
      const rows = await apiAs<{ appId: number; canSelfConnect: boolean }[]>(
        'main',
        ADMIN.email,
        `/app-permissions?ownerId=${berlin.id}&appId=${carHaven.id}`,
      );
      return rows[0]?.canSelfConnect;
    })
    .toBe(false);
  await page.screenshot({ path: 'test-results/apps-permissions-1440.png', fullPage: true });
  // After a reload the stored choice shows.
  await page.reload();
  await page.getByRole('tab', { name: tabs.appPermissions, exact: true }).click();
  await expect(toggle).not.toBeChecked();

  // Berlin: the app is there, its Connect button is off and says who connects it.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await openApps(page, BERLIN);
  const locked = card(page, 'CarHaven');
  await expect(locked.getByRole('button', { name: 'Connect CarHaven' })).toBeDisabled();
  await expect(locked.getByText(texts.locked)).toBeVisible();
  // Another app stays open to Berlin.
  await expect(
    card(page, 'AcclaimHub').getByRole('button', { name: 'Connect AcclaimHub' }),
  ).toBeEnabled();
  const me = await apiAs<Me>('main', BERLIN, '/users/me');
  expect(me.lockedApps).toContain(carHaven.key);
  // The API refuses it too.
  const refused = await apiCall('main', BERLIN, 'POST', `/apps/${carHaven.id}/connect`, {
    username: 'berlin',
    password: 'secret-123',
  });
  expect(refused.status).toBe(403);
});

test('a hotel whose administrator takes an app over meanwhile is told so when it connects it', async ({
  page,
}) => {
  const lockSmart = await appNamed('LockSmart');
  const [berlin] = await apiAs<{ id: number }[]>('main', ADMIN.email, `/users?email=${BERLIN}`);
  await openApps(page, BERLIN);
  const app = card(page, 'LockSmart');
  await app.getByRole('button', { name: 'Connect LockSmart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect LockSmart' });
  await expect(dialog.getByLabel('Access token', { exact: true })).toHaveAttribute(
    'type',
    'password',
  );
  // While the dialog is open, an administrator turns self-connect off for Berlin.
  const locked = await apiCall('main', ADMIN.email, 'POST', '/app-permissions', {
    ownerId: berlin!.id,
    appId: lockSmart.id,
    canSelfConnect: false,
  });
  expect(locked.status).toBe(201);
  await dialog.getByLabel('Access token', { exact: true }).fill('ls-token-berlin');
  await dialog.getByRole('button', { name: texts.connect, exact: true }).click();
  const toast = page.locator('.ant-notification-notice').filter({ hasText: texts.connectFailed });
  await expect(toast).toContainText('Only an administrator can connect LockSmart for your hotel');
  // The page learns the news: the button is off now, and nothing was stored.
  await expect(dialog).toBeHidden();
  await expect(app.getByRole('button', { name: 'Connect LockSmart' })).toBeDisabled();
  await expect(app.getByText(texts.locked)).toBeVisible();
  expect(await connectionOf(BERLIN, lockSmart.id)).toBeUndefined();
});

test('a hotel connects an API-key app, customizes its title and image, and disconnects it after confirming', async ({
  page,
}) => {
  const cashLane = await appNamed('CashLane');
  expect(await connectionOf(AMSTERDAM, cashLane.id)).toBeUndefined();
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApps(page, AMSTERDAM);
  await page.screenshot({ path: 'test-results/apps-page-1440.png' });

  // Search and the Featured filter.
  const search = page.getByLabel(texts.search);
  const cards = page.getByRole('list', { name: texts.title }).getByRole('listitem');
  await search.fill('carhav');
  await expect(cards).toHaveCount(1);
  await expect(card(page, 'CarHaven')).toBeVisible();
  await search.fill('no such app');
  await expect(page.getByText(texts.empty)).toBeVisible();
  await search.fill('');
  await page.getByRole('checkbox', { name: texts.featuredOnly }).check();
  await expect(card(page, 'CarHaven')).toHaveCount(0);
  await expect(card(page, 'CashLane')).toBeVisible();
  await page.getByRole('checkbox', { name: texts.featuredOnly }).uncheck();

  // Connect: each credential is required before anything is sent.
  const app = card(page, 'CashLane');
  await expect(app.getByText(texts.status.available)).toBeVisible();
  await app.getByRole('button', { name: 'Connect CashLane' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect CashLane' });
  await expect(connect.getByLabel('Secret', { exact: true })).toHaveAttribute('type', 'password');
  await settled(connect);
  await page.screenshot({ path: 'test-results/apps-connect-1440.png' });
  await connect.getByRole('button', { name: texts.connect, exact: true }).click();
  await expect(connect.getByText('Key is required')).toBeVisible();
  await expect(connect.getByText('Secret is required')).toBeVisible();
  await connect.getByLabel('Key', { exact: true }).fill('cl_live_amsterdam_01');
  await connect.getByLabel('Secret', { exact: true }).fill('cl-secret-amsterdam');
  await connect.getByRole('button', { name: texts.connect, exact: true }).click();
  await expect(page.getByText('CashLane is connected')).toBeVisible();
  await expect(connect).toBeHidden();
  await expect(app.getByText(texts.status.connected, { exact: true })).toBeVisible();
  const stored = await connectionOf(AMSTERDAM, cashLane.id);
  expect(stored?.status).toBe('connected');
  // The credentials are kept, never shown.
  expect(stored?.key).toEqual({ set: true });
  expect(stored?.secret).toEqual({ set: true });

  // Customize: a title and a real PNG, previewed as the guest app shows it.
  await app.getByRole('button', { name: 'Customize CashLane' }).click();
  const customize = page.getByRole('dialog', { name: 'Customize CashLane' });
  const title = customize.getByLabel('Title', { exact: true });
  await expect(title).toHaveValue('CashLane');
  await title.fill('Pay at the desk');
  const preview = customize.getByRole('figure', { name: 'Preview of CashLane in the guest app' });
  await expect(preview).toContainText('Pay at the desk');
  await customize
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'desk.png', mimeType: 'image/png', buffer: PNG });
  const uploaded = customize.getByRole('img', { name: 'Preview of desk.png' });
  await expect(uploaded).toBeVisible();
  await expect
    .poll(() => uploaded.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBe(24);
  await page.screenshot({ path: 'test-results/apps-customize-1440.png' });
  await customize.getByRole('button', { name: en.crud.save, exact: true }).click();
  await expect(page.getByText('The customization of CashLane is saved')).toBeVisible();
  await expect(customize).toBeHidden();
  await expect(app.getByText('Shown as “Pay at the desk” in the guest app')).toBeVisible();
  const [customization] = await apiAs<Customization[]>(
    'main',
    AMSTERDAM,
    `/app-customizations?appId=${cashLane.id}`,
  );
  expect(customization?.title).toBe('Pay at the desk');
  expect(customization?.image).toMatch(/^\/uploads\/files\/\d+\/[A-Za-z0-9_-]{22}\.png$/);

  // Disconnect asks first; Cancel keeps it.
  await app.getByRole('button', { name: 'Disconnect CashLane' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disconnect CashLane?' });
  await expect(confirm).toContainText('Canal House Amsterdam');
  await settled(confirm);
  await page.screenshot({ path: 'test-results/apps-disconnect-1440.png' });
  await confirm.getByRole('button', { name: en.crud.cancel }).click();
  await expect(confirm).toBeHidden();
  expect((await connectionOf(AMSTERDAM, cashLane.id))?.status).toBe('connected');
  await app.getByRole('button', { name: 'Disconnect CashLane' }).click();
  await confirm.getByRole('button', { name: texts.disconnect, exact: true }).click();
  await expect(page.getByText('CashLane is disconnected')).toBeVisible();
  await expect(app.getByText(texts.status.disconnected, { exact: true })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Connect CashLane' })).toBeEnabled();
  const after = await connectionOf(AMSTERDAM, cashLane.id);
  expect(after?.status).toBe('disconnected');
  expect(after?.key).toEqual({ set: false });
});

test('what is typed into a field while the connect dialog opens stays in that field', async ({
  page,
}) => {
  await openApps(page, AMSTERDAM);
  await card(page, 'CarHaven').getByRole('button', { name: 'Connect CarHaven' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect CarHaven' });
  const password = dialog.getByLabel('Password', { exact: true });
  // Straight to the second field, typing on while the dialog finishes opening.
  await password.focus();
  await page.keyboard.type('gate-code-4410', { delay: 60 });
  await settled(dialog);
  await expect(password).toHaveValue('gate-code-4410');
  await expect(dialog.getByLabel('Username', { exact: true })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('an OAuth app connects through its provider and comes back connected', async ({ page }) => {
  const halo = await appNamed('Halo CRM');
  expect((await connectionOf(AMSTERDAM, halo.id))?.status).not.toBe('connected');
  await openApps(page, AMSTERDAM);
  await card(page, 'Halo CRM').getByRole('button', { name: 'Connect Halo CRM' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Halo CRM' });
  await expect(dialog).toContainText(say(texts.oauthIntro, { name: 'Halo CRM' }));
  await settled(dialog);
  await page.screenshot({ path: 'test-results/apps-connect-oauth-1440.png' });
  await dialog.getByRole('button', { name: 'Continue with Halo CRM' }).click();
  // The local provider consents at once and sends the browser back through the API.
  await expect(page.getByText('Halo CRM is connected')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/user\/apps$/);
  await expect(
    card(page, 'Halo CRM').getByText(texts.status.connected, { exact: true }),
  ).toBeVisible();
  const stored = await connectionOf(AMSTERDAM, halo.id);
  expect(stored?.status).toBe('connected');
  expect(stored?.accessToken).toEqual({ set: true });
});

test('a refused OAuth connection says why and leaves the address clean', async ({ page }) => {
  const halo = await appNamed('Halo CRM');
  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  // Where the API's callback sends the browser when the provider refused access.
  await page.goto(`/dashboard/user/apps?oauth=failed&app=${halo.id}&reason=denied`);
  const toast = page.locator('.ant-notification-notice').filter({ hasText: texts.connectFailed });
  await expect(toast).toContainText(texts.oauthReasons.denied);
  await expect(page).toHaveURL(/\/dashboard\/user\/apps$/);
  await expect(
    card(page, 'Halo CRM').getByText(texts.status.available, { exact: true }),
  ).toBeVisible();
});

test('super administrators reach the catalogue from the Apps page; administrators are sent to the hotels', async ({
  page,
}) => {
  await openApps(page, 'superadmin@example.com');
  await expect(page.getByText(texts.adminHint)).toBeVisible();
  // Administrators browse the catalogue here, without acting for a hotel.
  await expect(card(page, 'CashLane')).toBeVisible();
  await expect(card(page, 'CashLane').getByRole('button')).toHaveCount(0);
  await page.getByRole('button', { name: texts.manageCatalogue }).click();
  await expect(page).toHaveURL(/\/dashboard\/apps\/catalogue\/list(\?.*)?$/);
  await expect(
    page.getByRole('heading', { name: en.resources.apps.title, level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Halo CRM', exact: true })).toBeVisible();

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await openApps(page, ADMIN.email);
  await expect(page.getByText(texts.adminHint)).toBeVisible();
  await expect(page.getByRole('button', { name: texts.manageCatalogue })).toHaveCount(0);
});

test('disconnecting and connecting Hotek takes its menu away and brings it back without a reload', async ({
  page,
}) => {
  const hotek = await appNamed('Hotek');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  try {
    await openApps(page, BERLIN);
    await expect(menu.getByText(en.nav.hotek, { exact: true })).toBeVisible();
    await card(page, 'Hotek').getByRole('button', { name: 'Disconnect Hotek' }).click();
    await page
      .getByRole('dialog', { name: 'Disconnect Hotek?' })
      .getByRole('button', { name: texts.disconnect, exact: true })
      .click();
    await expect(page.getByText('Hotek is disconnected')).toBeVisible();
    await expect(menu.getByText(en.nav.hotek, { exact: true })).toHaveCount(0);
    expect((await apiAs<Me>('main', BERLIN, '/users/me')).connectedApps).not.toContain('hotek');

    // Hotek asks for no credentials: Connect in the dialog is all.
    await card(page, 'Hotek').getByRole('button', { name: 'Connect Hotek' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Hotek' });
    await dialog.getByRole('button', { name: texts.connect, exact: true }).click();
    await expect(page.getByText('Hotek is connected')).toBeVisible();
    await expect(menu.getByText(en.nav.hotek, { exact: true })).toBeVisible();
  } finally {
    const me = await apiAs<Me>('main', BERLIN, '/users/me');
    if (!me.connectedApps.includes('hotek'))
      await apiCall('main', BERLIN, 'POST', `/apps/${hotek.id}/connect`, {});
  }
});

test('an administrator connects an app on behalf of a hotel from its available apps', async ({
  page,
}) => {
  const { carHaven, berlin } = await adminWithBerlin(page);
  await page.goto(`/dashboard/user/${berlin.id}/edit?tab=availableApps`);
  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText(say(texts.availableIntro, { hotel: berlin.company }));
  // Locked for the hotel, not for its administrator.
  const locked = panel.getByRole('region', { name: 'CarHaven', exact: true });
  await expect(locked.getByText(texts.selfConnectOff)).toBeVisible();
  await page.screenshot({ path: 'test-results/apps-available-tab-1440.png' });
  await locked.getByRole('button', { name: 'Connect CarHaven' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect CarHaven' });
  await dialog.getByLabel('Username', { exact: true }).fill('spree-loft');
  await dialog.getByLabel('Password', { exact: true }).fill('gate-code-4410');
  await dialog.getByRole('button', { name: texts.connect, exact: true }).click();
  await expect(page.getByText('CarHaven is connected')).toBeVisible();
  const [stored] = await apiAs<Connection[]>(
    'main',
    ADMIN.email,
    `/app-connections?ownerId=${berlin.id}&appId=${carHaven.id}`,
  );
  expect(stored?.status).toBe('connected');

  // An OAuth connection started for the hotel comes back to this tab.
  await panel
    .getByRole('region', { name: 'Halo CRM', exact: true })
    .getByRole('button', { name: 'Connect Halo CRM' })
    .click();
  await page
    .getByRole('dialog', { name: 'Connect Halo CRM' })
    .getByRole('button', { name: 'Continue with Halo CRM' })
    .click();
  await expect(page.getByText('Halo CRM is connected')).toBeVisible();
  await expect(page).toHaveURL(
    new RegExp(`/dashboard/user/${berlin.id}/edit\\?tab=availableApps$`),
  );
  await expect(page.getByRole('tab', { name: tabs.availableApps, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    page
      .getByRole('tabpanel')
      .getByRole('region', { name: 'Halo CRM', exact: true })
      .getByText(texts.status.connected, { exact: true }),
  ).toBeVisible();

  // The hotel's apps tab lists it, with disconnect and customize on its behalf.
  await page.getByRole('tab', { name: tabs.apps, exact: true }).click();
  const connected = page
    .getByRole('tabpanel')
    .getByRole('region', { name: 'CarHaven', exact: true });
  await expect(connected.getByRole('button', { name: 'Customize CarHaven' })).toBeVisible();
  await page.screenshot({ path: 'test-results/apps-hotel-tab-1440.png' });
  await expect(connected.getByRole('button', { name: 'Disconnect CarHaven' })).toBeEnabled();
});

test('the Apps page and its dialogs fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, AMSTERDAM);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/user/apps');
  await expect(page.getByRole('heading', { name: texts.title, level: 1 })).toBeVisible();
  // One column: cards are as wide as each other and stacked.
  const first = await card(page, 'CashLane').boundingBox();
  const second = await card(page, 'CloudStay PMS').boundingBox();
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  expect(Math.abs(second!.x - first!.x)).toBeLessThan(2);
  // Nothing runs off the side.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/apps-page-390.png' });
  for (const [button, dialog, file] of [
    ['Connect CashLane', 'Connect CashLane', 'connect'],
    ['Customize CloudStay PMS', 'Customize CloudStay PMS', 'customize'],
    ['Disconnect CloudStay PMS', 'Disconnect CloudStay PMS?', 'disconnect'],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    const open = page.getByRole('dialog', { name: dialog });
    await expect(open).toBeVisible();
    // Focus moves into the dialog, and Escape closes it.
    await settled(open);
    await page.screenshot({ path: `test-results/apps-${file}-390.png` });
    await page.keyboard.press('Escape');
    await expect(open).toBeHidden();
  }
});
