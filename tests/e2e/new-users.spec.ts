import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, apiAs, apiCall, choose, DEMO_PASSWORD, en, signIn } from './support';

/**
 * What new users met (issue 27, items 10, 15, 17 and 18): a temporary password asks for one's
 * own, an edit page's tab is in its address and its breadcrumb names the record, a refused slug
 * reads the same on create and edit, submissions on a phone show their answers on demand, and an
 * amenity takes a website or a linked page.
 */

const BERLIN = 'hotel-berlin@example.com';
const MADRID = 'hotel-madrid@example.com';
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

interface Row {
  id: number;
  [key: string]: unknown;
}

/** Screenshots for people to look at, at 1440 and 390 px (kept with the run's results). */
async function shots(page: Page, name: string) {
  for (const [size, viewport] of [
    ['1440', WIDE],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/new-users-${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(WIDE);
}

test.use({ viewport: WIDE });

test('a temporary password asks for one’s own before anything else', async ({ page }) => {
  const [madrid] = await apiAs<Row[]>('main', ADMIN.email, `/users?email=${MADRID}`);
  const set = await apiCall(
    'main',
    ADMIN.email,
    'POST',
    `/users/${madrid!.id}/temporary-password`,
    {
      password: 'sunny-plaza-77',
    },
  );
  expect(set.status).toBe(204);

  await signIn(page, MADRID, 'sunny-plaza-77');
  const heading = page.getByRole('heading', { name: en.account.choosePassword, level: 1 });
  await expect(heading).toBeVisible();
  await expect(page.getByText(en.account.temporaryPassword)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await shots(page, 'choose-password');
  // Another address of the dashboard shows the same.
  await page.goto('/dashboard/page/list');
  await expect(heading).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);

  const form = page.getByRole('form', { name: en.account.choosePassword });
  await form.getByLabel(en.account.oldPassword, { exact: true }).fill('sunny-plaza-77');
  await form.getByLabel(en.account.newPassword, { exact: true }).fill(DEMO_PASSWORD);
  await form.getByLabel(en.account.confirmPassword, { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: en.account.savePassword }).click();
  await expect(page.getByText(en.account.passwordChanged)).toBeVisible();
  // The dashboard opens where the user was going.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/page\/list/);
  await expect(heading).toHaveCount(0);
});

test('an edit page keeps its tab in the address, names the record, and words a taken slug', async ({
  page,
}) => {
  const pages = await apiAs<Row[]>('main', BERLIN, '/pages?locale=de&_sort=id&_order=asc&_end=5');
  const [own, other] = pages as [Row, Row];
  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  await page.goto(`/dashboard/page/${own.id}/edit`);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText(String(own.title));
  await expect(crumbs).not.toContainText(`#${own.id}`);

  await page.getByRole('tab', { name: en.resources.pages.tabs.slug, exact: true }).click();
  await expect(page).toHaveURL(/[?&]tab=slug\b/);
  await page.reload();
  await expect(
    page.getByRole('tab', { name: en.resources.pages.tabs.slug, exact: true }),
  ).toHaveAttribute('aria-selected', 'true');

  // Another page's slug: refused by the server, titled as on create.
  await page.locator('input#field-slug').fill(String(other.slug));
  await page.getByRole('button', { name: en.crud.save, exact: true }).click();
  await expect(page.getByText(en.errors.notSaved)).toBeVisible();
  await expect(page.getByText(en.errors.occurred, { exact: true })).toHaveCount(0);
  await shots(page, 'page-edit');
});

test('submissions on a phone: the answers behind “Show details”, no pinned column over them', async ({
  page,
}) => {
  const forms = await apiAs<(Row & { submissionCount?: number })[]>(
    'main',
    BERLIN,
    '/forms?_end=50',
  );
  const form = forms.find((candidate) => Number(candidate.submissionCount) > 0);
  expect(form).toBeDefined();
  const [first] = await apiAs<(Row & { data: Record<string, unknown> })[]>(
    'main',
    BERLIN,
    `/submissions?formId=${form!.id}&_sort=createdAt&_order=desc&_end=1`,
  );
  const fields = (form!.fields as { name: string; label: string }[]) ?? [];
  const answered = fields.find(
    (field) => typeof first!.data[field.name] === 'string' && first!.data[field.name],
  );
  expect(answered).toBeDefined();

  await page.setViewportSize(PHONE);
  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto(`/dashboard/form/${form!.id}/submissions`);
  const details = page.getByRole('button', { name: /^Show details of Submission of/ }).first();
  await expect(details).toBeVisible();
  // The answers are no columns of the phone's table.
  await expect(page.getByRole('columnheader', { name: answered!.label, exact: true })).toHaveCount(
    0,
  );
  await details.click();
  await expect(
    page.getByRole('button', { name: /^Hide details of Submission of/ }).first(),
  ).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('dt', { hasText: answered!.label }).first()).toBeVisible();
  await expect(
    page.locator('dd', { hasText: String(first!.data[answered!.name]) }).first(),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/new-users-submissions-390.png', fullPage: true });
  // On a wide screen the answers are columns again.
  await page.setViewportSize(WIDE);
  await expect(
    page.getByRole('columnheader', { name: answered!.label, exact: true }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/new-users-submissions-1440.png', fullPage: true });
});

test('an amenity takes a website or a linked page, and says so', async ({ page }) => {
  const [category] = await apiAs<Row[]>('main', BERLIN, '/amenity-categories?locale=de&_end=1');
  const [linkedPage] = await apiAs<Row[]>(
    'main',
    BERLIN,
    '/pages?locale=de&published=true&_sort=id&_order=asc&_end=1',
  );
  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/amenities/new');
  const fields = en.resources.amenities.fields;
  await expect(page.getByLabel(fields.pageId, { exact: true })).toBeVisible();
  await expect(page.getByText(en.resources.amenities.hints.pageId)).toBeVisible();
  await page.getByLabel(fields.name, { exact: true }).fill('Fahrradverleih Mitte');
  await page.getByLabel(fields.description, { exact: true }).fill('Räder für einen Tag.');
  await page.getByLabel(fields.address, { exact: true }).fill('Torstraße 1, Berlin');
  await choose(page, fields.categoryId, String(category!.name));
  const save = page.getByRole('button', { name: en.crud.save, exact: true });
  await save.click();
  await expect(page.getByText(en.validation.urlOrPage)).toBeVisible();
  await shots(page, 'amenity-new');

  // A page of the hotel's in German, and no website: saved, the page on the show page.
  await choose(page, fields.pageId, String(linkedPage!.title));
  await save.click();
  await expect(
    page.getByRole('heading', { name: 'Fahrradverleih Mitte', exact: true }),
  ).toBeVisible();
  await expect(page.getByText(String(linkedPage!.title)).first()).toBeVisible();
  const id = /\/amenities\/(\d+)\/show/.exec(page.url())?.[1];
  const [stored] = await apiAs<Row[]>('main', BERLIN, `/amenities?id=${id}`);
  expect(stored!.pageId).toBe(linkedPage!.id);
});
