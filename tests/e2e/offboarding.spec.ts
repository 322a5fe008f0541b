import { unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { STACKS } from '../../playwright.config';
import { expect, test } from './fixtures';
import { ADMIN, apiCall, en, signIn } from './support';

const SUPERADMIN = 'superadmin@example.com';
const texts = en.offboarding;
const API = `http://127.0.0.1:${STACKS.main.api}`;

test('an administrator exports and archives a hotel; a super administrator deletes it after typing its name', async ({
  page,
  browser,
}) => {
  // A hotel of this test's own: no other spec may lose one.
  const name = 'Kestrel Inn';
  const slug = 'kestrel-inn';
  const created = await apiCall('main', ADMIN.email, 'POST', '/users', {
    name,
    email: 'desk@kestrel-inn.example',
    company: 'Kestrel Inn Ltd',
    phoneNumber: '+44 20 7946 0321',
    slug,
    logo: '/uploads/files/admin/KestrelInnLogo00000000.png',
    title: name,
  });
  expect(created.status).toBe(201);
  const hotel = created.body as { id: number };
  expect((await fetch(`${API}/public/${slug}/pages`)).status).toBe(200);

  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto(`/dashboard/user/${hotel.id}/edit`);
  await page.getByRole('tab', { name: en.resources.users.tabs.account, exact: true }).click();
  const section = page.getByRole('region', { name: texts.title });
  await expect(section).toBeVisible();

  // Export data: a ZIP with a JSON file per resource, the hotel's own records in it.
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: texts.export }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^hotel-kestrel-inn-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  expect(Object.keys(zip)).toEqual(
    expect.arrayContaining(['users.json', 'pages.json', 'branding.json', 'uploads.json']),
  );
  const [account] = JSON.parse(Buffer.from(zip['users.json']!).toString()) as { id: number }[];
  expect(account!.id).toBe(hotel.id);
  const pages = JSON.parse(Buffer.from(zip['pages.json']!).toString()) as { ownerId: number }[];
  expect(pages.length).toBeGreaterThan(0);
  expect(pages.every((record) => record.ownerId === hotel.id)).toBe(true);

  // An administrator cannot delete it; archiving is asked first.
  await expect(section.getByRole('button', { name: texts.delete })).toHaveCount(0);
  await section.getByRole('button', { name: texts.archive }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: `Archive ${name}?` });
  await confirm.getByRole('button', { name: texts.archive }).click();
  await expect(page.getByText(`${name} is archived`)).toBeVisible();
  await expect(section.getByText(texts.archivedNotice)).toBeVisible();
  await expect(section.getByRole('button', { name: texts.unarchive })).toBeVisible();

  // Its guest app answers 410 Gone, with the coded message.
  const gone = await fetch(`${API}/public/${slug}/pages`);
  expect(gone.status).toBe(410);
  expect(await gone.json()).toMatchObject({
    code: 'offboarding.errors.guestAppGone',
    message: texts.errors.guestAppGone,
  });
  // The users list shows it archived (found by its name: other specs add hotels before it).
  await page.goto(
    `/dashboard/user/list?filters[0][field]=q&filters[0][operator]=eq&filters[0][value]=${encodeURIComponent(name)}`,
  );
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText(en.resources.users.fields.archived, { exact: true })).toBeVisible();

  // A super administrator deletes it, once its name is typed.
  const superContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const superPage = await superContext.newPage();
  await signIn(superPage, SUPERADMIN);
  await expect(superPage.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await superPage.goto(`/dashboard/user/${hotel.id}/edit`);
  await superPage.getByRole('tab', { name: en.resources.users.tabs.account, exact: true }).click();
  await superPage.getByRole('button', { name: texts.delete }).click();
  const dialog = superPage.getByRole('dialog', { name: `Delete ${name}?` });
  const remove = dialog.getByRole('button', { name: texts.deleteButton });
  await expect(remove).toBeDisabled();
  const typed = dialog.getByLabel(`Type the hotel's name, ${name}, to confirm`);
  await typed.fill('Kestrel');
  await expect(remove).toBeDisabled();
  await typed.fill(name);
  await remove.click();
  await expect(superPage.getByText(`${name} is deleted`)).toBeVisible();
  await expect(superPage).toHaveURL(/\/dashboard\/user\/list/);
  expect((await apiCall('main', SUPERADMIN, 'GET', `/users/${hotel.id}`)).status).toBe(404);
  expect((await fetch(`${API}/public/${slug}/pages`)).status).toBe(404);
  await superContext.close();
});
