import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { STACKS } from '../../playwright.config';
import { apiAs, choose, en, moveFirstRowDown, signIn } from './support';

const AMSTERDAM = 'hotel-amsterdam@example.com';
const HOTEL_SLUG = 'canal-house-amsterdam';
const text = en.resources.pages;

/** A real 24x24 PNG (solid green), built from its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAH0lEQVR42mOQ7yqgCmIYNWjUoFGDRg0aNWjUoIE3CABKVXhf8bYXiwAAAABJRU5ErkJggg==',
  'base64',
);

/** A small, valid one-page PDF (PDF 1.4 with a text stream and a correct cross-reference). */
function pdf(line: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${line}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface PageRecord {
  id: number;
  title: string;
  slug: string;
  locale: string;
  groupId: string;
  type: string;
  body?: string;
  pdf?: string;
  iframe?: string;
  cover?: string;
  published: boolean;
  needsTranslation?: boolean;
}

const RUN = Date.now().toString(36);

async function signedIn(page: Page) {
  await signIn(page, AMSTERDAM);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

test('an operator creates a content page in Dutch and English through the five steps, publishes it, and a guest app reads it', async ({
  page,
}) => {
  await signedIn(page);
  await page.goto('/dashboard/page/new');
  await expect(
    page.getByRole('heading', { name: `New ${text.options.type.content}` }),
  ).toBeVisible();

  // Choose: the template of its subpages, from pictures.
  await expect(page.getByRole('radio', { name: text.options.template.rows })).toBeChecked();
  await page.getByText(text.options.template.masonry, { exact: true }).click();
  await expect(page.getByRole('radio', { name: text.options.template.masonry })).toBeChecked();
  await next(page);

  // Design: a colour and a real cover image.
  await page.getByLabel(text.fields.background, { exact: true }).fill('#fdf6e3');
  await page
    .getByLabel(text.fields.cover, { exact: true })
    .setInputFiles({ name: 'canal.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Preview of canal.png' })).toBeVisible();
  await next(page);

  // Languages: Dutch (the source) and English.
  await choose(page, text.fields.languages, 'English');
  await next(page);

  // Data: the slug follows the title; a wrong slug is explained under the field.
  const title = `Welkom aan de gracht ${RUN}`;
  await page.getByLabel(text.fields.title, { exact: true }).fill(title);
  const slug = page.getByLabel(text.fields.slug, { exact: true });
  await expect(slug).toHaveValue(`welkom-aan-de-gracht-${RUN}`);
  await slug.fill('Welkom Gracht!');
  await next(page);
  await expect(
    page.getByText(en.validation.slug.replace('{{field}}', text.fields.slug)),
  ).toBeVisible();
  await slug.fill(`welkom-${RUN}`);

  // The editor: a heading and bold text.
  const editor = page.getByRole('textbox', { name: text.fields.body });
  await editor.click();
  await page.keyboard.type('Fijn dat u er bent.');
  await page.keyboard.press('ControlOrMeta+a');
  await page.getByRole('button', { name: en.richText.bold }).click();
  await next(page);

  // Done: a summary, nothing stored yet; Create makes the page and its English copy.
  const form = page.getByRole('form', { name: `New ${text.options.type.content}` });
  await expect(form.getByText(title)).toBeVisible();
  // The styling group by its parts' names, with their own views (not "#fdf6e3, public-sans, …").
  const styling = form.locator('.ant-descriptions-row', { hasText: text.groups.styling });
  for (const part of [text.fields.background, text.fields.font, text.fields.titleColor, '#fdf6e3'])
    await expect(styling.getByText(part, { exact: true })).toBeVisible();
  await expect(styling.getByText(text.options.font['public-sans'], { exact: true })).toBeVisible();
  // The guest-app preview shows it as a guest will see it.
  await expect(
    page.getByRole('region', { name: en.pagePreview.label }).getByRole('heading', { name: title }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  // Done offers the new page: open it, edit it, or create another.
  await expect(page.getByRole('button', { name: `Open ${title}` })).toBeVisible();

  const made = await apiAs<PageRecord[]>('main', AMSTERDAM, `/pages?slug=welkom-${RUN}`);
  expect(made.map((row) => row.locale).sort()).toEqual(['en', 'nl']);
  const dutch = made.find((row) => row.locale === 'nl')!;
  const english = made.find((row) => row.locale === 'en')!;
  expect(english.groupId).toBe(dutch.groupId);
  // No translation service in the test stack: the English copy says it needs one.
  expect(english.needsTranslation).toBe(true);
  expect(dutch.body).toBe('<p><strong>Fijn dat u er bent.</strong></p>');
  expect(dutch.cover).toMatch(/^\/uploads\/files\/\d+\/[A-Za-z0-9_-]{22}\.png$/);
  expect(dutch.published).toBe(false);

  // A draft is not served to guests; published, it is.
  const api = `http://127.0.0.1:${STACKS.main.api}`;
  const publicPage = `${api}/public/${HOTEL_SLUG}/pages/welkom-${RUN}?locale=nl`;
  expect((await fetch(publicPage)).status).toBe(404);

  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByRole('tab', { name: text.tabs.published }).click();
  await page.getByRole('switch', { name: text.fields.published }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${title} was saved`)).toBeVisible();

  const served = await fetch(publicPage);
  expect(served.status).toBe(200);
  const guest = (await served.json()) as PageRecord;
  expect(guest.title).toBe(title);
  expect(guest.body).toContain('<strong>Fijn dat u er bent.</strong>');
});

test("a page's show page names its styling's parts, with swatches and the font's name", async ({
  page,
}) => {
  await signedIn(page);
  const [first] = await apiAs<PageRecord[]>('main', AMSTERDAM, '/pages?_sort=id&_limit=1');
  await page.goto(`/dashboard/page/${first!.id}/show`);
  await page.getByRole('tab', { name: text.tabs.design }).click();
  const styling = page.locator('.ant-descriptions-row', { hasText: text.groups.styling });
  await expect(styling.getByText(text.fields.buttonColor, { exact: true })).toBeVisible();
  await expect(styling.getByText(text.fields.font, { exact: true })).toBeVisible();
  await expect(styling.locator('code').first()).toHaveText(/^#[0-9a-f]{6}$/i);
});

test('an operator creates a PDF page with a real PDF and an iframe page with an https address', async ({
  page,
}) => {
  await signedIn(page);

  await page.goto('/dashboard/page/new-pdf');
  await expect(page.getByRole('heading', { name: `New ${text.options.type.pdf}` })).toBeVisible();
  await next(page);
  await next(page);
  await next(page);
  await page.getByLabel(text.fields.title, { exact: true }).fill(`Spa menu ${RUN}`);
  await page
    .getByLabel(text.fields.pdf, { exact: true })
    .setInputFiles({ name: 'spa-menu.pdf', mimeType: 'application/pdf', buffer: pdf('Spa menu') });
  // The upload field names the file (the preview beside the form names it too, once it has it).
  await expect(
    page.getByRole('form', { name: `New ${text.options.type.pdf}` }).getByText('spa-menu.pdf'),
  ).toBeVisible();
  await next(page);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('button', { name: `Open Spa menu ${RUN}` })).toBeVisible();
  const [spa] = await apiAs<PageRecord[]>('main', AMSTERDAM, `/pages?slug=spa-menu-${RUN}`);
  expect(spa!.type).toBe('pdf');
  expect(spa!.pdf).toMatch(/\.pdf$/);
  expect(spa).not.toHaveProperty('body');

  await page.goto('/dashboard/page/new-iframe');
  await next(page);
  await next(page);
  await next(page);
  await page.getByLabel(text.fields.title, { exact: true }).fill(`Map ${RUN}`);
  const address = page.getByLabel(text.fields.iframe, { exact: true });
  await address.fill('http://www.openstreetmap.org/export/embed.html');
  await next(page);
  await expect(page.getByText(en.validation.https)).toBeVisible();
  await address.fill('https://www.openstreetmap.org/export/embed.html');
  await next(page);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('button', { name: `Open Map ${RUN}` })).toBeVisible();
  const [map] = await apiAs<PageRecord[]>('main', AMSTERDAM, `/pages?slug=map-${RUN}`);
  expect(map!.iframe).toBe('https://www.openstreetmap.org/export/embed.html');
});

test('pages are reordered by keyboard, and the order survives a reload', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard/page/list');
  await moveFirstRowDown(page);
});
