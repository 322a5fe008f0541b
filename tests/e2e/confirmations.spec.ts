import { expect, test } from './fixtures';
import { ADMIN, apiAs, choose, signIn } from './support';

const BERLIN = 'hotel-berlin@example.com';
interface Account {
  id: number;
  name: string;
  status: string;
  role: string;
}
const berlin = async () =>
  (await apiAs<Account[]>('main', ADMIN.email, `/users?email=${BERLIN}`))[0]!;

test('a ban and a temporary password are asked about first; cancelled, nothing changes', async ({
  page,
}) => {
  const account = await berlin();
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto(`/dashboard/user/${account.id}/edit`);
  await expect(page.getByRole('tab', { name: 'General', exact: true })).toBeVisible();

  await choose(page, 'Status', 'Banned');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const question = page.getByRole('dialog').filter({ hasText: `Ban ${account.name}?` });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  expect((await berlin()).status).toBe('active');

  // Confirmed, the ban is saved; lifting it asks nothing.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await question.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await berlin()).status).toBe('banned');
  await choose(page, 'Status', 'Active');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(async () => (await berlin()).status).toBe('active');

  // A temporary password: asked first, cancelled.
  await page.getByRole('tab', { name: 'Account', exact: true }).click();
  await page
    .getByLabel('Temporary password', { exact: true })
    .and(page.locator('input'))
    .fill('sunny-plaza-99');
  await page.getByRole('button', { name: 'Set temporary password' }).click();
  const temporary = page
    .getByRole('tooltip')
    .filter({ hasText: `Set this temporary password for ${account.name}?` });
  await expect(temporary).toBeVisible();
  await temporary.getByRole('button', { name: 'Cancel' }).click();
  await expect(temporary).toBeHidden();
  await expect(page.getByText(`The temporary password of ${account.name} is set`)).toHaveCount(0);
});

test('Start over in the hotel wizard asks first', async ({ page }) => {
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/user/new');
  await page.getByRole('button', { name: 'Start over' }).click();
  const question = page.getByRole('tooltip').filter({ hasText: 'Start over?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
});
