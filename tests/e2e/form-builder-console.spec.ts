import { expect, test } from './fixtures';
import { dragField, signIn } from './support';

const AMSTERDAM = 'hotel-amsterdam@example.com';

/**
 * The form builder, as a Dutch operator uses it (issue 27 item 8): Form.io fetches nothing it
 * cannot get (its time-zone data comes from the build, no index.html read as JSON), warns about no
 * project it does not have, and its dialog's messages say what is wrong in the user's words:
 * "Naam is verplicht" for an empty name, never a raw pattern such as `[A-Za-z0-9-]+`.
 */
test('the form builder loads cleanly and words its checks in the user language', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const console: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') console.push(message.text());
  });
  page.on('pageerror', (error) => console.push(error.message));
  const zoneAnswers: { status: number; type: string }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('moment-timezone'))
      zoneAnswers.push({
        status: response.status(),
        type: response.headers()['content-type'] ?? '',
      });
  });

  await signIn(page, AMSTERDAM);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  // The interface in Dutch from the next page load on (the stored language choice).
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'nl'));
  await page.goto('/dashboard/form/new');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.locator('.stay-formio-builder [data-type="datetime"]')).toBeVisible();

  // A date field: Form.io's date widget asks for moment-timezone's zone data.
  let dialog = await dragField(page, 'datetime');
  await dialog.getByLabel('Label').fill('Aankomst');
  await expect(dialog.locator('.component-preview')).toContainText('Aankomst');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog).toBeHidden();

  // The zone data was fetched from the build, as JSON.
  await expect.poll(() => zoneAnswers.length).toBeGreaterThan(0);
  for (const answer of zoneAnswers) {
    expect(answer.status).toBe(200);
    expect(answer.type).toContain('application/json');
  }
  expect(
    console.filter((text) =>
      /not valid JSON|Unexpected token|projectId|project settings|formio-cdn-disabled/.test(text),
    ),
  ).toEqual([]);

  // A select: an empty name is "required", a bad option value is said in words.
  dialog = await dragField(page, 'select');
  await dialog.getByLabel('Label').fill('Kussen');
  await page.waitForTimeout(400);
  await dialog.getByLabel('Naam').fill('');
  await dialog.getByLabel('Naam').blur();
  await expect(dialog.getByText('Naam is verplicht')).toBeVisible();
  await expect(dialog.getByText(/mag alleen letters/)).toHaveCount(0);
  await dialog.getByLabel('Naam').fill('kussen');
  const option = dialog.locator('[ref="datagrid-data.values-row"]').first();
  await option.getByRole('textbox').first().fill('Veren');
  await option.getByRole('textbox').nth(1).fill('veren en dons!');
  await option.getByRole('textbox').nth(1).blur();
  await expect(
    dialog.getByText('Waarde mag alleen letters, cijfers en koppeltekens bevatten').first(),
  ).toBeVisible();
  await expect(dialog.getByText('[A-Za-z0-9-]+')).toHaveCount(0);
  await expect(dialog.getByText(/does not match|pattern/)).toHaveCount(0);
});
