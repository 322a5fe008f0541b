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
  // One click at a time: the table's order is Refine's state, so a second click landing before
  // the first has rendered would sort ascending again.
  await header.click();
  await expect(page).toHaveURL(/sorters.*company.*asc/);
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

  await openViews(page);
  await page.getByRole('menuitem', { name: en.savedViews.save }).click();
  const dialog = page.getByRole('dialog', { name: en.savedViews.saveTitle });
  await dialog.getByLabel(en.savedViews.name).fill(VIEW);
  await dialog.getByRole('button', { name: en.savedViews.ok }).click();
  await expect(page.getByText(en.savedViews.saved.replace('{{name}}', VIEW))).toBeVisible();
  await expect(dialog).toBeHidden();

  // Elsewhere, then the plain list: not the view's rows until it is chosen from the menu.
  await page.goto('/dashboard/app');
  await page.goto(LIST);
  await showsCompanies(page, plain);
  await openViews(page);
  await page.getByRole('menuitem', { name: new RegExp(VIEW) }).click();
  await showsCompanies(page, filtered);
  await expect(page).toHaveURL(/sorters.*company.*desc/);
  await expect(page.getByRole('searchbox', { name: en.crud.search })).toHaveValue('hotel');

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
