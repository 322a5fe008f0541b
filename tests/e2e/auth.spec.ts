import { expect, test } from './fixtures';
import { STACKS } from '../../playwright.config';
import { ADMIN, apiAs, apiCall, DEMO_PASSWORD, latestMailTo, signIn } from './support';

test('a wrong password shows the error and keeps the user on the sign-in page', async ({
  page,
}) => {
  await signIn(page, ADMIN.email, 'not-the-password');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('the sign-in form says what is missing under each field', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email must be a valid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test(
  'an administrator signs in and sees the welcome and the total visitors',
  { tag: '@json-smoke' },
  async ({ page }) => {
    const stats = await apiAs<{ totalVisitors: number }>('main', ADMIN.email, '/stats');
    expect(stats.totalVisitors).toBeGreaterThan(0);

    await signIn(page, ADMIN.email);
    await expect(page).toHaveURL(/\/dashboard\/app$/);
    await expect(page.getByRole('heading', { name: `Welcome back, ${ADMIN.name}` })).toBeVisible();
    const panel = page.locator('.ant-statistic').filter({ hasText: 'Total visitors' });
    await expect(panel).toContainText(stats.totalVisitors.toLocaleString('en'));
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }),
    ).toBeVisible();
  },
);

test('password reset through the emailed link, then sign in with the new password', async ({
  page,
}) => {
  const email = 'hotel-madrid@example.com';
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();

  await expect
    .poll(() => latestMailTo('main', email)?.text ?? '')
    .toContain('/auth/new-password?token=');
  const link = latestMailTo('main', email)!.text.match(
    /https?:\/\/\S+\/auth\/new-password\?token=[\w-]+/,
  )![0];
  expect(link.startsWith(`http://localhost:${STACKS.main.web}/`)).toBe(true);

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('different');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords must match')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('sunny-plaza-42');
  await page.getByLabel('Confirm new password').fill('sunny-plaza-42');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-pass-43');
  await page.getByLabel('Confirm new password').fill('another-pass-43');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible();

  await signIn(page, email, 'demo1234');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signIn(page, email, 'sunny-plaza-42');
  await expect(page).toHaveURL(/\/dashboard\/app$/);

  // The demo password back: later specs sign in as this hotel with it.
  const back = await apiCall(
    'main',
    email,
    'POST',
    '/users/me/password',
    { oldPassword: 'sunny-plaza-42', newPassword: DEMO_PASSWORD },
    'sunny-plaza-42',
  );
  expect(back.status).toBe(204);
});

test.describe('with tokens that live a few seconds', () => {
  test.use({ baseURL: `http://localhost:${STACKS.shortSession.web}` });

  test('the Token expired alert appears and the sign-in page follows', async ({ page }) => {
    await signIn(page, ADMIN.email);
    await expect(page.getByRole('heading', { name: `Welcome back, ${ADMIN.name}` })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Token expired' }).first()).toBeVisible({
      timeout: (STACKS.shortSession.ttlSeconds + 5) * 1000,
    });
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});
