import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, apiCall, signIn } from './support';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

async function signedIn(page: Page) {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

/**
 * Whether an element's text is wider than a box that clips it shows (the text is cut or ends in
 * an ellipsis): the element itself or a box inside it (antd draws a crumb's link as a box).
 */
const textCut = (locator: Locator) =>
  locator.evaluate((element) => {
    const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let width = 0;
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      width += range.getBoundingClientRect().width;
    }
    return [element, ...Array.from(element.querySelectorAll('*'))].some((box) => {
      const style = getComputedStyle(box);
      if (style.overflowX === 'visible') return false;
      const inner =
        box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return width > inner + 0.5;
    });
  });
const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The controls on screen that the settings button's box covers. */
async function coveredBySettings(page: Page) {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('[aria-label="Settings"]')!;
    const mine = button.getBoundingClientRect();
    // In a sticky header (the phone's), the page's own controls scroll beneath the header as a
    // whole; only the header's controls can sit under the button.
    const header = button.closest('header');
    const headerBottom = header ? header.getBoundingClientRect().bottom : -Infinity;
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input, [role="combobox"], .ant-select-arrow, .ant-pagination-options',
    );
    return Array.from(controls)
      .filter((control) => control !== button && !button.contains(control))
      .filter(
        (control) =>
          header?.contains(control) || control.getBoundingClientRect().top >= headerBottom,
      )
      .filter((control) => {
        const r = control.getBoundingClientRect();
        return (
          r.width > 0 &&
          r.height > 0 &&
          r.left < mine.right &&
          mine.left < r.right &&
          r.top < mine.bottom &&
          mine.top < r.bottom
        );
      })
      .map((control) => control.outerHTML.slice(0, 120));
  });
}

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: PHONE });

  test('the menu is a drawer behind a labelled button: Escape and navigation close it', async ({
    page,
  }) => {
    await signedIn(page);
    const button = page.getByRole('button', { name: 'Open menu' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // No rail: the page's content starts at the screen's edge.
    expect((await box(page.getByRole('main'))).x).toBeLessThan(20);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();

    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Main menu' });
    await expect(drawer).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect
      .poll(() => drawer.evaluate((el) => el.contains(document.activeElement)))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    // Users is a submenu (Users, Create user): open it, then follow its list.
    await drawer.getByText('Users', { exact: true }).first().click();
    await drawer.getByRole('link', { name: 'Users', exact: true }).click();
    // The list then keeps its page and sort in the address.
    await expect(page).toHaveURL(/\/dashboard\/user\/list(\?.*)?$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  });

  test('a list shows its key columns; the rest and the actions stay reachable', async ({
    page,
  }) => {
    await signedIn(page);
    await page.goto('/dashboard/user/list');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Name' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
    const row = table.getByRole('row', { name: /Eva de Vries/ });
    // The actions fit on the screen.
    const edit = row.getByRole('link', { name: 'Edit Eva de Vries' });
    const editBox = await box(edit);
    expect(editBox.x + editBox.width).toBeLessThanOrEqual(PHONE.width);
    // Expanding the row shows the other columns.
    const expand = row.getByRole('button', { name: 'Show details of Eva de Vries' });
    await expand.click();
    await expect(page.getByText('hotel-amsterdam@example.com')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Hide details of Eva de Vries' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    // The column choice is on the screen whole (it opened above its button, half out of it);
    // its first column can be ticked.
    await page.getByRole('button', { name: /Columns$/ }).click();
    const choice = page.locator('.ant-dropdown:visible .ant-dropdown-menu');
    const choiceBox = await box(choice);
    expect(choiceBox.y).toBeGreaterThanOrEqual(0);
    expect(choiceBox.y + choiceBox.height).toBeLessThanOrEqual(PHONE.height);
    await page.getByRole('checkbox', { name: 'Name', exact: true }).click();
    await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    // Long names wrap: the actions of every row stay on the screen.
    await page.goto('/dashboard/amenities/list');
    const longName = page.getByRole('link', { name: 'Edit Pannenkoekenhuis Het Molentje' });
    await expect(longName).toBeVisible();
    const longBox = await box(longName);
    expect(longBox.x + longBox.width).toBeLessThanOrEqual(PHONE.width);
    expect(
      await page.locator('.ant-table-content').evaluate((el) => el.scrollWidth - el.clientWidth),
    ).toBeLessThanOrEqual(1);
  });

  test('a submission’s and a form’s pages fit: answers by their labels, a form’s fields scroll in their own box', async ({
    page,
  }) => {
    const answer = await apiCall('main', ADMIN.email, 'GET', '/submissions?_sort=id&_limit=1');
    const [submission] = answer.body as {
      id: number;
      formId: number;
      data: Record<string, unknown>;
      fields: { name: string }[];
    }[];
    await signedIn(page);
    const overflow = () =>
      page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

    await page.goto(`/dashboard/form/submissions/${submission!.id}/show`);
    // The answers are read by their labels (not as stored data), each wrapping on the screen.
    const answers = page.locator('.ant-descriptions').filter({ hasText: 'Answers' });
    const first = String(submission!.data[submission!.fields[0]!.name]);
    await expect(answers.getByText(first, { exact: true })).toBeVisible();
    await expect(page.getByText(/^\{"/)).toHaveCount(0);
    // Nothing makes the page scroll sideways.
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.goto(`/dashboard/form/${submission!.formId}/show`);
    const fields = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Type' }) })
      // The innermost: the page's details are a table around it.
      .last();
    await expect(fields).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    // The form's fields keep readable columns (a word is not one letter a line): the table
    // scrolls inside its own box, within the screen.
    const header = fields.getByRole('columnheader', { name: 'Label' });
    expect((await box(header)).width).toBeGreaterThan(40);
    const scroller = page.locator('.ant-table-content').filter({ has: fields });
    expect((await box(scroller)).x + (await box(scroller)).width).toBeLessThanOrEqual(PHONE.width);
  });

  test('the breadcrumb fits on one line; the settings button covers no control', async ({
    page,
  }) => {
    await signedIn(page);
    await page.goto('/dashboard/apps/hotek/timeslots/list');
    await expect(page.getByRole('heading', { name: 'Timeslots' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs).toContainText('Timeslots');
    expect((await box(crumbs)).height).toBeLessThan(30);
    await page.keyboard.press('End');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await coveredBySettings(page)).toEqual([]);
  });
});

test('a record’s long name gives way in the breadcrumb: the current step shows whole', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signedIn(page);
  // A submission is named by when it came ("Aug 30, 2026, 12:10 PM"): on a phone, its name and
  // "Details" do not both fit beside the header's buttons.
  const { body } = await apiCall('main', ADMIN.email, 'GET', '/submissions?_limit=1');
  const [submission] = body as { id: number }[];
  await page.goto(`/dashboard/form/submissions/${submission!.id}/show`);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('li');
  await expect(crumbs.first()).toContainText(/\d{4}/);
  await expect(crumbs.last()).toHaveText('Details');
  expect((await box(page.getByRole('navigation', { name: 'Breadcrumb' }))).height).toBeLessThan(30);
  // "Details" is not cut (it was "D…"); the name before it gives way.
  expect(await textCut(crumbs.last())).toBe(false);
  expect(await textCut(crumbs.first())).toBe(true);
});

test.describe('on a wide screen (1440 × 900)', () => {
  test.use({ viewport: WIDE });

  test('the breadcrumb shows every step whole when there is room', async ({ page }) => {
    await signedIn(page);
    const { body } = await apiCall('main', ADMIN.email, 'GET', '/submissions?_limit=1');
    const [submission] = body as { id: number }[];
    await page.goto(`/dashboard/form/submissions/${submission!.id}/show`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('li');
    await expect(crumbs.last()).toHaveText('Details');
    await expect(crumbs.nth(-3)).toContainText(/\d{4}/);
    for (const crumb of await crumbs.all()) expect(await textCut(crumb)).toBe(false);
  });

  test('the amenities table fits: Active is not behind the actions', async ({ page }) => {
    await signedIn(page);
    await page.goto('/dashboard/amenities/list');
    const table = page.getByRole('table');
    const active = table.getByRole('columnheader', { name: 'Active' });
    const actions = table.getByRole('columnheader', { name: 'Actions' });
    // Measure the table with its rows: columns widen or narrow when the rows arrive.
    await expect(table.locator('a[href$="/show"]').first()).toBeVisible();
    expect(overlaps(await box(active), await box(actions))).toBe(false);
    const card = await box(page.locator('.stay-panel').first());
    const actionsBox = await box(actions);
    expect(actionsBox.x + actionsBox.width).toBeLessThanOrEqual(card.x + card.width);
    // The table does not scroll sideways.
    expect(
      await page.locator('.ant-table-content').evaluate((el) => el.scrollWidth - el.clientWidth),
    ).toBeLessThanOrEqual(1);
  });

  test('the users list shows "Account disabled" whole; the settings button covers no control', async ({
    page,
  }) => {
    await signedIn(page);
    await page.goto('/dashboard/user/list');
    const header = page.getByRole('columnheader', { name: 'Account disabled' });
    // Measure the table with its rows: columns widen or narrow when the rows arrive.
    await expect(page.getByRole('row', { name: new RegExp(ADMIN.name) })).toBeVisible();
    // Where the rows make the table wider than the page (other specs' hotels, long addresses),
    // it scrolls sideways under the pinned actions: scrolled to its end, nothing is behind them.
    await page
      .locator('.ant-table-content')
      .evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(
      overlaps(await box(header), await box(page.getByRole('columnheader', { name: 'Actions' }))),
    ).toBe(false);
    await expect(page.getByText('10 / page')).toBeVisible();
    expect(await coveredBySettings(page)).toEqual([]);
    // The same on a long list, scrolled to its end.
    await page.goto('/dashboard/amenities/list');
    await expect(page.getByText('10 / page')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await coveredBySettings(page)).toEqual([]);
  });
});
