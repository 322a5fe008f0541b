import { expect, test, type Locator, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stacksFor } from '../../playwright.config';

export const DEMO_PASSWORD = 'demo1234';
export const ADMIN = { email: 'admin@example.com', name: 'Daniel Brooks' };

/** The stacks with an API of their own ('direct' serves the build against the main one). */
export type Stack = 'main' | 'shortSession';

/**
 * A stack of the running test's worker (playwright.config.ts, stacksFor): its parallel index's,
 * on its project's store. The json-smoke project has one stack, its JSON one, as 'main'.
 */
export function stackOf(name: Stack) {
  const { parallelIndex, project } = test.info();
  const stacks = stacksFor(parallelIndex);
  if (project.metadata.store !== 'json') return stacks[name];
  if (name !== 'main') throw new Error(`The json-smoke project has no ${name} stack`);
  return stacks.json;
}

/** The running test's API, called directly (not through the dashboard's proxy). */
export const apiAddress = (name: Stack = 'main') => `http://127.0.0.1:${stackOf(name).api}`;

/** English catalogue: tests read the texts a person sees from the product's own strings. */
export const en = JSON.parse(readFileSync('src/i18n/locales/en.json', 'utf8'));
export const nl = JSON.parse(readFileSync('src/i18n/locales/nl.json', 'utf8'));

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Calls the stack's API directly, as the given user. */
export async function apiAs<T>(
  stack: Stack,
  email: string,
  path: string,
  password = DEMO_PASSWORD,
): Promise<T> {
  const base = apiAddress(stack);
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const response = await fetch(`${base}${path}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail the stack's API wrote to its outbox for an address. */
export function latestMailTo(stack: Stack, address: string): Mail | undefined {
  const outbox = join(process.env.E2E_RUN_DIR!, stackOf(stack).dir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox)
      .filter((file) => file.endsWith('.json'))
      .sort();
  } catch {
    return undefined;
  }
  return files
    .map((file) => JSON.parse(readFileSync(join(outbox, file), 'utf8')) as Mail)
    .filter((mail) => JSON.stringify(mail.to).includes(address))
    .at(-1);
}

/** Calls the stack's API as the given user with any method; answers status and JSON body. */
export async function apiCall(
  stack: Stack,
  email: string,
  method: string,
  path: string,
  body?: unknown,
  password = DEMO_PASSWORD,
) {
  const base = apiAddress(stack);
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown };
}

/**
 * On the list open in `page`: moves the first row one place down from the keyboard (as a
 * screen-reader user would, waiting for dnd-kit's announcement at each step), then checks that
 * the saved order shows and survives a reload.
 */
export async function moveFirstRowDown(page: Page) {
  const names = page.getByRole('row').locator('td a[href$="/show"]:not([aria-label])');
  await expect(names.first()).toBeVisible();
  const before = await names.allTextContents();
  const handle = page.getByRole('button', { name: `Drag to reorder ${before[0]}` });
  const live = page.getByRole('status').filter({ hasText: /position/ });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(live).toContainText(`${before[0]} was moved into position 1 of ${before.length}`);
  await page.keyboard.press('ArrowDown');
  await expect(live).toContainText(`${before[0]} was moved into position 2 of ${before.length}`);
  await page.keyboard.press('Space');
  await expect(live).toContainText(`${before[0]} was dropped at position 2 of ${before.length}`);
  await expect(page.getByText('The new order is saved')).toBeVisible();
  const expected = [before[1], before[0], ...before.slice(2)];
  await expect(names).toHaveText(expected);
  await page.reload();
  await expect(names).toHaveText(expected);
}

/**
 * Drags a field type from the form builder's palette into the form, below what it holds
 * (Form.io's drag and drop follows the mouse, so the pointer moves in steps), and waits for its
 * dialog.
 */
export async function dragField(page: Page, type: string): Promise<Locator> {
  const source = page.locator(`.stay-formio-builder [data-type="${type}"]`);
  // An empty form's placeholder, in any interface language.
  const empty = page.locator('.stay-formio-builder .formio-builder-form .drag-and-drop-alert');
  await source.scrollIntoViewIfNeeded();
  const target = (await empty.isVisible())
    ? empty
    : page.locator('.stay-formio-builder .formio-builder-form');
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Below the last field: dragula appends what is dropped past every field.
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 4, { steps: 12 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 2, { steps: 3 });
  await page.mouse.up();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Label')).toBeVisible();
  return dialog;
}

/** Chooses an option of a select by its label, from the keyboard as a person may. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
  // A multiple choice stays open for more; closing it returns to the form.
  await page.keyboard.press('Escape');
}
