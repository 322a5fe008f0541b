import { expect, test } from './fixtures';
import { ADMIN, apiAs, en, latestMailTo, signIn } from './support';

const MANAGER = 'hotel-berlin@example.com';
const STAFF = { name: 'Mila Reception', email: 'mila.reception@spree.example' };
const STAFF_PASSWORD = 'reception-2026';
const members = en.resources.members;

/**
 * Issue 40: a hotel's manager invites a staff member, who chooses a password through the mailed
 * link, signs in and finds only the day's work; removed, their open session ends.
 */
test('a manager invites staff, who sign in to the staff pages only; removing them ends their session', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, MANAGER);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.getByRole('menuitem', { name: members.menu.title }).click();
  await page.getByRole('link', { name: members.menu.list }).click();
  await expect(page.getByRole('cell', { name: MANAGER })).toBeVisible();
  await page.screenshot({ path: 'test-results/members-list.png' });

  // The invitation: the declaration's create page.
  await page.goto('/dashboard/members/new');
  await page.getByLabel(members.fields.name, { exact: true }).fill(STAFF.name);
  await page.getByLabel(members.fields.email, { exact: true }).fill(STAFF.email);
  await page.screenshot({ path: 'test-results/members-invite.png' });
  await page.getByRole('button', { name: /Save|Create/ }).click();
  await expect.poll(() => latestMailTo('main', STAFF.email)?.subject).toMatch(/invited/);

  // The staff member takes up the invitation in a browser of their own.
  const staffContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const staff = await staffContext.newPage();
  const link = /\/auth\/new-password\?token=[\w-]+/.exec(
    latestMailTo('main', STAFF.email)!.text,
  )![0];
  await staff.goto(link);
  await staff.getByLabel(en.auth.newPassword, { exact: true }).fill(STAFF_PASSWORD);
  await staff.getByLabel(en.auth.confirmPassword, { exact: true }).fill(STAFF_PASSWORD);
  await staff.getByRole('button', { name: en.auth.savePassword }).click();
  await expect(staff.getByText(en.auth.passwordUpdated)).toBeVisible();
  await signIn(staff, STAFF.email, STAFF_PASSWORD);
  await expect(staff.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  // Only the day's work: no members, branding, apps or Activity in the menu, and 403 by address.
  const menu = staff.getByRole('menu').first();
  await expect(menu.getByText(en.resources.pages.menu.title, { exact: true })).toBeVisible();
  for (const kept of [members.menu.title, en.nav.customization, en.nav.apps, en.audit.activity]) {
    await expect(menu.getByText(kept, { exact: true })).toHaveCount(0);
  }
  await staff.goto('/dashboard/customization');
  await expect(staff.getByText(en.errors.forbiddenTitle)).toBeVisible();
  await staff.goto('/dashboard/amenities/list');
  await expect(staff.getByRole('heading', { name: en.resources.amenities.title })).toBeVisible();

  // The manager sees them joined, and removes them.
  await page.goto('/dashboard/members/list');
  const row = page.getByRole('row').filter({ hasText: STAFF.email });
  await expect(row.getByText(members.options.invitation.accepted)).toBeVisible();
  await row.getByRole('button', { name: /delete/i }).click();
  await page
    .getByRole('button', { name: /^Delete$/ })
    .last()
    .click();
  await expect(page.getByRole('row').filter({ hasText: STAFF.email })).toHaveCount(0);

  // Their open session ends at its next request: back to sign-in.
  await staff.goto('/dashboard/pos/products');
  await expect(staff).toHaveURL(/\/auth\/login/);
  await staffContext.close();
});

test("an administrator sees and manages a hotel's members on its Members tab", async ({ page }) => {
  const [hotel] = await apiAs<{ id: number }[]>(
    'main',
    ADMIN.email,
    '/users?email=hotel-madrid@example.com',
  );
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto(`/dashboard/user/${hotel!.id}/edit`);
  await page.getByRole('tab', { name: en.resources.users.tabs.members, exact: true }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('cell', { name: 'hotel-madrid@example.com' })).toBeVisible();

  await panel.getByRole('button', { name: members.menu.create }).click();
  const dialog = page.getByRole('dialog', { name: members.menu.create });
  await dialog.getByLabel(members.fields.name, { exact: true }).fill('Carmen Night');
  await dialog
    .getByLabel(members.fields.email, { exact: true })
    .fill('carmen.night@madrid.example');
  await dialog.getByRole('button', { name: en.membersTab.sendInvitation }).click();
  // Closing, the dialog gives the focus back to the button that opened it at the end of its
  // animation: a select focused before then loses the focus, and its keys go to that button.
  await expect(dialog).toBeHidden();
  // One toast, in words: not Refine's default that names the resource by its key.
  await expect(
    page.getByText(en.membersTab.invited.replace('{{email}}', 'carmen.night@madrid.example')),
  ).toBeVisible();
  await expect(page.getByText(/members\.members/)).toHaveCount(0);
  const row = panel.getByRole('row').filter({ hasText: 'carmen.night@madrid.example' });
  await expect(row.getByText(members.options.invitation.pending)).toBeVisible();
  await expect
    .poll(() => latestMailTo('main', 'carmen.night@madrid.example')?.subject)
    .toMatch(/Madrid|invited/);

  // A role changed in place is stored.
  const role = panel.getByRole('combobox', {
    name: en.membersTab.roleOf.replace('{{name}}', 'Carmen Night'),
  });
  await role.focus();
  await expect(role).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', {
      hasText: members.options.role.manager,
    })
    .click();
  await expect
    .poll(async () => {
      const found = await apiAs<{ role: string }[]>(
        'main',
        ADMIN.email,
        '/members?email=carmen.night@madrid.example',
      );
      return found[0]?.role;
    })
    .toBe('manager');
  await page.screenshot({ path: 'test-results/members-admin-tab.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/members-admin-tab-390.png' });

  // Removed after a confirmation.
  await row
    .getByRole('button', { name: en.membersTab.removeNamed.replace('{{name}}', 'Carmen Night') })
    .click();
  await page.getByRole('tooltip').getByRole('button', { name: en.membersTab.remove }).click();
  await expect(
    panel.getByRole('row').filter({ hasText: 'carmen.night@madrid.example' }),
  ).toHaveCount(0);

  // The hotel's own login stays: the toast gives the server's reason, and the row stays.
  await panel
    .getByRole('button', {
      name: en.membersTab.removeNamed.replace('{{name}}', 'Lucía Fernández'),
    })
    .click();
  await page.getByRole('tooltip').getByRole('button', { name: en.membersTab.remove }).click();
  await expect(page.getByText(en.crud.deleteFailed)).toBeVisible();
  await expect(page.getByText(members.hotelAccount)).toBeVisible();
  await expect(panel.getByRole('row').filter({ hasText: 'hotel-madrid@example.com' })).toHaveCount(
    1,
  );
});
