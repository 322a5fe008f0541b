import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { STACKS } from '../../playwright.config';
import { apiCall, dragField, en, signIn } from './support';

const AMSTERDAM = 'hotel-amsterdam@example.com';
const HOTEL_SLUG = 'canal-house-amsterdam';
const RUN = Date.now().toString(36);
const PUBLIC = `http://127.0.0.1:${STACKS.main.api}/public/${HOTEL_SLUG}`;

// Room for the builder, its palette and a form of eight fields without scrolling mid-drag.
test.use({ viewport: { width: 1440, height: 1800 } });

/** Where screenshots for people to look at go (kept with the run's results). */
const shot = (name: string) => `test-results/forms-${name}.png`;

/** Adds a field through the builder's dialog: its label, then its name, required, options. */
async function addField(
  page: Page,
  type: string,
  field: { label: string; name: string; required?: boolean; options?: [string, string][] },
) {
  const dialog = await dragField(page, type);
  // The label first: Form.io makes a new field's name from it (a moment later); the name typed
  // after that stays.
  const name = dialog.getByLabel('Name');
  const suggested = await name.inputValue();
  await dialog.getByLabel('Label').fill(field.label);
  await expect(name).not.toHaveValue(suggested);
  await name.fill(field.name);
  if (field.required) await dialog.getByLabel('Required').check();
  for (const [index, [text, value]] of (field.options ?? []).entries()) {
    if (index > 0) await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByRole('textbox', { name: 'Text' }).nth(index).fill(text);
    await dialog.getByRole('textbox', { name: 'Value' }).nth(index).fill(value);
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('an operator builds a form of the seven types, a guest answers it, the answers show and export', async ({
  page,
}) => {
  // Eight fields built by drag and drop, each through its dialog: a long walk.
  test.setTimeout(150_000);
  const outside: string[] = [];
  page.on('request', (request) => {
    const { hostname } = new URL(request.url());
    if (hostname !== 'localhost' && hostname !== '127.0.0.1') outside.push(request.url());
  });
  await signIn(page, AMSTERDAM);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  // The menu's Forms entry opens to All forms and Create form (it may be open already).
  const create = page.getByRole('menuitem', { name: 'Create form' });
  if (!(await create.isVisible())) await page.getByRole('menuitem', { name: 'Forms' }).click();
  await create.click();
  await expect(page).toHaveURL(/\/dashboard\/form\/new/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Forms');

  const label = `Wensen voor uw verblijf ${RUN}`;
  await page.getByLabel('Label', { exact: true }).fill(label);
  await addField(page, 'textfield', { label: 'Naam', name: 'naam', required: true });
  await addField(page, 'textarea', { label: 'Wensen', name: 'wensen' });
  await addField(page, 'email', { label: 'E-mail', name: 'email', required: true });
  await addField(page, 'number', { label: 'Aantal gasten', name: 'gasten' });
  await addField(page, 'datetime', { label: 'Aankomst', name: 'aankomst' });
  await addField(page, 'checkbox', { label: 'Nieuwsbrief', name: 'nieuwsbrief' });
  await addField(page, 'select', {
    label: 'Kussen',
    name: 'kussen',
    options: [
      ['Zacht', 'zacht'],
      ['Stevig', 'stevig'],
    ],
  });

  // The live preview shows the form as a guest sees it.
  const preview = page.getByRole('group', { name: `Preview of ${label}` });
  await expect(preview.getByLabel('Aantal gasten')).toBeVisible();
  await expect(preview.getByRole('combobox', { name: 'Kussen' })).toBeVisible();

  // A second field named "naam" breaks a rule: the builder says so with the spec's words.
  await addField(page, 'textfield', { label: 'Naam partner', name: 'naam' });
  const rules = page.getByRole('alert').filter({ hasText: 'The form cannot be saved yet' });
  await expect(rules).toContainText('Field 8 (Naam partner): Duplicate name');
  await page.screenshot({ path: shot('builder-light'), fullPage: true });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/form\/new/);
  // Removing it clears the error.
  const builder = page.locator('.stay-formio-builder');
  await builder.locator('.formio-component-naam1, .builder-component').last().hover();
  await builder
    .getByRole('button', { name: /Remove button/ })
    .last()
    .click({ force: true });
  await expect(rules).toBeHidden();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/form\/list/);
  const row = page.getByRole('row').filter({ hasText: label });
  await expect(row).toBeVisible();
  // Label, languages, field count, submissions count.
  await expect(row.getByRole('cell').nth(3)).toHaveText('7');
  await expect(row.getByRole('cell').nth(4)).toHaveText('0');
  await page.screenshot({ path: shot('list'), fullPage: true });

  // The API stores the simple model, each field as built.
  const forms = await apiCall('main', AMSTERDAM, 'GET', `/forms?q=${RUN}`);
  const form = (forms.body as { id: number; fields: { name: string; type: string }[] }[])[0]!;
  expect(form.fields.map((field) => `${field.name}:${field.type}`)).toEqual([
    'naam:text',
    'wensen:textarea',
    'email:email',
    'gasten:number',
    'aankomst:date',
    'nieuwsbrief:checkbox',
    'kussen:select',
  ]);

  // A guest answers through the public API (a name a spreadsheet would run as a formula).
  const guestForm = await fetch(`${PUBLIC}/forms/${form.id}`);
  expect(guestForm.status).toBe(200);
  const answer = await fetch(`${PUBLIC}/forms/${form.id}/submissions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      data: {
        naam: '=Anna+Jansen',
        wensen: 'Een rustige kamer',
        email: 'anna@example.com',
        gasten: 2,
        aankomst: '2030-05-17',
        nieuwsbrief: true,
        kussen: 'stevig',
      },
    }),
  });
  expect(answer.status).toBe(201);
  const refused = await fetch(`${PUBLIC}/forms/${form.id}/submissions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ data: { naam: 'Tom', email: 'not an email' } }),
  });
  expect(refused.status).toBe(422);

  // The submission shows in the form's submissions, a column per field.
  await page.reload();
  await row.getByRole('link', { name: `Submissions of ${label}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/form/${form.id}/submissions`));
  await expect(page.getByRole('heading', { name: `Submissions: ${label}` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Submissions');
  const answerRow = page.getByRole('row').filter({ hasText: '=Anna+Jansen' });
  await expect(answerRow).toContainText('Stevig');
  await expect(answerRow).toContainText('anna@example.com');
  await expect(page.getByRole('columnheader', { name: 'Aantal gasten' })).toBeVisible();

  // One submission, read-only, as the guest filled it in.
  await answerRow.getByRole('button', { name: /^Show Submission of/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByLabel('Naam')).toHaveValue('=Anna+Jansen');
  await expect(drawer.getByLabel('Naam')).toBeDisabled();
  await expect(drawer.getByRole('combobox', { name: 'Kussen' })).toHaveValue('stevig');
  await page.screenshot({ path: shot('submission'), fullPage: true });
  await drawer.getByRole('button', { name: 'Close' }).click();

  // The CSV export: labels as headers, cells as the table shows them, formulas neutralised.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8');
  const [header, line] = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(header).toBe('Submitted,Naam,Wensen,E-mail,Aantal gasten,Aankomst,Nieuwsbrief,Kussen');
  expect(line).toContain(`'=Anna+Jansen,Een rustige kamer,anna@example.com,2,`);
  expect(line).toMatch(/,Yes,Stevig$/);

  // Deleting a submission asks first.
  await answerRow.getByRole('button', { name: /^Delete Submission of/ }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(answerRow).toBeHidden();
  await expect(page.getByText('No submissions yet')).toBeVisible();

  // Nothing came from anywhere but this machine (no CDN for Form.io, flatpickr or icons).
  expect(outside).toEqual([]);
});

test('past the threshold the builder warns about the field count; a drag saves the order or says it failed', async ({
  page,
}) => {
  const fields = Array.from({ length: 21 }, (_, i) => ({
    name: `vraag-${i + 1}`,
    label: `Vraag ${i + 1}`,
    type: 'text',
    required: false,
  }));
  const created = await apiCall('main', AMSTERDAM, 'POST', '/forms', {
    label: `Lange enquête ${RUN}`,
    locale: 'nl',
    fields,
  });
  expect(created.status).toBe(201);
  const id = (created.body as { id: number }).id;
  await signIn(page, AMSTERDAM);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto(`/dashboard/form/${id}/edit`);
  await expect(
    page.getByRole('alert').filter({ hasText: 'This form has 21 fields' }),
  ).toContainText('Forms with more than 20 fields');

  // Dragging the first field below the third saves the new order at once.
  const builder = page.locator('.stay-formio-builder');
  const dragFirstBelowThird = async () => {
    const first = builder.locator('.builder-component').first();
    const third = builder.locator('.builder-component').nth(2);
    await first.hover();
    const handle = first.getByRole('button', { name: 'Move button', exact: true });
    const from = (await handle.boundingBox())!;
    const to = (await third.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height - 4, { steps: 12 });
    await page.mouse.up();
  };
  await dragFirstBelowThird();
  await expect(page.getByText(en.reorder.saved)).toBeVisible();
  const stored = await apiCall('main', AMSTERDAM, 'GET', `/forms/${id}`);
  expect(
    (stored.body as { fields: { name: string }[] }).fields.slice(0, 3).map((field) => field.name),
  ).toEqual(['vraag-2', 'vraag-3', 'vraag-1']);

  // The form disappears on the server meanwhile: the next reorder cannot be saved, and says so.
  expect((await apiCall('main', AMSTERDAM, 'DELETE', `/forms/${id}`)).status).toBe(200);
  await dragFirstBelowThird();
  await expect(page.getByText(en.reorder.failed)).toBeVisible();
});

test('Bootstrap restyles nothing outside the builder, and the builder follows dark mode', async ({
  page,
}) => {
  await signIn(page, AMSTERDAM);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  // Another page of the dashboard, before and after the builder has loaded its styles.
  const looks = async () => {
    await page.goto('/dashboard/amenities/list');
    await expect(page.getByRole('heading', { name: 'Amenities', level: 1 })).toBeVisible();
    // With its rows: the last link on the page is a row's (before they come, a menu entry's).
    await expect(page.getByRole('table').locator('a[href$="/show"]').first()).toBeVisible();
    const style = (locator: Locator, names: string[]) =>
      locator.evaluate(
        (el, props) => props.map((name) => getComputedStyle(el).getPropertyValue(name)),
        names,
      );
    return {
      body: await style(page.locator('body'), ['font-family', 'font-size', 'line-height', 'color']),
      heading: await style(page.getByRole('heading', { level: 1 }), ['font-size', 'margin-bottom']),
      button: await style(page.getByRole('button', { name: 'Export CSV' }), [
        'border-radius',
        'padding-top',
        'font-size',
      ]),
      link: await style(page.getByRole('link').filter({ hasText: /./ }).last(), [
        'text-decoration-line',
        'color',
      ]),
    };
  };
  const before = await looks();
  await page.goto('/dashboard/form/new');
  await expect(page.locator('.stay-formio-builder [data-type="select"]')).toBeVisible();
  await page.screenshot({ path: shot('builder-empty-light'), fullPage: true });
  expect(await looks()).toEqual(before);
  await page.screenshot({ path: shot('amenities-after-builder'), fullPage: true });

  // From the keyboard: a palette entry is a button, Enter adds the field and opens its dialog.
  await page.goto('/dashboard/form/new');
  const addText = page.getByRole('button', { name: 'Add a Text field' });
  await addText.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByLabel('Label')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByText('Dark', { exact: true }).click();
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(settings).toBeHidden();
  await expect(page.locator('.stay-formio-builder')).toHaveAttribute('data-bs-theme', 'dark');
  const dialog = await dragField(page, 'select');
  // Light text on a dark dialog.
  const color = await dialog
    .getByLabel('Label')
    .evaluate((el) => getComputedStyle(el).color.match(/\d+/g)!.slice(0, 3).map(Number));
  expect(Math.min(...color)).toBeGreaterThan(150);
  await page.screenshot({ path: shot('builder-dark'), fullPage: true });
});
