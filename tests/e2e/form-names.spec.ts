import { type Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiCall, dragField, signIn } from './support';

const AMSTERDAM = 'hotel-amsterdam@example.com';
const RUN = Date.now().toString(36);

test.use({ viewport: { width: 1440, height: 1400 } });

/** Saves a field's dialog and waits for it to close. */
async function saveDialog(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** Types a label and waits until Form.io has taken it (its dialog's preview shows it). */
async function typeLabel(dialog: Locator, label: string) {
  await dialog.getByLabel('Label').fill(label);
  await expect(dialog.locator('.component-preview')).toContainText(label);
  // Form.io renames a new field a moment after the label changes (a debounced change).
  await dialog.page().waitForTimeout(400);
}

test('a field keeps the name the user typed, whatever happens to its label, also after saving', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, AMSTERDAM);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/form/new');
  const label = `Kamerwensen ${RUN}`;
  await page.getByLabel('Label', { exact: true }).fill(label);

  // Label, then a typed name, then the label changed: the name stays.
  let dialog = await dragField(page, 'textfield');
  await typeLabel(dialog, 'Kamer');
  await expect(dialog.getByLabel('Name')).toHaveValue('kamer');
  await dialog.getByLabel('Name').fill('room-no');
  await typeLabel(dialog, 'Kamernummer');
  await expect(dialog.getByLabel('Name')).toHaveValue('room-no');
  await saveDialog(dialog);

  // A name typed before the label stays too.
  dialog = await dragField(page, 'email');
  await dialog.getByLabel('Name').fill('guest-email');
  await typeLabel(dialog, 'E-mail');
  await expect(dialog.getByLabel('Name')).toHaveValue('guest-email');
  await saveDialog(dialog);

  // Without a typed name, the name follows the label.
  dialog = await dragField(page, 'datetime');
  await typeLabel(dialog, 'Datum');
  await expect(dialog.getByLabel('Name')).toHaveValue('datum');
  await saveDialog(dialog);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/form\/list/);
  const stored = async () => {
    const { body } = await apiCall('main', AMSTERDAM, 'GET', `/forms?q=${RUN}`);
    const [form] = body as { id: number; fields: { name: string; label: string }[] }[];
    return form!;
  };
  const form = await stored();
  expect(form.fields.map((field) => `${field.name}:${field.label}`)).toEqual([
    'room-no:Kamernummer',
    'guest-email:E-mail',
    'datum:Datum',
  ]);

  // After saving, a new label never renames a field.
  await page.goto(`/dashboard/form/${form.id}/edit`);
  const builder = page.locator('.stay-formio-builder');
  const datum = builder
    .locator('.builder-component')
    .filter({ has: page.locator('.formio-component-datum') });
  await datum.hover();
  await datum.getByRole('button', { name: /Edit button/ }).click({ force: true });
  dialog = page.getByRole('dialog');
  await typeLabel(dialog, 'Aankomstdatum');
  await expect(dialog.getByLabel('Name')).toHaveValue('datum');
  await saveDialog(dialog);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/form\/list/);
  expect((await stored()).fields.map((field) => `${field.name}:${field.label}`)).toEqual([
    'room-no:Kamernummer',
    'guest-email:E-mail',
    'datum:Aankomstdatum',
  ]);
});
