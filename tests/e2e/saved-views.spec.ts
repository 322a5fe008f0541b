import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, apiCall, en, signIn } from './support';

const LIST = '/dashboard/user/list';
const VIEW = `Active hotels by company ${Date.now()}`;

/** The texts of one column's cells, top to bottom, once the list has answered. */
async function column(page: Page, name: string): Promise<string[]> {
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  return page
    .locator('.ant-table')
    .first()
    .evaluate((table, title) => {
      const header = Array.from(table.querySelectorAll('thead th')).find(
        (th) => (th as HTMLElement).innerText.trim() === title,
      ) as HTMLTableCellElement;
      return Array.from(table.querySelectorAll('tbody tr.ant-table-row')).map((tr) =>
        (tr.children[header.cellIndex] as HTMLElement).innerText.trim(),
      );
    }, name);
}

/** Waits until the list shows exactly these companies, in this order. */
const showsCompanies = (page: Page, wanted: string[]) =>
  expect.poll(() => column(page, 'Company').catch(() => [])).toEqual(wanted);

/** Shows or hides one column through the list's Columns menu. */
async function setColumn(page: Page, name: string, shown: boolean) {
  await page.getByRole('button', { name: new RegExp(`${en.crud.columns}$`) }).click();
  const box = page.getByRole('checkbox', { name, exact: true });
  await box.click();
  // The menu stays open while columns are ticked; Escape closes it.
  await expect(box).toBeChecked({ checked: shown });
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
}

const openViews = (page: Page) =>
  // Its name follows the icon's ("eye Views").
  page.getByRole('button', { name: new RegExp(`${en.savedViews.menu}$`) }).click();

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
});

// The views this test saved go, so that no other spec opens the users list with a default view.
test.afterEach(async () => {
  const { body } = await apiCall('main', ADMIN.email, 'GET', '/saved-views');
  for (const view of body as { id: number }[]) {
    await apiCall('main', ADMIN.email, 'DELETE', `/saved-views/${view.id}`);
  }
});

test('an administrator saves a filtered, sorted list as a view, reopens it, and makes it the default', async ({
  page,
}) => {
  // A long walk through the list on a busy machine (about a minute there).
  test.setTimeout(150_000);
  await page.goto(LIST);
  const plain = await column(page, 'Company');
  // Filtered (status Active, search "hotel") and sorted by company, Z to A.
  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Active' })
    .click();
  await page.getByRole('searchbox', { name: en.crud.search }).fill('hotel');
  await page.getByRole('searchbox', { name: en.crud.search }).press('Enter');
  const header = page.getByRole('columnheader', { name: 'Company', exact: true });
  // One click at a time, the next once the rows have arrived, as a user does: in CI a second
  // click 80 ms after the first left the list ascending.
  await header.click();
  await expect(page).toHaveURL(/sorters.*company.*asc/);
  await expect(page.locator('.ant-table .ant-spin-spinning')).toHaveCount(0);
  await header.click();
  await expect(page).toHaveURL(/sorters.*company.*desc/);
  await expect
    .poll(async () => {
      const values = await column(page, 'Company');
      return values.length > 0 && values.join() === [...values].sort().reverse().join();
    })
    .toBe(true);
  const filtered = await column(page, 'Company');
  expect(filtered).not.toEqual(plain);
  // The view hides the Email column too; the address carries the shown columns.
  const emailHeader = page.getByRole('columnheader', { name: 'Email', exact: true });
  await expect(emailHeader).toBeVisible();
  // A column choice is the page's own: it asks the API for nothing.
  let listRequests = 0;
  page.on('request', (request) => {
    if (/\/api\/users\?/.test(request.url())) listRequests += 1;
  });
  await setColumn(page, 'Email', false);
  await expect(emailHeader).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]columns=[^&]*company/);
  expect(listRequests).toBe(0);
  expect(new URL(page.url()).searchParams.get('columns')).not.toMatch(/email/);

  await openViews(page);
  await page.getByRole('menuitem', { name: en.savedViews.save }).click();
  const dialog = page.getByRole('dialog', { name: en.savedViews.saveTitle });
  await dialog.getByLabel(en.savedViews.name).fill(VIEW);
  await dialog.getByRole('button', { name: en.savedViews.ok }).click();
  await expect(page.getByText(en.savedViews.saved.replace('{{name}}', VIEW))).toBeVisible();
  await expect(dialog).toBeHidden();
  const viewAddress = page.url();
  // Shown again, Email is this user's choice for the plain list.
  await setColumn(page, 'Email', true);
  await expect(emailHeader).toBeVisible();

  // Elsewhere, then the plain list: not the view's rows until it is chosen from the menu.
  await page.goto('/dashboard/app');
  await page.goto(LIST);
  await showsCompanies(page, plain);
  await openViews(page);
  await page.getByRole('menuitem', { name: new RegExp(VIEW) }).click();
  await showsCompanies(page, filtered);
  await expect(page).toHaveURL(/sorters.*company.*desc/);
  await expect(page.getByRole('searchbox', { name: en.crud.search })).toHaveValue('hotel');
  await expect(emailHeader).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('columns')).toBe(
    new URL(viewAddress).searchParams.get('columns'),
  );

  // A link to the view's result shows its columns in a browser that never chose any.
  await page.goto('/dashboard/app');
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('stay.columns.')) localStorage.removeItem(key);
    }
  });
  await page.goto(viewAddress);
  await showsCompanies(page, filtered);
  await expect(emailHeader).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Company', exact: true })).toBeVisible();

  // Made the default, it is what the plain list opens with.
  await openViews(page);
  await page
    .getByRole('button', { name: `${en.savedViews.setDefault}: ${VIEW}`, exact: true })
    .click();
  await expect(
    page.getByRole('button', { name: `${en.savedViews.unsetDefault}: ${VIEW}`, exact: true }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/dashboard/app');
  await page.goto(LIST);
  await showsCompanies(page, filtered);
  await expect(page).toHaveURL(/sorters.*company.*desc/);

  // Renamed and then deleted (after its confirmation), the plain list is plain again.
  await openViews(page);
  await page.getByRole('button', { name: `${en.savedViews.rename}: ${VIEW}`, exact: true }).click();
  const rename = page.getByRole('dialog', { name: en.savedViews.renameTitle });
  await rename.getByLabel(en.savedViews.name).fill(`${VIEW} (renamed)`);
  await rename.getByRole('button', { name: en.savedViews.ok }).click();
  await expect(rename).toBeHidden();
  await openViews(page);
  await page
    .getByRole('button', { name: `${en.savedViews.delete}: ${VIEW} (renamed)`, exact: true })
    .click();
  const confirm = page.getByRole('dialog', {
    name: en.savedViews.deleteTitle.replace('{{name}}', `${VIEW} (renamed)`),
  });
  await confirm.getByRole('button', { name: en.savedViews.delete }).click();
  await expect(page.getByText(en.savedViews.deleted)).toBeVisible();
  const { body } = await apiCall('main', ADMIN.email, 'GET', '/saved-views');
  expect(body).toEqual([]);
  await page.goto('/dashboard/app');
  await page.goto(LIST);
  await showsCompanies(page, plain);
});
