import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, apiAs, apiCall, DEMO_PASSWORD, en, signIn } from './support';

const HOTEL = 'hotel-amsterdam@example.com';

/** The chunks the page fetches from now on, by name: `sortable` for assets/sortable-Ab12.js. */
function chunksOf(page: Page): Set<string> {
  const names = new Set<string>();
  page.on('response', (response) => {
    const match = /\/assets\/([A-Za-z]+)-[\w-]+\.js$/.exec(new URL(response.url()).pathname);
    if (match) names.add(match[1]!);
  });
  return names;
}

// What README and the bench promise about first loads, seen from the browser: each page fetches
// the parts it shows, not every part of its kind.
test('a list and a form fetch the parts they show, and the others when asked', async ({ page }) => {
  const chunks = chunksOf(page);
  await signIn(page, HOTEL);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  // Forms cannot be ordered: their list comes without dnd-kit.
  await page.goto('/dashboard/form/list');
  await expect(page.getByRole('heading', { name: 'Forms' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(chunks.has('sortable')).toBe(false);

  // Amenities can: their handles show at once, and dnd-kit comes when one is first approached.
  await page.goto('/dashboard/amenities/list');
  const handle = page.getByRole('button', { name: /^Drag to reorder/ }).first();
  await expect(handle).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(chunks.has('sortable')).toBe(false);
  // The error pages (antd's Result and its illustrations) come with the first error shown.
  expect(chunks.has('ErrorPage')).toBe(false);
  await handle.hover();
  await expect.poll(() => chunks.has('sortable')).toBe(true);
  await expect(handle).toHaveAttribute('aria-roledescription', 'sortable');

  // An amenity's form has no date, no steps and no tabs; its rules (zod) come with the first
  // touch of the page.
  await page.getByRole('link', { name: 'Edit' }).first().click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  for (const part of ['dateInputs', 'StepsForm', 'FormSections', 'TranslationsPanel'])
    expect(chunks.has(part), part).toBe(false);
  // Longer than a form once waited to fetch them when the browser was idle (2 s, then idle).
  await page.waitForTimeout(3500);
  expect(chunks.has('formRules')).toBe(false);
  expect(chunks.has('ErrorPage')).toBe(false);
  await page.getByLabel('Name', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  expect(chunks.has('formRules')).toBe(true);

  // A content page's form is in tabs; its languages tab loads when first opened.
  await page.goto('/dashboard/page/list');
  await page.getByRole('link', { name: 'Edit' }).first().click();
  await expect(page.getByRole('tab', { name: 'Languages' })).toBeVisible();
  expect(chunks.has('FormSections')).toBe(true);
  expect(chunks.has('TranslationsPanel')).toBe(false);
  await page.getByRole('tab', { name: 'Languages' }).click();
  await expect.poll(() => chunks.has('TranslationsPanel')).toBe(true);
});

// dnd-kit loads when an ordered list's handle is first approached: a handle pressed before it
// has arrived (a slow link) carries on into a drag once it is there, and the order is saved.
test('a drag started before dnd-kit has arrived goes on once it is there', async ({ page }) => {
  await page.route(/\/assets\/sortable-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await signIn(page, HOTEL);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/amenities/list');
  const names = page.getByRole('row').locator('td a[href$="/show"]:not([aria-label])');
  await expect(names.nth(1)).toBeVisible();
  const before = await names.allTextContents();
  const first = page.getByRole('button', { name: `Drag to reorder ${before[0]}` });
  const from = (await first.boundingBox())!;
  const to = (await page
    .getByRole('button', { name: `Drag to reorder ${before[1]}` })
    .boundingBox())!;
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  // Held while dnd-kit is on its way, then moved down past the second row.
  await expect(first).toHaveAttribute('aria-roledescription', 'sortable');
  for (let step = 1; step <= 10; step++)
    await page.mouse.move(x, from.y + from.height / 2 + ((to.y - from.y + 10) * step) / 10);
  await page.mouse.up();
  await expect(page.getByText('The new order is saved')).toBeVisible();
  const expected = [before[1], before[0], ...before.slice(2)];
  await expect(names).toHaveText(expected);
  await page.reload();
  await expect(names).toHaveText(expected);
});

// With the default theme antd's styles come prebuilt (scripts/antdStaticCss.ts): the list is
// styled while antd builds none of the shell's or the table's styles in the browser.
test('a list with the default theme takes antd styles from the prebuilt sheet', async ({
  page,
}) => {
  await signIn(page, HOTEL);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/form/list');
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  const sheet = page.locator('stay-antd-styles link[rel=stylesheet]');
  await expect(sheet).toHaveAttribute('href', /\/assets\/antd-[\w-]+\.css$/);
  const built = await page.evaluate(() =>
    Array.from(document.querySelectorAll('stay-antd-styles style'), (style) => style.textContent),
  );
  for (const component of ['.ant-table-wrapper', '.ant-btn', '.ant-menu', '.ant-pagination'])
    expect(
      built.some((css) => css?.includes(component)),
      component,
    ).toBe(false);

  // Styled all the same: the create button in the default preset's violet, the table's header
  // row in antd's grey.
  await expect(page.getByRole('button', { name: 'Create form' })).toHaveCSS(
    'background-color',
    'rgb(118, 53, 220)',
  );
  await expect(page.locator('.ant-table-thead th').first()).toHaveCSS(
    'background-color',
    'rgb(250, 250, 250)',
  );
});

// A list opened directly (a reload, a link): its code comes in a handful of files, fetched
// together from index.html's preloads (scripts/chunkGroups.ts); the bundler's own split made it
// 105 files, fetched in three rounds.
test('a list opened directly fetches its code in a few files, all asked for at once', async ({
  page,
}) => {
  await signIn(page, HOTEL);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  // The overview's own late parts (its chart after Today's answer) are not the list's.
  await page.waitForLoadState('networkidle');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/dashboard/form/list');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  // 13: @refinedev/antd has a file of its own (list-reference), which a form's reference input
  // fetches on its first approach without the list's table.
  expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(13);
  // The shell's and the list's chunks are preloaded by index.html, before the entry has run.
  const preloaded = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]'),
      (link) => new URL(link.href).pathname,
    ),
  );
  expect(preloaded.some((path) => /\/assets\/list-[\w-]+\.js$/.test(path))).toBe(true);
  expect(
    preloaded.some((path) => /\/assets\/home-list-form-edit-show-[\w-]+\.js$/.test(path)),
  ).toBe(true);
});

// A list's first rows are asked for with its code, not after it: the list's own request takes
// that answer (one request), even while the list's chunk is still on its way.
test('a list opened directly asks for its rows while its code loads, once', async ({ page }) => {
  await signIn(page, HOTEL);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const rowsAsked: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/amenities' && url.searchParams.has('_start'))
      rowsAsked.push(Date.now());
  });
  let listCodeSent = Infinity;
  await page.route(/\/assets\/list-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    listCodeSent = Date.now();
    await route.continue();
  });
  await page.goto('/dashboard/amenities/list?sorters[0][field]=name&sorters[0][order]=asc');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  expect(rowsAsked).toHaveLength(1);
  expect(rowsAsked[0]).toBeLessThan(listCodeSent);
});

// Until the app's code has arrived and put words on the page, index.html shows the brand's mark
// in the user's theme and colour (their settings' cookies), not a blank white page.
test("the brand's mark shows in the user's theme until the app's first words", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([
    { name: 'themeMode', value: 'dark', url: baseURL! },
    { name: 'themeColorPresets', value: 'cyan', url: baseURL! },
  ]);
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/auth/login');
  const boot = page.locator('#stay-boot');
  await expect(boot).toBeVisible();
  await expect(boot).toHaveCSS('background-color', 'rgb(20, 20, 20)');
  await expect(boot.locator('rect')).toHaveCSS('fill', 'rgb(7, 141, 238)');

  await page.unroute('**/assets/*.js');
  await page.reload();
  await expect(page.getByLabel('Email address')).toBeVisible();
  await expect(boot).toHaveCount(0);
});

// A reference input names its record at once; @refinedev/antd's useSelect (one module with its
// useTable and antd's form engine) comes when the input is first approached, by keyboard too.
test('a reference input names its record at once and brings its choices when approached', async ({
  page,
}) => {
  type Row = { id: number; name: string; locale: string; categoryId: number };
  const [amenity] = await apiAs<Row[]>('main', HOTEL, '/amenities?_limit=1&_sort=id');
  const categories = await apiAs<Row[]>(
    'main',
    HOTEL,
    `/amenity-categories?locale=${amenity!.locale}`,
  );
  const current = categories.find((category) => category.id === amenity!.categoryId)!;
  const other = categories.find((category) => category.id !== amenity!.categoryId)!;
  // Its group (scripts/chunkGroups.ts FIRST_USES): @refinedev/antd, without the list's table.
  const fetched: string[] = [];
  page.on('response', (response) => fetched.push(new URL(response.url()).pathname));
  const choicesFetched = () =>
    fetched.some((path) => /\/assets\/list-reference-[\w-]+\.js$/.test(path));
  await signIn(page, HOTEL);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  await page.goto(`/dashboard/amenities/${amenity!.id}/edit`);
  const category = page.getByRole('combobox', { name: 'Category' });
  const select = page.locator('.ant-select', { has: category });
  await expect(select.locator('.ant-select-selection-item')).toHaveText(current.name);
  await page.waitForLoadState('networkidle');
  expect(choicesFetched()).toBe(false);

  try {
    await category.focus();
    await page.keyboard.type(other.name);
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active');
    await expect(option).toHaveText(other.name);
    expect(choicesFetched()).toBe(true);
    // Not the list's own code (its table).
    expect(fetched.some((path) => /\/assets\/list-[\w-]{8}\.js$/.test(path))).toBe(false);
    await page.keyboard.press('Enter');
    await expect(select.locator('.ant-select-selection-item')).toHaveText(other.name);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await apiAs<Row>('main', HOTEL, `/amenities/${amenity!.id}`)).categoryId)
      .toBe(other.id);
  } finally {
    await apiCall('main', HOTEL, 'PATCH', `/amenities/${amenity!.id}`, {
      categoryId: amenity!.categoryId,
    });
  }
});

// Issue 37: "Log in as" came 1–3 s after the users list's rows, with its confirmation's code.
test("a hotel's Log in as comes with its row, and a click before its code is there is kept", async ({
  page,
}) => {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  // The confirmation's code is held back until the row has been seen and clicked.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/LoginAsAction-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(
    '/dashboard/user/list?filters[0][field]=q&filters[0][operator]=eq&filters[0][value]=Eva',
  );
  const row = page.getByRole('row', { name: /Eva de Vries/ });
  await expect(row).toBeVisible();
  const action = row.getByRole('button', { name: 'Log in as Eva de Vries' });
  await expect(action).toBeVisible();
  await action.click();

  release();
  const question = page.getByRole('tooltip').filter({ hasText: en.loginAs.confirmText });
  await expect(
    question.getByRole('button', { name: en.loginAs.action, exact: true }),
  ).toBeVisible();
  await question.getByRole('button', { name: en.crud.cancel }).click();
  await expect(page).toHaveURL(/\/dashboard\/user\/list/);
});

// Issue 37: a white page for about 0.2 s right after signing in, while the dashboard's frame came.
test('from the Sign in click to the overview, every frame shows words or the brand’s mark', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  // Each animation frame: is there anything on the page?
  await page.evaluate(() => {
    const blanks: number[] = [];
    (window as unknown as { blanks: number[] }).blanks = blanks;
    const look = () => {
      const words = document.getElementById('root')?.innerText.trim();
      const mark = document.querySelector('#stay-boot, .stay-splash');
      if (!words && !mark) blanks.push(Math.round(performance.now()));
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const blanks = await page.evaluate(() => (window as unknown as { blanks: number[] }).blanks);
  expect(blanks).toEqual([]);
});
