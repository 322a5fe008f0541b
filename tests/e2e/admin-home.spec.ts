import type { Page } from '@playwright/test';
import type { VisitStats } from '../../src/schema/user';
import { expect, test } from './fixtures';
import { ADMIN, apiAs, apiCall, signIn } from './support';

const MADRID = { email: 'hotel-madrid@example.com', company: 'Casa Alameda Madrid' };

const madridId = async () => {
  const [hotel] = await apiAs<{ id: number }[]>(
    'main',
    ADMIN.email,
    `/users?email=${MADRID.email}`,
  );
  return hotel!.id;
};

const statistic = (page: Page, title: string) =>
  page.locator('.ant-statistic').filter({ hasText: title });

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `test-results/${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('an administrator picks a hotel on the overview and sees its figures and the top hotels', async ({
  page,
}) => {
  const id = await madridId();
  const all = await apiAs<VisitStats>('main', ADMIN.email, '/stats');
  const one = await apiAs<VisitStats>('main', ADMIN.email, `/stats?ownerId=${id}`);
  expect(one.totalVisitors).toBeGreaterThan(0);
  expect(one.totalVisitors).not.toBe(all.totalVisitors);

  // The pickers' code (antd's Select and RangePicker) comes when a picker is first approached.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await signIn(page, ADMIN.email);
  await expect(page).toHaveURL(/\/dashboard\/app$/);
  await expect(statistic(page, 'Total visitors')).toContainText(
    all.totalVisitors.toLocaleString('en'),
  );
  expect(scripts.filter((url) => url.includes('/AdminPickers-'))).toEqual([]);
  // The ranking, as the API sums it, most visitors first.
  const top = page.getByRole('list', { name: 'Top hotels by visitors' });
  const ranked = all.topHotels!;
  expect(ranked.length).toBeGreaterThan(1);
  await expect(top.getByRole('listitem')).toHaveCount(ranked.length);
  await expect(top.getByRole('listitem').first()).toContainText(ranked[0]!.name);
  await expect(top.getByRole('listitem').first()).toContainText(
    ranked[0]!.visitors.toLocaleString('en'),
  );
  // The chart has a value axis and says a day's figure.
  const chart = page.getByRole('group', { name: /Visitors per day from/ });
  await chart.focus();
  await page.keyboard.press('End');
  const last = all.daily.at(-1)!;
  await expect(page.getByRole('status')).toContainText(
    `${last.visitors.toLocaleString('en')} visitor`,
  );
  await shoot(page, 'admin-home');

  // Pick one hotel by typing its name (typed at once, while the picker's code is still coming).
  const picker = page.getByRole('combobox', { name: 'Hotel' });
  await expect(picker).toHaveText('All hotels');
  await picker.focus();
  await page.keyboard.type('Alameda');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: MADRID.company })
    .click();
  await expect(page).toHaveURL(new RegExp(`[?&]hotel=${id}`));
  await expect(statistic(page, 'Total visitors')).toContainText(
    one.totalVisitors.toLocaleString('en'),
  );
  await expect(top).toBeHidden();

  // A date range from the address: the API's figures for that range.
  const from = one.daily.at(-10)!.date;
  const to = one.daily.at(-1)!.date;
  const ranged = await apiAs<VisitStats>(
    'main',
    ADMIN.email,
    `/stats?ownerId=${id}&from=${from}&to=${to}`,
  );
  await page.goto(`/dashboard/app?hotel=${id}&from=${from}&to=${to}`);
  await expect(statistic(page, 'Total visitors')).toContainText(
    ranged.totalVisitors.toLocaleString('en'),
  );
  await expect(statistic(page, 'Total visitors')).toContainText('Last 10 days');
  // The placeholder names the hotel and the period; the picker, once there, too.
  await expect(page.getByRole('combobox', { name: 'Hotel' })).toHaveText(MADRID.company);
  await expect(page.getByRole('button', { name: 'Period' })).toHaveText(`${from} → ${to}`);
  await page.getByRole('combobox', { name: 'Hotel' }).focus();
  await expect(
    page.locator('.ant-select', { has: page.getByRole('combobox', { name: 'Hotel' }) }),
  ).toContainText(MADRID.company);
  await expect(page.getByPlaceholder('From')).toHaveValue(from);
  await shoot(page, 'admin-home-hotel');
});

test('an administrator switches a cell of the app permissions grid and the hotel’s permission is stored', async ({
  page,
}) => {
  const id = await madridId();
  const [app] = await apiAs<{ id: number; name: string }[]>(
    'main',
    ADMIN.email,
    '/apps?_sort=name&_order=asc',
  );
  const stored = async () =>
    (
      await apiAs<{ appId: number; canSelfConnect: boolean }[]>(
        'main',
        ADMIN.email,
        `/app-permissions?ownerId=${id}`,
      )
    ).find((row) => row.appId === app!.id)?.canSelfConnect ?? true;
  const before = await stored();

  await signIn(page, ADMIN.email);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'App permissions' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/apps\/permissions$/);
  await page.getByRole('searchbox', { name: 'Search hotels' }).fill('Alameda');
  await expect(page.getByRole('row')).toHaveCount(3); // the header, the defaults, Madrid
  const cell = page.getByRole('switch', {
    name: `${MADRID.company} may connect ${app!.name} itself`,
  });
  await expect(cell).toHaveAttribute('aria-checked', String(before));
  await shoot(page, 'app-permissions-grid');
  await cell.click();
  await expect(
    page.getByText(
      before
        ? `${app!.name} is now connected for ${MADRID.company}`
        : `${MADRID.company} may now connect ${app!.name}`,
    ),
  ).toBeVisible();
  await expect(cell).toHaveAttribute('aria-checked', String(!before));
  await expect.poll(stored).toBe(!before);
  // It stays so after a reload.
  await page.reload();
  await expect(
    page.getByRole('switch', { name: `${MADRID.company} may connect ${app!.name} itself` }),
  ).toHaveAttribute('aria-checked', String(!before));

  // The default for new hotels is stored too; put back as it was.
  const preset = page.getByRole('switch', {
    name: `New hotels may connect ${app!.name} themselves`,
  });
  await expect(preset).toHaveAttribute('aria-checked', 'true');
  await preset.click();
  await expect(preset).toHaveAttribute('aria-checked', 'false');
  const defaults = await apiAs<{ id: number; appId: number; canSelfConnect: boolean }[]>(
    'main',
    ADMIN.email,
    '/app-permission-defaults',
  );
  const saved = defaults.find((row) => row.appId === app!.id);
  expect(saved?.canSelfConnect).toBe(false);

  // Leave the stack as it was for other specs.
  expect(
    (await apiCall('main', ADMIN.email, 'DELETE', `/app-permission-defaults/${saved!.id}`)).status,
  ).toBe(200);
  await page.reload();
  await page
    .getByRole('switch', { name: `${MADRID.company} may connect ${app!.name} itself` })
    .click();
  await expect.poll(stored).toBe(before);
});
