import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { STACKS } from '../../playwright.config';
import { signIn } from './support';

const BERLIN = 'hotel-berlin@example.com';

/**
 * Accessibility (issue 15 §5): axe-core on the sign-in page, the home page, a list, a form and the
 * settings drawer, in the light and the dark theme: no serious or critical violation (WCAG 2.1 A
 * and AA rules).
 */
async function seriousViolations(page: Page) {
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
  });
}
