import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, signIn } from './support';

/**
 * Issue 37 §7–8 on a phone (390 × 844, touch): Log in as can be confirmed with a tap, and the
 * Requests inbox and Activity use the phone layout of the other lists (nothing off-screen; what a
 * row is about shows in the row).
 */
const PHONE = { width: 390, height: 844 };
const AMSTERDAM = 'hotel-amsterdam@example.com';

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

async function signedIn(page: Page, email: string) {
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

/** How far the page and every table on it reach past the screen's right edge, in pixels. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const right = Math.max(
      document.documentElement.scrollWidth,
      ...Array.from(document.querySelectorAll('.ant-table-content, .ant-table-body')).map(
        (box) => box.getBoundingClientRect().left + box.scrollWidth,
      ),
    );
    return Math.max(0, right - window.innerWidth);
  });

test('an administrator logs in as a hotel with two taps', async ({ page }) => {
  await signedIn(page, ADMIN.email);
  await page.goto('/dashboard/user/list');
  await page.getByRole('button', { name: 'Log in as Eva de Vries' }).tap();
  const question = page
    .getByRole('tooltip')
    .filter({ hasText: 'Open the account of Eva de Vries?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Log in as', exact: true }).tap();
  await expect(
    page.getByText('You are signed in as Eva de Vries (hotel-amsterdam@example.com).'),
  ).toBeVisible();
});

test('the Requests inbox fits the screen; each row shows its status, form and assignee on expanding', async ({
  page,
}) => {
  await signedIn(page, AMSTERDAM);
  await page.goto('/dashboard/requests');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Reference' })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  expect(await overflow(page)).toBe(0);

  const open = table.getByRole('button', { name: /^Show details of / }).first();
  await open.tap();
  const details = table.locator('.ant-table-expanded-row').first();
  for (const label of ['Status', 'Form', 'Assignee']) {
    const term = details.getByText(label, { exact: true });
    await expect(term).toBeVisible();
    const box = (await term.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await overflow(page)).toBe(0);
});

test('Activity on a phone says who did what, and when, in each row', async ({ page }) => {
  await signedIn(page, ADMIN.email);
  await page.goto('/dashboard/activity/list');
  const row = page.getByRole('table').getByRole('row').nth(1);
  await expect(row).toBeVisible();
  // The newest entry is the administrator's sign-in, moments ago.
  await expect(row).toContainText(ADMIN.name);
  await expect(row).toContainText('Signed in');
  await expect(row).toContainText(new Date().getFullYear().toString());
  expect(await overflow(page)).toBe(0);
});
