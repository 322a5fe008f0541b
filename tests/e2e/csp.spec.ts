import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, signIn } from './support';

// Issue 26, point 7: the served build sends a script Content-Security-Policy (vite.config.ts,
// previewCsp), and the dashboard works under it: no violation on the sign-in page, the overview,
// a list, a form and the form builder (Form.io) — while a script injected into the page is
// refused.

/** Collects the page's CSP violations (from before its own scripts run). */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}
const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test('the dashboard runs under its script policy, which refuses an injected script', async ({
  page,
}) => {
  await watchViolations(page);
  const answer = await page.goto('/auth/login');
  const policy = answer!.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/(^|; )script-src 'self' 'sha256-[^']+'/);
  expect(policy).not.toContain('unsafe-inline');

  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  for (const [path, heading] of [
    ['/dashboard/amenity-categories/list', 'Amenity Categories'],
    ['/dashboard/amenity-categories/new', /New/],
    ['/dashboard/form/new', /New/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    expect(await violations(page), path).toEqual([]);
  }
  // The form builder (Form.io) draws its palette under the policy.
  await expect(page.locator('.stay-formio-builder [data-type="textfield"]')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // A script that found its way into the page does not run.
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { injected?: boolean }).injected === true;
  });
  expect(ran).toBe(false);
  expect((await violations(page)).join('\n')).toContain('script-src');
});
