import { expect, test } from './fixtures';
import { ADMIN, apiAs, en, latestMailTo, signIn } from './support';

interface UserRecord {
  id: number;
  email: string;
  phoneNumber: string;
  address: { city: string };
}

const tabs = en.resources.users.tabs;

test('an administrator edits a hotel in the seven tabs of the spec and sends it a password-reset link', async ({
  page,
}) => {
  const [hotel] = await apiAs<UserRecord[]>(
    'main',
    ADMIN.email,
    '/users?email=hotel-madrid@example.com',
  );
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto(`/dashboard/user/${hotel!.id}/edit`);

  const tabList = page.getByRole('tablist');
  await expect(tabList.getByRole('tab')).toHaveText([
    tabs.general,
    tabs.social,
    tabs.apps,
    tabs.metadata,
    tabs.appPermissions,
    tabs.availableApps,
    tabs.account,
    // The hotel's people (issue 40).
    tabs.members,
    // Every edit page's record history (the audit log).
    en.audit.activity,
  ]);

  // General: the address is a section of required parts.
  const city = page.getByLabel(en.resources.users.fields.city, { exact: true });
  await expect(city).toHaveValue(hotel!.address.city);
  await city.fill('');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText('City is required')).toBeVisible();
  await city.fill('Sevilla');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText(/was saved/)).toBeVisible();
  const [saved] = await apiAs<UserRecord[]>('main', ADMIN.email, `/users?id=${hotel!.id}`);
  expect(saved!.address.city).toBe('Sevilla');

  // Social and metadata are the hotel's branding, each saved on its own.
  await page.getByRole('tab', { name: tabs.social, exact: true }).click();
  await expect(
    page.getByRole('textbox', { name: en.resources.branding.fields.facebook }),
  ).toBeVisible();

  // The apps tab: the hotel's connected apps (the seed connects SendHatch for Madrid).
  await page.getByRole('tab', { name: tabs.apps, exact: true }).click();
  await expect(
    page.getByRole('tabpanel').getByRole('region', { name: 'SendHatch', exact: true }),
  ).toBeVisible();

  // Account: a password-reset link, after confirming, lands in the hotel's mail.
  await page.getByRole('tab', { name: tabs.account, exact: true }).click();
  await page.getByRole('button', { name: en.userTabs.resetSend }).click();
  await page.getByRole('tooltip').getByRole('button', { name: en.userTabs.resetSend }).click();
  await expect(
    page.getByText(en.userTabs.resetSent.replace('{{email}}', hotel!.email)),
  ).toBeVisible();
  await expect
    .poll(() => latestMailTo('main', hotel!.email)?.text ?? '')
    .toMatch(/\/auth\/new-password\?token=/);
});
