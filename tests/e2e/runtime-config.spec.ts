import { expect, test } from './fixtures';
import { STACKS } from '../../playwright.config';
import { ADMIN, DEMO_PASSWORD } from './support';

// One build, two servings (playwright.config.ts): the main one calls its `/api` proxy; the
// "direct" one was told at run time (DASHBOARD_API_URL) to call the API's own address. Nothing
// was rebuilt between them.
const direct = `http://localhost:${STACKS.direct.web}`;
const apiAddress = `http://127.0.0.1:${STACKS.main.api}`;

test('the same build calls the API address its server gives at run time', async ({ page }) => {
  const config = await (await fetch(`${direct}/config.js`)).text();
  expect(config).toContain(apiAddress);
  const proxied = await (await fetch(`http://localhost:${STACKS.main.web}/config.js`)).text();
  expect(proxied).toBe('window.__STAY_CONFIG__ = {};\n');

  const calls: string[] = [];
  page.on('request', (request) => calls.push(request.url()));
  await page.goto(`${direct}/auth/login`);
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  expect(calls).toContain(`${apiAddress}/auth/login`);
  expect(calls.some((url) => url.startsWith(`${apiAddress}/users/me`))).toBe(true);
  expect(calls.filter((url) => url.startsWith(`${direct}/api/`))).toEqual([]);
});

test('the proxied serving keeps calling its own /api', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => calls.push(request.url()));
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  expect(calls).toContain(`http://localhost:${STACKS.main.web}/api/auth/login`);
  expect(calls.filter((url) => url.startsWith(apiAddress))).toEqual([]);
});
