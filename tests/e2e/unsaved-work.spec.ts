import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, apiAs, apiCall, en, signIn } from './support';

/**
 * Work that is lost (issue 37, items 1–3): a form's state lives as long as the record is open,
 * across its tabs; the unsaved-changes guard holds after a refused Save until a Save succeeds or
 * the user discards; the form builder's changes count as unsaved changes.
 */

const BERLIN = 'hotel-berlin@example.com';
const WIDE = { width: 1440, height: 900 };

interface Row {
  id: number;
  [key: string]: unknown;
}

test.use({ viewport: WIDE });

/** The "Unsaved changes" mark beside the shown Save (each of an edit page's tabs has one). */
const unsavedMark = (page: Page) =>
  page.getByText(en.crud.unsaved, { exact: true }).filter({ visible: true });

/**
 * Clicks `link` and answers the unsaved-changes question with `answer` (accept: leave). Fails
 * when no question is asked.
 */
async function leaveAsking(page: Page, click: () => Promise<void>, answer: 'stay' | 'leave') {
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void (answer === 'leave' ? dialog.accept() : dialog.dismiss());
  });
  await click();
  await expect.poll(() => asked).toEqual([en.warnWhenUnsavedChanges]);
}

test('the page editor keeps what was typed in every tab: a tab switch neither refetches nor resets', async ({
  page,
}) => {
  const [own] = await apiAs<Row[]>('main', BERLIN, '/pages?locale=de&_sort=id&_order=asc&_end=1');
  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (new RegExp(`/pages/${own!.id}$`).test(new URL(request.url()).pathname))
      fetched.push(request.method());
  });
  await page.goto(`/dashboard/page/${own!.id}/edit`);
  const title = page.locator('input#field-title');
  await expect(title).toHaveValue(String(own!.title));
  await title.fill('Ein neuer Titel');
  const tabs = en.resources.pages.tabs;
  // Through every tab of the record (each in the address), then back: nothing fetched again.
  for (const key of ['description', 'published', 'slug', 'content', 'design', 'title']) {
    await page.getByRole('tab', { name: tabs[key], exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]tab=${key}\\b`));
  }
  await expect(title).toHaveValue('Ein neuer Titel');
  await page.getByRole('tab', { name: tabs.slug, exact: true }).click();
  await page.locator('input#field-slug').fill('ein-neuer-titel');
  await page.getByRole('tab', { name: tabs.title, exact: true }).click();
  await expect(title).toHaveValue('Ein neuer Titel');
  expect(fetched.filter((method) => method === 'GET')).toHaveLength(1);

  await page.getByRole('tab', { name: tabs.slug, exact: true }).click();
  await page.getByRole('button', { name: en.crud.save, exact: true }).click();
  await expect(page.getByText(en.crud.saved.replace('{{name}}', 'Ein neuer Titel'))).toBeVisible();
  const [stored] = await apiAs<Row[]>('main', BERLIN, `/pages?id=${own!.id}`);
  expect(stored).toMatchObject({ title: 'Ein neuer Titel', slug: 'ein-neuer-titel' });
  // The seeded page as it was, for the tests after this one.
  const restored = await apiCall('main', BERLIN, 'PATCH', `/pages/${own!.id}`, {
    title: own!.title,
    slug: own!.slug,
  });
  expect(restored.status).toBe(200);
});

test('a user’s edit page keeps the General tab’s typing while other tabs are open', async ({
  page,
}) => {
  const [berlin] = await apiAs<Row[]>('main', ADMIN.email, `/users?email=${BERLIN}`);
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto(`/dashboard/user/${berlin!.id}/edit`);
  const company = page.getByLabel(en.resources.users.fields.company, { exact: true });
  await expect(company).toHaveValue(String(berlin!.company));
  await company.fill('Hotel Berlin Mitte GmbH');
  for (const key of ['social', 'metadata', 'account', 'general']) {
    await page.getByRole('tab', { name: en.resources.users.tabs[key], exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]tab=${key}\\b`));
  }
  await expect(company).toHaveValue('Hotel Berlin Mitte GmbH');
});

test('after a refused Save the guard still asks before leaving: page, amenity and customization', async ({
  page,
}) => {
  const [own] = await apiAs<Row[]>('main', BERLIN, '/pages?locale=de&_sort=id&_order=asc&_end=1');
  const [amenity] = await apiAs<Row[]>('main', BERLIN, '/amenities?_sort=id&_order=asc&_end=1');
  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const save = page.getByRole('button', { name: en.crud.save, exact: true });

  // A page with its title emptied: refused in place; leaving asks, staying keeps the typing.
  await page.goto(`/dashboard/page/${own!.id}/edit`);
  const title = page.locator('input#field-title');
  await expect(title).toHaveValue(String(own!.title));
  await title.fill('');
  await save.click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await leaveAsking(page, () => menu.getByRole('link', { name: 'Notifications' }).click(), 'stay');
  await expect(unsavedMark(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/page/${own!.id}/edit`));
  await expect(title).toHaveValue('');
  // A successful save ends it: the page is left without a question.
  await title.fill(`${String(own!.title)} `);
  await title.fill(String(own!.title));
  await save.click();
  await expect(unsavedMark(page)).toHaveCount(0);
  await menu.getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/dashboard\/message$/);

  // An amenity with its name emptied: the same, and Leave leaves.
  await page.goto(`/dashboard/amenities/${amenity!.id}/edit`);
  const name = page.getByLabel(en.resources.amenities.fields.name, { exact: true });
  await expect(name).toHaveValue(String(amenity!.name));
  await name.fill('');
  await save.click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await leaveAsking(page, () => menu.getByRole('link', { name: 'Apps' }).click(), 'stay');
  await expect(name).toHaveValue('');
  await leaveAsking(page, () => menu.getByRole('link', { name: 'Apps' }).click(), 'leave');
  await expect(page).toHaveURL(/\/dashboard\/user\/apps/);

  // Customization without its logo: "Logo is required", and Apps asks first.
  await menu.getByRole('link', { name: 'Customization' }).click();
  await page.getByRole('button', { name: /^Remove .*-logo\.png$/ }).click();
  await save.click();
  await expect(page.getByText('Logo is required')).toBeVisible();
  await leaveAsking(page, () => menu.getByRole('link', { name: 'Apps' }).click(), 'stay');
  await expect(page).toHaveURL(/\/dashboard\/customization/);
});

test('form builder changes are unsaved changes: the mark shows and leaving asks', async ({
  page,
}) => {
  const [form] = await apiAs<Row[]>('main', BERLIN, '/forms?_sort=id&_order=asc&_end=1');
  const fields = form!.fields as { label: string }[];
  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await page.goto(`/dashboard/form/${form!.id}/edit`);
  const builder = page.locator('.stay-formio-builder .formio-builder-form');
  const components = builder.locator('.builder-component');
  await expect(components).toHaveCount(fields.length);
  await expect(unsavedMark(page)).toHaveCount(0);

  // A field's label changed in its dialog.
  await components.first().hover();
  await components.first().locator('[ref="editComponent"]').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Label').fill('Ihr vollständiger Name');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(components.first()).toContainText('Ihr vollständiger Name');
  await leaveAsking(page, () => menu.getByRole('link', { name: 'Notifications' }).click(), 'stay');
  await expect(page).toHaveURL(new RegExp(`/dashboard/form/${form!.id}/edit`));
  await expect(components.first()).toContainText('Ihr vollständiger Name');
  await expect(unsavedMark(page)).toBeVisible();
  for (const [size, viewport] of [
    ['1440', WIDE],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `test-results/builder-unsaved-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(WIDE);

  // A field added from the keyboard goes to the end of the form, as a dragged one does.
  await page.getByRole('button', { name: 'Add a Text field' }).focus();
  await page.keyboard.press('Enter');
  await dialog.getByLabel('Label').fill('Kennzeichen');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(components).toHaveCount(fields.length + 1);
  await expect(components.last()).toContainText('Kennzeichen');
  await expect(components.first()).toContainText('Ihr vollständiger Name');

  // Saved: the mark goes, and leaving asks nothing.
  await page.getByRole('button', { name: en.crud.save, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/form\/list/);
  const [stored] = await apiAs<Row[]>('main', BERLIN, `/forms?id=${form!.id}`);
  const labels = (stored!.fields as { label: string }[]).map((field) => field.label);
  expect(labels[0]).toBe('Ihr vollständiger Name');
  expect(labels.at(-1)).toBe('Kennzeichen');
  const restored = await apiCall('main', BERLIN, 'PATCH', `/forms/${form!.id}`, { fields });
  expect(restored.status).toBe(200);
});

test('the page editor’s tabs: wrapped rows start flush at 1440 px, one sideways row on a phone', async ({
  page,
}) => {
  const [own] = await apiAs<Row[]>('main', BERLIN, '/pages?locale=de&_sort=id&_order=asc&_end=1');
  await signIn(page, BERLIN);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  for (const language of ['English', 'German']) {
    if (language === 'German') {
      await page.getByRole('button', { name: 'Language' }).click();
      await page.getByRole('menuitem', { name: 'German' }).click();
    }
    await page.setViewportSize(WIDE);
    await page.goto(`/dashboard/page/${own!.id}/edit`);
    const tabs = page.locator('.stay-form-tabs > .ant-tabs-nav').getByRole('tab');
    await expect(tabs).toHaveCount(8);
    await expect(tabs.last()).toBeVisible();
    const boxes = async () =>
      Promise.all((await tabs.all()).map(async (tab) => (await tab.boundingBox())!));
    // Each row's first tab starts where the first row does (no gap before it).
    const wide = await boxes();
    for (const [index, box] of wide.entries()) {
      const previous = wide[index - 1];
      if (previous && box.y > previous.y + 1) expect(box.x).toBeCloseTo(wide[0]!.x, 0);
    }
    await page.screenshot({ path: `test-results/page-tabs-${language}-1440.png` });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(tabs.first()).toBeVisible();
    const phone = await boxes();
    expect(new Set(phone.map((box) => Math.round(box.y))).size).toBe(1);
    // The last tab is reached from the keyboard (or a swipe): the row scrolls to it, and it opens.
    await tabs.first().focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
    const last = (await tabs.last().boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/page-tabs-${language}-390.png` });
  }
});
