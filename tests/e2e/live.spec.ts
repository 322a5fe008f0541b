import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { STACKS } from '../../playwright.config';
import { ADMIN, apiCall, en, signIn } from './support';

// Live updates (issue 38): what the API's event stream changes on an open dashboard, with no
// reload.

const AMSTERDAM = 'hotel-amsterdam@example.com';
/** The seed's chain manager (Marta Keller), a member of Amsterdam and Berlin. */
const CHAIN_MANAGER = 'chain-manager@example.com';
const PUBLIC = `http://127.0.0.1:${STACKS.main.api}/public/canal-house-amsterdam`;
const RUN = Date.now().toString(36);

/** How many of the hotel's requests are New right now, as the API counts them. */
async function newCount(): Promise<number> {
  const answer = await apiCall('main', AMSTERDAM, 'GET', '/submissions?status=new&_end=1000');
  return (answer.body as unknown[]).length;
}

const badge = (count: number) => (count === 1 ? '1 new request' : `${count} new requests`);

test("a guest's request makes the Requests badge and the inbox update within 2 s, without a reload", async ({
  page,
}) => {
  const created = await apiCall('main', AMSTERDAM, 'POST', '/forms', {
    label: `Extra towels ${RUN}`,
    locale: 'en',
    fields: [{ name: 'name', label: 'Name', type: 'text', required: true }],
  });
  expect(created.status).toBe(201);
  const form = created.body as { id: number };

  // The stream is open before the guest writes (the menu's count listens from the start).
  const streaming = page.waitForResponse(
    (response) => /\/api\/events\?ticket=/.test(response.url()) && response.status() === 200,
  );
  await signIn(page, AMSTERDAM);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: /^Requests/ }).click();
  await expect(page.getByRole('heading', { name: 'Requests' })).toBeVisible();
  const before = await newCount();
  if (before > 0) await expect(menu.getByLabel(badge(before))).toBeVisible();
  await streaming;
  // Marks this page: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  const sent = await fetch(`${PUBLIC}/forms/${form.id}/submissions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ data: { name: 'Anna Jansen' } }),
  });
  expect(sent.status).toBe(201);
  const { reference } = (await sent.json()) as { reference: string };

  await expect(menu.getByLabel(badge(before + 1))).toBeVisible({ timeout: 2000 });
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toBeVisible({
    timeout: 2000,
  });
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
    true,
  );
});

/** A new category of the Amsterdam hotel, `named`, open in its edit form (`name`: its input). */
async function editingNewCategory(page: Page, named: string) {
  const created = await apiCall('main', AMSTERDAM, 'POST', '/amenity-categories', {
    name: named,
    color: '#123456',
    locale: 'nl',
  });
  expect(created.status).toBe(201);
  const { id } = created.body as { id: number };
  await signIn(page, AMSTERDAM);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto(`/dashboard/amenity-categories/${id}/edit`);
  const name = page.getByRole('form').getByLabel('Name', { exact: true });
  await expect(name).toHaveValue(named);
  return { id, name };
}

test('an open edit form keeps what the user typed when someone else saves, and says who', async ({
  page,
}) => {
  const { id, name } = await editingNewCategory(page, `Wellness ${RUN}`);
  await name.fill(`Spa ${RUN}`);

  // An administrator renames it meanwhile.
  const theirs = await apiCall('main', ADMIN.email, 'PATCH', `/amenity-categories/${id}`, {
    name: `Sauna ${RUN}`,
  });
  expect(theirs.status).toBe(200);

  const bar = page.getByTestId('live-change-bar');
  await expect(bar).toContainText(`Changed by ${ADMIN.name} while you were editing`);
  // What the user typed stays until they choose.
  await expect(name).toHaveValue(`Spa ${RUN}`);
  await bar.getByRole('button', { name: 'Reload' }).click();
  await expect(name).toHaveValue(`Sauna ${RUN}`);
  await expect(bar).toBeHidden();

  // Reloaded is up to date: a Save now is no conflict, and is stored.
  await name.fill(`Spa ${RUN}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Spa ${RUN} was saved`)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'changed this' })).toHaveCount(0);
  const stored = await apiCall('main', ADMIN.email, 'GET', `/amenity-categories/${id}`);
  expect(stored.body).toMatchObject({ name: `Spa ${RUN}` });
});

test('an edit page says who else has it open, until their tab closes', async ({
  page,
  browser,
  baseURL,
}) => {
  const created = await apiCall('main', AMSTERDAM, 'POST', '/amenity-categories', {
    name: `Pool ${RUN}`,
    color: '#123456',
    locale: 'nl',
  });
  expect(created.status).toBe(201);
  const { id } = created.body as { id: number };
  const edit = `/dashboard/amenity-categories/${id}/edit`;

  // An administrator has it open in another browser.
  const theirs = await browser.newContext({ baseURL });
  const admin = await theirs.newPage();
  await signIn(admin, ADMIN.email);
  await expect(admin.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await admin.goto(edit);
  await expect(admin.getByLabel('Name', { exact: true })).toHaveValue(`Pool ${RUN}`);

  await signIn(page, AMSTERDAM);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto(edit);
  await expect(page.getByTestId('presence-bar')).toHaveText(`${ADMIN.name} is editing this page`);
  // Each sees the other; saving is not blocked.
  await expect(admin.getByTestId('presence-bar')).toContainText('is editing this page');
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();

  await theirs.close();
  await expect(page.getByTestId('presence-bar')).toBeHidden();
});

test('two people of one hotel on one record see each other by name', async ({
  page,
  browser,
  baseURL,
}) => {
  const created = await apiCall('main', AMSTERDAM, 'POST', '/amenity-categories', {
    name: `Garden ${RUN}`,
    color: '#123456',
    locale: 'nl',
  });
  expect(created.status).toBe(201);
  const { id } = created.body as { id: number };
  const hotel = await apiCall('main', AMSTERDAM, 'GET', '/users/me');
  const { id: hotelId, name: hotelLogin } = hotel.body as { id: number; name: string };
  const edit = `/h/${hotelId}/dashboard/amenity-categories/${id}/edit`;

  // The chain manager, a member of Amsterdam, has it open in another browser…
  const theirs = await browser.newContext({ baseURL });
  const marta = await theirs.newPage();
  await signIn(marta, CHAIN_MANAGER);
  await expect(marta.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await marta.goto(edit);
  await expect(marta.getByLabel('Name', { exact: true })).toHaveValue(`Garden ${RUN}`);
  // …and Amsterdam's own login opens it too: each is named, not taken for the other.
  await signIn(page, AMSTERDAM);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto(edit);
  await expect(page.getByTestId('presence-bar')).toHaveText('Marta Keller is editing this page');
  await expect(marta.getByTestId('presence-bar')).toHaveText(`${hotelLogin} is editing this page`);
  await theirs.close();
});

test('Compare on the live bar opens the field-by-field comparison without saving; merge keeps both changes', async ({
  page,
}) => {
  const { id, name } = await editingNewCategory(page, `Sauna and pool ${RUN}`);
  await name.fill(`Spa ${RUN}`);

  // An administrator changes the colour meanwhile.
  const theirs = await apiCall('main', ADMIN.email, 'PATCH', `/amenity-categories/${id}`, {
    color: '#654321',
  });
  expect(theirs.status).toBe(200);
  const version = (theirs.body as { version: number }).version;

  const bar = page.getByTestId('live-change-bar');
  await expect(bar).toContainText(`Changed by ${ADMIN.name} while you were editing`);
  await page.screenshot({ path: 'test-results/live-compare-bar-1440.png' });
  await bar.getByRole('button', { name: en.live.compare }).click();
  const shown = page
    .getByRole('alert')
    .filter({ hasText: `Changed by ${ADMIN.name} while you were editing` })
    .filter({ hasText: en.conflicts.intro });
  const color = shown.getByRole('group', { name: 'Color', exact: true });
  await expect(color).toContainText('#654321');
  await expect(color).toContainText(en.conflicts.onlyTheirs);
  const named = shown.getByRole('group', { name: 'Name', exact: true });
  await expect(named).toContainText(`Spa ${RUN}`);
  await expect(named).toContainText(en.conflicts.onlyYours);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/live-compare-panel-390.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  // Comparing saved nothing.
  const before = await apiCall('main', ADMIN.email, 'GET', `/amenity-categories/${id}`);
  expect(before.body).toMatchObject({ name: `Sauna and pool ${RUN}`, color: '#654321', version });

  await shown.getByRole('button', { name: en.conflicts.merge }).click();
  await expect(page.getByText(en.conflicts.merged)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Spa ${RUN} was saved`)).toBeVisible();
  const stored = await apiCall('main', ADMIN.email, 'GET', `/amenity-categories/${id}`);
  expect(stored.body).toMatchObject({ name: `Spa ${RUN}`, color: '#654321' });
});
