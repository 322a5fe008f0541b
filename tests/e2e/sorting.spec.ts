import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, signIn } from './support';

/** The texts of one column's cells, top to bottom, once the list has answered. */
async function columnTexts(page: Page, column: string): Promise<string[]> {
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  return page
    .locator('.ant-table')
    .first()
    .evaluate((table, name) => {
      const header = Array.from(table.querySelectorAll('thead th')).find(
        (th) => (th as HTMLElement).innerText.trim() === name,
      ) as HTMLTableCellElement;
      return Array.from(table.querySelectorAll('tbody tr.ant-table-row')).map((tr) =>
        (tr.children[header.cellIndex] as HTMLElement).innerText.trim(),
      );
    }, column);
}

const sortedCopy = (values: string[], direction: 1 | -1) =>
  [...values].sort((a, b) => direction * a.localeCompare(b, 'en', { sensitivity: 'base' }));

/** Clicks a column's header and waits until its cells are in the asked order. */
async function sortBy(page: Page, column: string, direction: 1 | -1) {
  await page.getByRole('columnheader', { name: column, exact: true }).click();
  await expect
    .poll(async () => {
      const values = await columnTexts(page, column);
      return JSON.stringify(values) === JSON.stringify(sortedCopy(values, direction));
    })
    .toBe(true);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
});

test('a clicked column sorts the users list, first ascending then descending', async ({ page }) => {
  await page.goto('/dashboard/user/list');
  // The declared default while the user chose none: by name.
  const names = await columnTexts(page, 'Name');
  expect(names).toEqual(sortedCopy(names, 1));
  const before = await columnTexts(page, 'Company');
  expect(before).not.toEqual(sortedCopy(before, 1));
  await sortBy(page, 'Company', 1);
  await sortBy(page, 'Company', -1);
  // Sorted by company, the names are no longer in order: the default does not sort first.
  const byCompany = await columnTexts(page, 'Name');
  expect(byCompany).not.toEqual(sortedCopy(byCompany, 1));
  // A third click clears the user's choice: the default sort is back.
  await page.getByRole('columnheader', { name: 'Company', exact: true }).click();
  await expect
    .poll(async () => {
      const values = await columnTexts(page, 'Name');
      return JSON.stringify(values) === JSON.stringify(sortedCopy(values, 1));
    })
    .toBe(true);
});

test('a clicked column sorts the app catalogue', async ({ page }) => {
  await page.goto('/dashboard/apps/catalogue/list');
  const names = await columnTexts(page, 'Name');
  expect(names).toEqual(sortedCopy(names, 1));
  await sortBy(page, 'Name', -1);
  await page.getByRole('columnheader', { name: 'Rating' }).click();
  await expect
    .poll(async () => {
      const ratings = (await columnTexts(page, 'Rating')).map(Number);
      return ratings.every((rating, at) => at === 0 || ratings[at - 1]! <= rating);
    })
    .toBe(true);
  const ratings = (await columnTexts(page, 'Rating')).map(Number);
  expect(new Set(ratings).size).toBeGreaterThan(1);
});

test('on a slow phone, a second click on a header right after the first sorts Z to A', async ({
  page,
}) => {
  await page.goto('/dashboard/user/list');
  const header = page.getByRole('columnheader', { name: 'Company', exact: true });
  await expect(header).toBeVisible();
  // A phone's processor (Chromium's CPU throttling): the list draws its rows in slices, later.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const orders: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/users')) orders.push(url.searchParams.get('_order') ?? '');
  });
  await header.click();
  await expect(page).toHaveURL(/sorters.*company.*asc/);
  // Clicked again at once, before the rows of the first click have come: the list asked for
  // A to Z again and stayed there (the header drawn before the first click was back on screen).
  await header.click();
  await expect(page).toHaveURL(/sorters.*company.*desc/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  expect(orders).toContain('asc');
  expect(orders.at(-1)).toBe('desc');
  await expect
    .poll(async () => {
      const values = await columnTexts(page, 'Company');
      return JSON.stringify(values) === JSON.stringify(sortedCopy(values, -1));
    })
    .toBe(true);
});
