import { readFileSync } from 'node:fs';
import { STACKS } from '../../playwright.config';
import { expect, test } from './fixtures';
import { ADMIN, apiAs, apiCall, en, signIn } from './support';

interface UserRecord {
  id: number;
  name: string;
  disabled: boolean;
}

const API = `http://127.0.0.1:${STACKS.main.api}`;
const PASSWORD = 'bulk-pass-2026';
const actions = en.resources.users.actions;

/** Two new hotels of this run, each with a password an administrator set (they can sign in). */
async function twoHotels(stamp: string): Promise<UserRecord[]> {
  const made: UserRecord[] = [];
  for (const letter of ['a', 'b']) {
    const created = await apiCall('main', ADMIN.email, 'POST', '/users', {
      name: `Bulk ${stamp} ${letter.toUpperCase()}`,
      email: `bulk-${stamp}-${letter}@example.com`,
      company: `Bulk Hotel ${letter.toUpperCase()}`,
      phoneNumber: '+31 20 555 0100',
      slug: `bulk-${stamp}-${letter}`,
      role: 'operator',
      status: 'active',
      template: 'rows',
      logo: '/uploads/files/admin/Lh7Kq2Vx9Pz4Rb6Tn1Wc3d.png',
      title: `Bulk ${letter}`,
      locales: ['en'],
      sourceLocale: 'en',
    });
    expect(created.status).toBe(201);
    const hotel = created.body as UserRecord;
    const set = await apiCall(
      'main',
      ADMIN.email,
      'POST',
      `/users/${hotel.id}/temporary-password`,
      {
        password: PASSWORD,
      },
    );
    expect(set.status).toBe(204);
    made.push(hotel);
  }
  return made;
}

const signInStatus = async (email: string) =>
  (
    await fetch(`${API}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
  ).status;

test('an administrator bulk-disables two hotels: asked with the count, told the result, and they cannot sign in', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-8);
  const hotels = await twoHotels(stamp);
  const emails = ['a', 'b'].map((letter) => `bulk-${stamp}-${letter}@example.com`);
  for (const email of emails) expect(await signInStatus(email)).toBe(200);

  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/user/list');
  await page.getByRole('searchbox', { name: en.crud.search }).fill(stamp);
  await page.getByRole('searchbox', { name: en.crud.search }).press('Enter');
  const rows = page.getByRole('row').filter({
    has: page.getByRole('checkbox', { name: new RegExp(`^Select Bulk ${stamp}`) }),
  });
  await expect(rows).toHaveCount(2);
  // The search left only this run's two hotels (and "Select all").
  await expect(page.getByRole('checkbox', { name: /^Select / })).toHaveCount(3);
  // The columns an administrator needs: both hotels signed in, which took up their invitation.
  const headers = page.getByRole('columnheader');
  await expect(headers.filter({ hasText: en.resources.users.fields.invitation })).toBeVisible();
  await expect(headers.filter({ hasText: en.resources.users.fields.lastSignInAt })).toBeVisible();
  await expect(rows.first()).toContainText(en.resources.users.options.invitation.accepted);

  for (const hotel of hotels) {
    await page.getByRole('checkbox', { name: `Select ${hotel.name}` }).check();
  }
  const bar = page.getByRole('toolbar', { name: en.crud.bulk.actions });
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: actions.disable.label, exact: true }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(actions.disable.confirm_other.replace('{{count}}', '2'));
  await dialog.getByRole('button', { name: actions.disable.label, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 done' })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The server stored it: both disabled, and neither can sign in.
  for (const hotel of hotels) {
    const [stored] = await apiAs<UserRecord[]>('main', ADMIN.email, `/users?id=${hotel.id}`);
    expect(stored!.disabled).toBe(true);
  }
  for (const email of emails) expect(await signInStatus(email)).toBe(403);

  // Activity names the declared action by its label, not by its name in code.
  const [entry] = await apiAs<{ id: number }[]>(
    'main',
    ADMIN.email,
    `/audit?name=disable&recordId=${hotels[0]!.id}`,
  );
  await page.goto(`/dashboard/activity/${entry!.id}/show`);
  const actionName = page
    .locator('.ant-descriptions-row')
    .filter({ hasText: en.resources.audit.fields.name });
  await expect(actionName).toContainText(actions.disable.label);
  await expect(actionName.getByText('disable', { exact: true })).toHaveCount(0);
});

test('an administrator exports two hotels at once: one ZIP each, and the result says so', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-8);
  const hotels = await twoHotels(stamp);
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/user/list');
  await page.getByRole('searchbox', { name: en.crud.search }).fill(stamp);
  await page.getByRole('searchbox', { name: en.crud.search }).press('Enter');
  for (const hotel of hotels) {
    await page.getByRole('checkbox', { name: `Select ${hotel.name}` }).check();
  }
  const bar = page.getByRole('toolbar', { name: en.crud.bulk.actions });
  await bar.getByRole('button', { name: actions.exportData.label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(actions.exportData.confirm_other.replace('{{count}}', '2'));

  const downloads: string[] = [];
  page.on('download', (download) => {
    void download.path().then((path) => downloads.push(`${download.suggestedFilename()} ${path}`));
  });
  await dialog.getByRole('button', { name: actions.exportData.label, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 done' })).toBeVisible();
  await expect.poll(() => downloads.length).toBe(2);
  // Each is a ZIP (its local file header) named after its hotel.
  for (const entry of downloads) {
    const [name, path] = entry.split(' ');
    expect(name).toMatch(new RegExp(`bulk-${stamp}-[ab].*\\.zip$`));
    expect(readFileSync(path!).subarray(0, 4).toString('hex')).toBe('504b0304');
  }
});

test('an administrator bulk-archives two hotels: asked first (a cancel changes nothing), told the result, and they cannot sign in', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-8);
  const hotels = await twoHotels(stamp);
  const emails = ['a', 'b'].map((letter) => `bulk-${stamp}-${letter}@example.com`);
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/user/list');
  await page.getByRole('searchbox', { name: en.crud.search }).fill(stamp);
  await page.getByRole('searchbox', { name: en.crud.search }).press('Enter');
  for (const hotel of hotels) {
    await page.getByRole('checkbox', { name: `Select ${hotel.name}` }).check();
  }
  const bar = page.getByRole('toolbar', { name: en.crud.bulk.actions });
  const archive = bar.getByRole('button', { name: actions.archive.label, exact: true });
  // Beside Disable and Enable.
  await expect(bar.getByRole('button', { name: actions.disable.label, exact: true })).toBeVisible();
  await archive.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(actions.archive.confirm_other.replace('{{count}}', '2'));
  // A destructive action: its button says so, and a cancel archives nothing.
  const confirm = dialog.getByRole('button', { name: actions.archive.label, exact: true });
  await expect(confirm).toHaveClass(/ant-btn-dangerous/);
  await dialog.getByRole('button', { name: en.crud.cancel }).click();
  await expect(dialog).toBeHidden();
  for (const email of emails) expect(await signInStatus(email)).toBe(200);

  await archive.click();
  await confirm.click();
  await expect(page.getByRole('status').filter({ hasText: '2 done' })).toBeVisible();
  // Each row says so by its name, though the Archived column is not shown (a warning, not a
  // green tag); the Status column alone read "Active".
  for (const hotel of hotels) {
    const row = page.getByRole('row').filter({
      has: page.getByRole('checkbox', { name: `Select ${hotel.name}` }),
    });
    const tag = row.locator('.ant-tag').filter({ hasText: en.resources.users.fields.archived });
    await expect(tag).toBeVisible();
    await expect(tag).toHaveClass(/ant-tag-warning/);
  }
  for (const hotel of hotels) {
    const [stored] = await apiAs<(UserRecord & { archived?: boolean })[]>(
      'main',
      ADMIN.email,
      `/users?id=${hotel.id}`,
    );
    expect(stored!.archived).toBe(true);
  }
  for (const email of emails) expect(await signInStatus(email)).toBe(403);
});
