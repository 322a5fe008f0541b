import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { STACKS } from '../../playwright.config';
import { ADMIN, apiAs, signIn } from './support';

const BERLIN = 'hotel-berlin@example.com';

interface Row {
  id: number;
}
/** The id of the first record a user's API answers for `path`. */
const firstId = async (email: string, path: string) =>
  (await apiAs<Row[]>('main', email, path))[0]!.id;

/**
 * Accessibility (issue 15 §5): axe-core on the sign-in page, the home page, a list, a form and the
 * settings drawer, in the light and the dark theme: no serious or critical violation (WCAG 2.1 A
 * and AA rules).
 */
async function seriousViolations(page: Page) {
  // Colours as they settle: a button enabled a moment ago still fades from antd's disabled grey
  // (a 0.2 s transition, longer on a busy machine), and axe judged that grey on a button no
  // longer disabled. So every finite transition and animation ends first (spinners never do).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes
        .slice(0, 8)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim()}`),
    }));
}

// Each test signs in on its own and changes nothing: the file's tests share out between the
// workers (it is the suite's longest file, and one worker ran it alone for five minutes).
test.describe.configure({ mode: 'parallel' });

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} theme`, () => {
    test.beforeEach(async ({ context }) => {
      await context.addCookies([
        { name: 'themeMode', value: mode, url: `http://localhost:${STACKS.main.web}` },
      ]);
    });

    test('the sign-in page', async ({ page }) => {
      await page.goto('/auth/login');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      // With the messages under the fields.
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Email is required')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('home, a list, a form and the settings drawer', async ({ page }) => {
      await signIn(page, BERLIN);
      await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/dashboard/amenities/list');
      await expect(page.getByText(/in total/)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/dashboard/amenity-categories/new');
      await expect(page.getByRole('button', { name: /Create|Save/ }).first()).toBeVisible();
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Settings' }).click();
      await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    // Issue 37 §11: the administrator's home, with its hotel and period pickers ("From → To").
    test("an administrator's home", async ({ page }) => {
      await signIn(page, ADMIN.email);
      await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Period' })).toContainText('From → To');
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });

    // Issue 27 item 17: the active tab label and a disabled select failed contrast in the dark.
    // One screen per test: together they took over a minute on a busy machine.
    test('the page editor and its tabs', async ({ page }) => {
      const pageId = await firstId(BERLIN, '/pages?locale=de&type=content&_end=1');
      await signIn(page, BERLIN);
      await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
      await page.goto(`/dashboard/page/${pageId}/edit`);
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      // Another tab chosen: its label is the active one.
      await page.getByRole('tab').nth(4).click();
      await expect(page.getByRole('tab').nth(4)).toHaveAttribute('aria-selected', 'true');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the form builder', async ({ page }) => {
      await signIn(page, BERLIN);
      await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
      await page.goto('/dashboard/form/new');
      await expect(page.locator('.formio-builder, .formbuilder').first()).toBeVisible();
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the point of sale's products and transactions", async ({ page }) => {
      await signIn(page, BERLIN);
      await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
      await page.goto('/dashboard/pos/products/list');
      await expect(page.getByText(/in total/)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/dashboard/pos/transactions/list');
      await expect(page.getByText(/in total/)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a guest's answers, read-only in Form.io", async ({ page }) => {
      const forms = await apiAs<(Row & { submissionCount?: number })[]>(
        'main',
        BERLIN,
        '/forms?_end=50',
      );
      await signIn(page, BERLIN);
      await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
      for (const form of forms) {
        await page.goto(`/dashboard/form/${form.id}/submissions`);
        await expect(page.getByText(/in total|No submissions yet/)).toBeVisible();
        const show = page.getByRole('button', { name: /^Show Submission of/ }).first();
        if ((await show.count()) === 0) continue;
        expect(await seriousViolations(page)).toEqual([]);
        await show.click();
        await expect(page.getByRole('dialog').locator('.formio-form')).toBeVisible();
        await expect(page.getByRole('dialog').locator('input, textarea').first()).toBeDisabled();
        expect(await seriousViolations(page)).toEqual([]);
        return;
      }
      throw new Error('no form of Berlin has submissions');
    });

    test('users: the list and an account’s edit page', async ({ page }) => {
      const berlin = await firstId(ADMIN.email, `/users?email=${BERLIN}`);
      await signIn(page, ADMIN.email);
      await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

      await page.goto('/dashboard/user/list');
      await expect(page.getByText(/in total/)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // The edit page shows a disabled select (what the administrator may not change) and tabs.
      await page.goto(`/dashboard/user/${berlin}/edit`);
      await expect(page.getByRole('tab', { name: 'General', exact: true })).toBeVisible();
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('tab', { name: 'Account', exact: true }).click();
      await expect(page.getByRole('tab', { name: 'Account', exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
