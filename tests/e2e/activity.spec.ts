import { expect, test } from './fixtures';
import { ADMIN, apiAs, en, signIn } from './support';

interface UserRecord {
  id: number;
  name: string;
  phoneNumber: string;
}

const audit = en.resources.audit;
const texts = en.audit;
const fields = en.resources.users.fields;

test('an administrator edits a hotel and finds the change in Activity, with before and after', async ({
  page,
}) => {
  // Madrid: no other spec reads its phone number.
  const [hotel] = await apiAs<UserRecord[]>(
    'main',
    ADMIN.email,
    '/users?email=hotel-madrid@example.com',
  );
  const before = hotel!.phoneNumber;
  const after = '+34 91 555 0199';
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  await page.goto(`/dashboard/user/${hotel!.id}/edit`);
  const phone = page.getByLabel(fields.phoneNumber, { exact: true });
  await expect(phone).toHaveValue(before);
  await phone.fill(after);
  await page.getByRole('button', { name: en.crud.save }).first().click();
  await expect(page.getByText(/was saved/)).toBeVisible();

  // The edit page's Activity tab: the record's history, newest first, with the change.
  await page.getByRole('tab', { name: texts.activity, exact: true }).click();
  const history = page.getByRole('tabpanel', { name: texts.activity });
  await expect(history).toContainText(`${audit.options.action.update}${ADMIN.name}`);
  const change = history.getByRole('row').filter({ hasText: fields.phoneNumber }).first();
  await expect(change.getByRole('cell')).toHaveText([fields.phoneNumber, before, after]);

  // Activity in the menu: the list of every entry; the change opens as a readable diff.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: audit.menu.list, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/activity\/list/);
  const row = page
    .getByRole('row')
    .filter({ hasText: hotel!.name })
    .filter({ hasText: audit.options.action.update })
    .first();
  await expect(row).toContainText(ADMIN.name);
  // The resource by its title in the interface language, not its collection's name.
  const users = en.resources.users.title;
  await expect(row.getByRole('cell', { name: users, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'users', exact: true })).toHaveCount(0);
  await row.getByRole('link', { name: hotel!.name, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/activity\/\d+\/show$/);
  await expect(page.getByRole('heading', { name: hotel!.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: texts.changes })).toBeVisible();
  await expect(page.getByRole('cell', { name: users, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'users', exact: true })).toHaveCount(0);
  const diff = page.getByRole('table').filter({ hasText: texts.before });
  await expect(diff.getByRole('columnheader')).toHaveText([texts.field, texts.before, texts.after]);
  await expect(
    diff.getByRole('row').filter({ hasText: fields.phoneNumber }).getByRole('cell'),
  ).toHaveText([fields.phoneNumber, before, after]);
});
