import { type Browser, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { STACKS } from '../../playwright.config';
import { ADMIN, apiAs, apiCall, en, signIn } from './support';

/**
 * Two people on one record (issue 38): the second Save over a record the first changed meanwhile
 * gets the conflict panel, naming who changed it, with theirs beside yours; merge keeps both
 * changes, a field both changed is the person's pick, keep mine overwrites, take theirs keeps
 * what the person typed to put back.
 */

const AMSTERDAM = 'hotel-amsterdam@example.com';
const EVA = 'Eva de Vries';
const RUN = Date.now().toString(36);
const conflicts = en.conflicts as Record<string, string>;

interface Amenity {
  id: number;
  name: string;
  description: string;
  address: string;
  version?: number;
}

/** A fresh amenity of the Amsterdam hotel, so that no other test's record is touched. */
async function newAmenity(name: string): Promise<Amenity> {
  const categories = await apiAs<{ id: number }[]>(
    'main',
    AMSTERDAM,
    '/amenity-categories?locale=en',
  );
  const created = await apiCall('main', AMSTERDAM, 'POST', '/amenities', {
    name,
    description: 'Open every day from 7 to 22.',
    address: 'Keizersgracht 148, Amsterdam',
    url: 'https://example.com/pool',
    categoryId: categories[0].id,
    locale: 'en',
  });
  expect(created.status).toBe(201);
  return created.body as Amenity;
}

const stored = (id: number) => apiAs<Amenity>('main', AMSTERDAM, `/amenities/${id}`);

/**
 * The form's Save. Not by its exact name: after a refused save antd's loading icon may still be
 * leaving (its motion is slow in a page in the background), and its label is part of the name.
 */
const save = (page: Page) => page.getByRole('button', { name: 'Save' }).click();
/** An input of the edit form (the panel names its fields' groups by the same labels). */
const field = (page: Page, label: string) =>
  page.getByRole('form').getByLabel(label, { exact: true });
/** A person in a browser context of their own, on the amenity's edit page. */
async function editing(browser: Browser, email: string, id: number, name: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto(`/dashboard/amenities/${id}/edit`);
  await expect(field(page, 'Name')).toHaveValue(name);
  return page;
}

/** The panel: the warning naming who changed the amenity meanwhile. */
const panel = (page: Page, by = EVA) =>
  page.getByRole('alert').filter({ hasText: `${by} changed this amenity at` });
/** A field's theirs / yours in a panel, by the field's label. */
const row = (shown: Locator, label: string) =>
  shown.getByRole('group', { name: label, exact: true });

test('the second Save over a changed amenity shows who changed it; merge keeps both changes', async ({
  browser,
}) => {
  const amenity = await newAmenity(`Rooftop pool ${RUN}`);
  const [eva, admin] = await Promise.all([
    editing(browser, AMSTERDAM, amenity.id, amenity.name),
    editing(browser, ADMIN.email, amenity.id, amenity.name),
  ]);

  await field(eva, 'Name').fill(`Rooftop pool and sauna ${RUN}`);
  await save(eva);
  await expect(eva).toHaveURL(new RegExp(`/amenities/${amenity.id}/show$`));

  await field(admin, 'Description').fill('Open every day from 6 to 23, towels at the desk.');
  await save(admin);
  const shown = panel(admin);
  // Who and when, the time alone for a change made today.
  await expect(shown).toContainText(
    new RegExp(`^${EVA} changed this amenity at \\d{1,2}:\\d{2}( [AP]M)? while you were editing`),
  );
  // The admin's typing is still there, the page did not move, the leave-page guard is on.
  await expect(admin).toHaveURL(new RegExp(`/amenities/${amenity.id}/edit$`));
  await expect(field(admin, 'Description')).toHaveValue(
    'Open every day from 6 to 23, towels at the desk.',
  );
  await expect(admin.getByText(en.crud.unsaved, { exact: true })).toBeVisible();
  // Side by side: Eva's new name (only she changed it), the admin's description (only theirs).
  const name = row(shown, 'Name');
  await expect(name).toContainText(`Theirs (${EVA})`);
  await expect(name).toContainText(`Rooftop pool and sauna ${RUN}`);
  await expect(name).toContainText(conflicts.onlyTheirs);
  const description = row(shown, 'Description');
  await expect(description).toContainText('Open every day from 7 to 22.');
  await expect(description).toContainText('towels at the desk');
  await expect(description).toContainText(conflicts.onlyYours);
  // Nothing else differs: the address, which nobody changed, is not listed.
  await expect(shown.getByRole('group')).toHaveCount(2);

  await shown.getByRole('button', { name: conflicts.merge }).click();
  await expect(admin.getByText(conflicts.merged)).toBeVisible();
  await expect(field(admin, 'Name')).toHaveValue(`Rooftop pool and sauna ${RUN}`);
  await expect(field(admin, 'Description')).toHaveValue(
    'Open every day from 6 to 23, towels at the desk.',
  );
  await save(admin);
  await expect(admin).toHaveURL(new RegExp(`/amenities/${amenity.id}/show$`));
  await expect(admin.getByText(`Rooftop pool and sauna ${RUN}`).first()).toBeVisible();
  await expect(admin.getByText('towels at the desk')).toBeVisible();

  const after = await stored(amenity.id);
  expect(after).toMatchObject({
    name: `Rooftop pool and sauna ${RUN}`,
    description: 'Open every day from 6 to 23, towels at the desk.',
    version: 3,
  });
});

test('both change the same field: the second person picks per field; keep mine overwrites', async ({
  browser,
}) => {
  const amenity = await newAmenity(`Bike rental ${RUN}`);
  const [eva, admin] = await Promise.all([
    editing(browser, AMSTERDAM, amenity.id, amenity.name),
    editing(browser, ADMIN.email, amenity.id, amenity.name),
  ]);

  await field(eva, 'Name').fill(`City bikes ${RUN}`);
  await field(eva, 'Address').fill('Herengracht 1, Amsterdam');
  await save(eva);
  await expect(eva).toHaveURL(new RegExp(`/amenities/${amenity.id}/show$`));
  // Eva opens it again (at her version) and leaves it open.
  await eva.goto(`/dashboard/amenities/${amenity.id}/edit`);
  await expect(field(eva, 'Name')).toHaveValue(`City bikes ${RUN}`);

  await field(admin, 'Name').fill(`E-bikes ${RUN}`);
  await save(admin);
  const shown = panel(admin);
  const name = row(shown, 'Name');
  await expect(name).toContainText(`City bikes ${RUN}`);
  await expect(name).toContainText(`E-bikes ${RUN}`);
  await expect(row(shown, 'Address')).toContainText(conflicts.onlyTheirs);
  // Both changed the name: the admin picks theirs or their own (their own by default).
  const pick = name.getByRole('radiogroup', { name: 'Keep for Name' });
  await expect(pick.getByRole('radio', { name: conflicts.keepYours })).toBeChecked();
  // From the keyboard: the choice is reached and changed without a mouse.
  await pick.getByRole('radio', { name: conflicts.keepYours }).focus();
  await admin.keyboard.press('ArrowLeft');
  await expect(pick.getByRole('radio', { name: conflicts.keepTheirs })).toBeChecked();
  await admin.keyboard.press('ArrowRight');
  await expect(pick.getByRole('radio', { name: conflicts.keepYours })).toBeChecked();
  // Keep mine: the admin's whole form is saved over Eva's version, explicitly.
  await shown.getByRole('button', { name: conflicts.keepMine }).click();
  await expect(admin).toHaveURL(new RegExp(`/amenities/${amenity.id}/show$`));
  await expect(admin.getByText(`E-bikes ${RUN}`).first()).toBeVisible();
  expect(await stored(amenity.id)).toMatchObject({
    name: `E-bikes ${RUN}`,
    address: 'Keizersgracht 148, Amsterdam',
    version: 3,
  });

  // Eva, on the page she opened before the admin's save: she changes the name and the
  // description; she picks the admin's name, and her description goes in with it.
  await field(eva, 'Name').fill(`Bikes and scooters ${RUN}`);
  await field(eva, 'Description').fill('Helmets included.');
  await save(eva);
  const hers = panel(eva, ADMIN.name);
  await expect(row(hers, 'Name')).toContainText(`Theirs (${ADMIN.name})`);
  await expect(row(hers, 'Address')).toContainText(conflicts.onlyTheirs);
  await expect(row(hers, 'Description')).toContainText(conflicts.onlyYours);
  await row(hers, 'Name')
    .getByRole('radiogroup', { name: 'Keep for Name' })
    .getByText(conflicts.keepTheirs)
    .click();
  await hers.getByRole('button', { name: conflicts.merge }).click();
  await expect(field(eva, 'Name')).toHaveValue(`E-bikes ${RUN}`);
  await expect(field(eva, 'Address')).toHaveValue('Keizersgracht 148, Amsterdam');
  await expect(field(eva, 'Description')).toHaveValue('Helmets included.');
  await save(eva);
  await expect(eva).toHaveURL(new RegExp(`/amenities/${amenity.id}/show$`));
  expect(await stored(amenity.id)).toMatchObject({
    name: `E-bikes ${RUN}`,
    address: 'Keizersgracht 148, Amsterdam',
    description: 'Helmets included.',
    version: 4,
  });
});

test('take theirs shows the saved version and keeps what was typed, to put back and save', async ({
  browser,
}) => {
  const amenity = await newAmenity(`Canal tour ${RUN}`);
  const [eva, admin] = await Promise.all([
    editing(browser, AMSTERDAM, amenity.id, amenity.name),
    editing(browser, ADMIN.email, amenity.id, amenity.name),
  ]);

  await field(eva, 'Address').fill('Prinsengracht 263, Amsterdam');
  await save(eva);
  await expect(eva).toHaveURL(new RegExp(`/amenities/${amenity.id}/show$`));

  await field(admin, 'Name').fill(`Evening canal tour ${RUN}`);
  await save(admin);
  await panel(admin).getByRole('button', { name: conflicts.takeTheirs }).click();
  await expect(field(admin, 'Address')).toHaveValue('Prinsengracht 263, Amsterdam');
  await expect(field(admin, 'Name')).toHaveValue(`Canal tour ${RUN}`);
  await expect(admin.getByText(en.crud.unsaved, { exact: true })).toHaveCount(0);
  // What the admin typed is on screen, and comes back on request.
  const kept = admin.getByRole('alert').filter({ hasText: conflicts.tookTheirs });
  await expect(kept).toContainText(`Evening canal tour ${RUN}`);
  await kept.getByRole('button', { name: conflicts.restoreMine }).click();
  await expect(field(admin, 'Name')).toHaveValue(`Evening canal tour ${RUN}`);
  await save(admin);
  await expect(admin).toHaveURL(new RegExp(`/amenities/${amenity.id}/show$`));
  expect(await stored(amenity.id)).toMatchObject({
    name: `Evening canal tour ${RUN}`,
    address: 'Prinsengracht 263, Amsterdam',
    version: 3,
  });
});

test('two tabs of one record, each saving its own fields, never conflict with each other', async ({
  page,
}) => {
  // A hotel's social links and its guest app's metadata are two forms over its one branding
  // record: both open, saved one after the other, the second save meets a newer version whose
  // changes are all in fields it does not send, and goes through.
  const [hotel] = await apiAs<{ id: number }[]>(
    'main',
    ADMIN.email,
    '/users?email=hotel-madrid@example.com',
  );
  const fields = en.resources.branding.fields;
  const tabs = en.resources.users.tabs;
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto(`/dashboard/user/${hotel!.id}/edit`);
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  const facebook = page.getByRole('textbox', { name: fields.facebook });
  const title = page.getByRole('textbox', { name: fields.title, exact: true });
  await tab(tabs.social).click();
  await expect(facebook).toBeVisible();
  await tab(tabs.metadata).click();
  await expect(title).toBeVisible();

  await tab(tabs.social).click();
  await facebook.fill(`https://facebook.com/madrid-${RUN}`);
  await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(en.branding.saved)).toHaveCount(1);
  await tab(tabs.metadata).click();
  await title.fill(`Madrid ${RUN}`);
  await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => {
      const branding = await apiAs<{ title?: string; social?: { facebook?: string } }>(
        'main',
        ADMIN.email,
        `/branding?ownerId=${hotel!.id}`,
      );
      return [branding.title, branding.social?.facebook];
    })
    .toEqual([`Madrid ${RUN}`, `https://facebook.com/madrid-${RUN}`]);
  await expect(page.getByText(/changed this .* while you were editing/)).toHaveCount(0);
  await expect(page.getByText(en.crud.unsaved, { exact: true })).toHaveCount(0);
});

test('the own profile: a Save over a change an administrator made meanwhile shows the panel; merge keeps both', async ({
  page,
}) => {
  const MADRID = 'hotel-madrid@example.com';
  const me = await apiAs<{ id: number; name: string; phoneNumber: string }>(
    'main',
    MADRID,
    '/users/me',
  );
  await signIn(page, MADRID);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/user/account');
  const form = page.getByRole('form', { name: 'Profile' });
  // The input (the conflict panel names a group by the same label).
  const nameInput = form.locator('#field-name');
  await expect(nameInput).toHaveValue(me.name);

  // The administrator changes the hotel's phone number while its profile is open.
  const phone = `+34 91 555 ${String(Date.now()).slice(-4)}`;
  const theirs = await apiCall('main', ADMIN.email, 'PATCH', `/users/${me.id}`, {
    phoneNumber: phone,
  });
  expect(theirs.status).toBe(200);

  const renamed = `${me.name} ${RUN}`;
  await nameInput.fill(renamed);
  await form.getByRole('button', { name: 'Save profile' }).click();
  const shown = page
    .getByRole('alert')
    .filter({ hasText: new RegExp(`^${ADMIN.name} changed this user at`) });
  await expect(shown).toBeVisible();
  // Nothing was saved over theirs, and what the hotel typed is still in the form.
  expect(await apiAs('main', MADRID, '/users/me')).toMatchObject({
    name: me.name,
    phoneNumber: phone,
  });
  await expect(nameInput).toHaveValue(renamed);
  await expect(row(shown, 'Phone number')).toContainText(phone);
  await expect(row(shown, 'Phone number')).toContainText(conflicts.onlyTheirs);
  await expect(row(shown, 'Name')).toContainText(conflicts.onlyYours);
  await page.screenshot({ path: 'test-results/conflicts-account-1440.png', fullPage: true });

  await shown.getByRole('button', { name: conflicts.merge }).click();
  await expect(page.getByText(conflicts.merged)).toBeVisible();
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved')).toBeVisible();
  expect(await apiAs('main', MADRID, '/users/me')).toMatchObject({
    name: renamed,
    phoneNumber: phone,
  });
  // Put back for the other tests.
  await apiCall('main', MADRID, 'PATCH', '/users/me', {
    name: me.name,
    phoneNumber: me.phoneNumber,
  });
});

/** A guest's request to a fresh form of the Amsterdam hotel, sent through the public API. */
async function guestRequest(label: string): Promise<{ id: number }> {
  const created = await apiCall('main', AMSTERDAM, 'POST', '/forms', {
    label: `${label} ${RUN}`,
    locale: 'en',
    fields: [{ name: 'name', label: 'Name', type: 'text', required: true }],
  });
  expect(created.status).toBe(201);
  const form = created.body as { id: number };
  const sent = await fetch(
    `http://127.0.0.1:${STACKS.main.api}/public/canal-house-amsterdam/forms/${form.id}/submissions`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { name: 'Anna Jansen' } }),
    },
  );
  expect(sent.status).toBe(201);
  const [request] = await apiAs<{ id: number }[]>(
    'main',
    AMSTERDAM,
    `/submissions?formId=${form.id}`,
  );
  return request;
}

/** The request's page in a browser of its own; `live: false` as one whose stream dropped. */
async function openRequest(browser: Browser, id: number, { live = false } = {}): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (!live) await page.route(/\/events(\?|$)/, (route) => route.abort());
  await signIn(page, AMSTERDAM);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto(`/dashboard/requests/${id}`);
  await expect(page.getByRole('radio', { name: 'New' })).toBeChecked();
  return page;
}

test('a request’s status changed meanwhile in another browser: the second change is refused and told, and the page shows the stored status', async ({
  browser,
}) => {
  const request = await guestRequest('Extra towels');
  const open = () => openRequest(browser, request.id);
  const choose = (page: Page, status: string) =>
    page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: status }) })
      .click();
  const [first, second] = [await open(), await open()];

  await choose(second, 'In progress');
  await expect(second.getByRole('radio', { name: 'In progress' })).toBeChecked();
  await expect
    .poll(
      async () =>
        (await apiAs<{ status: string }>('main', AMSTERDAM, `/submissions/${request.id}`)).status,
    )
    .toBe('in-progress');

  await choose(first, 'Done');
  await expect(first.getByText(conflicts.staleTitle)).toBeVisible();
  // The page shows what is stored now, and the server kept the other person's change.
  await expect(first.getByRole('radio', { name: 'In progress' })).toBeChecked();
  expect(await apiAs('main', AMSTERDAM, `/submissions/${request.id}`)).toMatchObject({
    status: 'in-progress',
  });
  // Chosen again over the version now shown, it goes through.
  await choose(first, 'Done');
  await expect(first.getByText('Status: Done')).toBeVisible();
  expect(await apiAs('main', AMSTERDAM, `/submissions/${request.id}`)).toMatchObject({
    status: 'done',
  });
});

test('a request’s notes: a Save over notes changed meanwhile is refused and told, keeps what was typed beside what is stored, and saves it when asked again', async ({
  browser,
}) => {
  const request = await guestRequest('Late check-out');
  const page = await openRequest(browser, request.id);
  const notes = page.getByLabel('Internal notes');
  await page.getByLabel('Assignee').fill('Jonas');
  await notes.fill('Towels brought to room 12');
  // Meanwhile a colleague writes their own note.
  const theirs = 'Call the guest at 10:00';
  const changed = await apiCall('main', AMSTERDAM, 'PATCH', `/submissions/${request.id}`, {
    notes: theirs,
  });
  expect(changed.status).toBe(200);

  await save(page);
  await expect(page.getByText(conflicts.staleTitle)).toBeVisible();
  const told = page.getByRole('alert').filter({ hasText: en.requests.handlingChanged });
  await expect(told).toContainText(theirs);
  await expect(notes).toHaveValue('Towels brought to room 12');
  await expect(page.getByLabel('Assignee')).toHaveValue('Jonas');
  expect(await apiAs('main', AMSTERDAM, `/submissions/${request.id}`)).toMatchObject({
    notes: theirs,
  });

  // Saved again over the version now shown: the person's notes are stored, the notice goes.
  await save(page);
  await expect(page.getByText(en.requests.saved)).toBeVisible();
  await expect(told).toHaveCount(0);
  expect(await apiAs('main', AMSTERDAM, `/submissions/${request.id}`)).toMatchObject({
    assignee: 'Jonas',
    notes: 'Towels brought to room 12',
  });
});

test('a request’s notes changed by someone else while typing: the live refresh keeps what is typed and offers theirs', async ({
  browser,
}) => {
  const request = await guestRequest('Baby cot');
  const page = await openRequest(browser, request.id, { live: true });
  const notes = page.getByLabel('Internal notes');
  await notes.fill('Cot in the wardrobe');
  const theirs = 'Cot delivered by housekeeping';
  await apiCall('main', AMSTERDAM, 'PATCH', `/submissions/${request.id}`, { notes: theirs });
  const told = page.getByRole('alert').filter({ hasText: en.requests.handlingChanged });
  await expect(told).toContainText(theirs);
  await expect(notes).toHaveValue('Cot in the wardrobe');
  await told.getByRole('button', { name: conflicts.takeTheirs }).click();
  await expect(notes).toHaveValue(theirs);
  await expect(told).toHaveCount(0);
});

test('the customize dialog: a Save over a title changed meanwhile shows the panel in the dialog and keeps what was typed', async ({
  page,
}) => {
  const MADRID = 'hotel-madrid@example.com';
  const app = (await apiAs<{ id: number; key: string }[]>('main', MADRID, '/apps?_end=1000')).find(
    (each) => each.key === 'send-hatch',
  )!;
  const existing = await apiAs<{ id: number }[]>(
    'main',
    MADRID,
    `/app-customizations?appId=${app.id}`,
  );
  const customization =
    existing[0] ??
    ((
      await apiCall('main', MADRID, 'POST', '/app-customizations', {
        appId: app.id,
        title: 'Send a parcel',
      })
    ).body as { id: number });

  await signIn(page, MADRID);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/user/apps');
  await page.getByRole('button', { name: 'Customize SendHatch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Customize SendHatch' });
  const title = dialog.locator('#title').or(dialog.getByRole('textbox', { name: 'Title' }));
  await expect(title.first()).toBeVisible();

  // Someone else renames it while the dialog is open.
  const theirs = `Parcels at the desk ${RUN}`;
  const changed = await apiCall(
    'main',
    ADMIN.email,
    'PATCH',
    `/app-customizations/${customization.id}`,
    {
      title: theirs,
    },
  );
  expect(changed.status).toBe(200);

  const mine = `Send your parcels ${RUN}`;
  await title.first().fill(mine);
  await dialog.getByRole('button', { name: en.crud.save, exact: true }).click();
  const shown = dialog
    .getByRole('alert')
    .filter({ hasText: new RegExp(`^${ADMIN.name} changed this`) });
  await expect(shown).toBeVisible();
  await expect(row(shown, 'Title')).toContainText(theirs);
  await expect(row(shown, 'Title')).toContainText(mine);
  await page.screenshot({ path: 'test-results/conflicts-customize-1440.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/conflicts-customize-390.png' });
  // Nothing saved over theirs; the dialog stays open with what was typed.
  expect(await apiAs('main', MADRID, `/app-customizations/${customization.id}`)).toMatchObject({
    title: theirs,
  });
  await expect(title.first()).toHaveValue(mine);

  // Keep mine: saved over theirs, explicitly.
  await shown.getByRole('button', { name: conflicts.keepMine }).click();
  await expect(page.getByText('The customization of SendHatch is saved')).toBeVisible();
  expect(await apiAs('main', MADRID, `/app-customizations/${customization.id}`)).toMatchObject({
    title: mine,
  });
});

test('a reference in the panel reads as the referenced record’s name, as the form’s select shows it', async ({
  browser,
}) => {
  const amenity = await newAmenity(`Bike rental ${RUN}`);
  const categories = await apiAs<{ id: number; name: string }[]>(
    'main',
    AMSTERDAM,
    '/amenity-categories?locale=en',
  );
  const { categoryId } = amenity as Amenity & { categoryId: number };
  const before = categories.find((category) => category.id === categoryId)!;
  const after = categories.find((category) => category.id !== categoryId)!;
  const admin = await editing(browser, ADMIN.email, amenity.id, amenity.name);
  // The hotel moves it to another category meanwhile.
  const moved = await apiCall('main', AMSTERDAM, 'PATCH', `/amenities/${amenity.id}`, {
    categoryId: after.id,
  });
  expect(moved.status).toBe(200);

  await field(admin, 'Description').fill('Bikes from 8 to 20, helmets at the desk.');
  await save(admin);
  const category = row(panel(admin), 'Category');
  await expect(category).toContainText(conflicts.onlyTheirs);
  // Theirs, then yours: each the category's name, not its id.
  const cells = category.locator('.ant-descriptions-item-content');
  await expect(cells).toHaveText([after.name, before.name]);
});

test('the permissions grid: a switch flipped meanwhile by another administrator is refused and told, and shows what is stored', async ({
  page,
}) => {
  const SUPER = 'superadmin@example.com';
  const [madrid] = await apiAs<{ id: number }[]>(
    'main',
    ADMIN.email,
    '/users?email=hotel-madrid@example.com',
  );
  const app = (
    await apiAs<{ id: number; key: string }[]>('main', ADMIN.email, '/apps?_end=1000')
  ).find((each) => each.key === 'send-hatch')!;
  const where = `/app-permissions?ownerId=${madrid.id}&appId=${app.id}`;
  const existing = (await apiAs<{ id: number }[]>('main', ADMIN.email, where))[0];
  const permission =
    existing ??
    ((
      await apiCall('main', ADMIN.email, 'POST', '/app-permissions', {
        ownerId: madrid.id,
        appId: app.id,
        canSelfConnect: true,
      })
    ).body as { id: number });
  const set = (canSelfConnect: boolean) =>
    apiCall('main', SUPER, 'PATCH', `/app-permissions/${permission.id}`, { canSelfConnect });
  expect((await set(true)).status).toBe(200);

  // No live stream: the grid keeps what it loaded, as one whose stream dropped would.
  await page.route(/\/events(\?|$)/, (route) => route.abort());
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto(`/dashboard/apps/permissions?q=${encodeURIComponent('Casa Alameda')}`);
  const toggle = page.getByRole('switch', {
    name: 'Casa Alameda Madrid may connect SendHatch itself',
  });
  await expect(toggle).toBeChecked();

  // Another administrator turns it off meanwhile; this one, not knowing, flips it too.
  expect((await set(false)).status).toBe(200);
  expect((await set(true)).status).toBe(200);
  await toggle.click();
  await expect(page.getByText(conflicts.staleTitle)).toBeVisible();
  await expect(toggle).toBeChecked();
  expect(await apiAs('main', ADMIN.email, `/app-permissions/${permission.id}`)).toMatchObject({
    canSelfConnect: true,
  });
  // Flipped again over the version now shown, it is saved.
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect
    .poll(
      async () =>
        (
          await apiAs<{ canSelfConnect: boolean }>(
            'main',
            ADMIN.email,
            `/app-permissions/${permission.id}`,
          )
        ).canSelfConnect,
    )
    .toBe(false);
  expect((await set(true)).status).toBe(200);
});
