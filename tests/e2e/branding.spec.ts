import { expect, test } from './fixtures';
import { STACKS } from '../../playwright.config';
import { apiAs, apiCall, en, signIn } from './support';

// Berlin: no other spec changes its branding (auth.spec changes Madrid's password, users.spec
// edits Madrid's branding tabs).
const BERLIN = 'hotel-berlin@example.com';
const SLUG = 'spree-loft-berlin';
const texts = en.branding;
const fields = en.resources.branding.fields;

interface StoredBranding {
  primaryColor: string;
  title: string;
}

const NEW_COLOUR = '#0a7e8c';
const NEW_COLOUR_RGB = 'rgb(10, 126, 140)';

test('an operator changes its primary colour, sees the preview follow before saving, and guests get it', async ({
  page,
}) => {
  const seeded = await apiAs<StoredBranding>('main', BERLIN, '/branding');
  expect(seeded.primaryColor).not.toBe(NEW_COLOUR);
  try {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await signIn(page, BERLIN);
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: en.nav.customization }).click();
    await expect(page).toHaveURL(/\/dashboard\/customization$/);
    await expect(page.getByRole('heading', { name: texts.title, level: 1 })).toBeVisible();

    // The form holds the stored branding; the phone shows it, with the hotel's published pages.
    const colour = page.getByLabel(fields.primaryColor, { exact: true });
    await expect(colour).toHaveValue(seeded.primaryColor);
    await expect(page.getByLabel(fields.title, { exact: true })).toHaveValue(seeded.title);
    const preview = page.getByRole('region', { name: texts.preview.label });
    const header = page.getByTestId('branding-preview-header');
    await expect(header).toHaveCSS('background-color', 'rgb(46, 52, 64)');
    await expect(preview.getByRole('img', { name: `Logo of ${seeded.title}` })).toBeVisible();
    const tiles = preview
      .getByRole('list', { name: en.pagePreview.subpages })
      .getByRole('listitem');
    await expect(tiles.first()).toContainText(/\S/);
    const germanFirst = await tiles.first().innerText();
    // Another of the hotel's languages: the tiles are the pages in English.
    await page.getByTitle(en.languages.en).click();
    await expect(page.getByRole('radio', { name: 'EN' })).toBeChecked();
    await expect(tiles.first()).not.toHaveText(germanFirst);

    // The preview follows the typing before anything is saved.
    await colour.fill(NEW_COLOUR);
    await expect(header).toHaveCSS('background-color', NEW_COLOUR_RGB);
    await page.getByLabel(fields.title, { exact: true }).fill('Spree Loft Mitte');
    await expect(preview.getByText('Spree Loft Mitte', { exact: true })).toBeVisible();
    expect((await apiAs<StoredBranding>('main', BERLIN, '/branding')).primaryColor).toBe(
      seeded.primaryColor,
    );
    await page.screenshot({ path: 'test-results/branding-preview.png', fullPage: true });

    // A wrong colour is explained under its field and not saved.
    await page.getByLabel(fields.secondaryColor, { exact: true }).fill('orange');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByLabel(fields.secondaryColor, { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await page.getByLabel(fields.secondaryColor, { exact: true }).fill('#d08770');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(texts.saved)).toBeVisible();
    await expect
      .poll(async () => (await apiAs<StoredBranding>('main', BERLIN, '/branding')).primaryColor)
      .toBe(NEW_COLOUR);

    await page.reload();
    await expect(page.getByLabel(fields.primaryColor, { exact: true })).toHaveValue(NEW_COLOUR);
    await expect(page.getByTestId('branding-preview-header')).toHaveCSS(
      'background-color',
      NEW_COLOUR_RGB,
    );

    // Guest apps read it without an account.
    const publicAnswer = await fetch(`http://127.0.0.1:${STACKS.main.api}/public/${SLUG}/branding`);
    expect(publicAnswer.status).toBe(200);
    const body = (await publicAnswer.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ primaryColor: NEW_COLOUR, title: 'Spree Loft Mitte' });
    expect(body).not.toHaveProperty('ownerId');
  } finally {
    // Later specs find Berlin's branding as seeded.
    await apiCall('main', BERLIN, 'PATCH', '/branding', {
      primaryColor: seeded.primaryColor,
      title: seeded.title,
    });
  }
});
