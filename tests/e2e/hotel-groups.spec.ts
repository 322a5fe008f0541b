import { expect, test } from './fixtures';
import { ADMIN, en, latestMailTo, signIn } from './support';

const groups = en.resources['hotel-groups'];
const addMember = groups.actions.addMember;
const HOTELS = ['Canal House Amsterdam', 'Casa Alameda Madrid'];
const PERSON = { name: 'Rosa Regional', email: 'rosa.regional@chain.example' };
const PASSWORD = 'two-hotels-2026';

/**
 * Issue 40, chains: an administrator makes a group of two hotels and adds a new person to both
 * at once; the person chooses a password through the one mailed link and finds both hotels in
 * the header's switcher.
 */
test('an administrator adds a new person to every hotel of a group; they switch between both', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  // Its title, not "All hotel groups" inside it (a RegExp name is matched case-sensitively).
  const submenu = page.getByRole('menuitem', { name: new RegExp(`${groups.menu.title}$`) });
  await submenu.click();
  await expect(submenu).toHaveAttribute('aria-expanded', 'true');
  // The submenu opens with a motion that moves its links: a click during it can land beside
  // "New hotel group" (CI, once). Click when it has settled, as a person does.
  await expect(page.locator('.ant-menu-sub[class*="ant-motion-collapse"]')).toHaveCount(0);
  await page.getByRole('link', { name: groups.menu.create }).click();
  await expect(page).toHaveURL(/\/dashboard\/hotel-groups\/new/);

  await page.getByLabel(groups.fields.name, { exact: true }).fill('Amsterdam and Madrid');
  const hotels = page.getByLabel(groups.fields.hotels, { exact: true });
  for (const hotel of HOTELS) {
    await hotels.click();
    await hotels.fill(hotel.split(' ').at(-1)!);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: hotel })
      .click();
  }
  await page.keyboard.press('Escape');
  await page.screenshot({ path: 'test-results/hotel-groups-new.png' });
  await page.getByRole('button', { name: /Save|Create/ }).click();

  // The group's page names its hotels, and adds a person to all of them.
  await expect(page).toHaveURL(/\/dashboard\/hotel-groups\/\d+\/show/);
  // The new-group form (and its hotels' dropdown) has gone with the page it was on.
  await expect(page.getByRole('form', { name: /New Hotel group/ })).toHaveCount(0);
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  for (const hotel of HOTELS) await expect(page.getByText(hotel, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: addMember.label }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(addMember.intro)).toBeVisible();
  await dialog.getByLabel(en.resources.members.fields.name, { exact: true }).fill(PERSON.name);
  await dialog.getByLabel(en.resources.members.fields.email, { exact: true }).fill(PERSON.email);
  await page.screenshot({ path: 'test-results/hotel-groups-add-member.png' });
  await dialog.getByRole('button', { name: addMember.submit }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(
      addMember.added_other.replace('{{name}}', PERSON.name).replace('{{count}}', '2'),
    ),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/hotel-groups-show.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/hotel-groups-show-390.png' });

  // One invitation, naming both hotels; its link sets the password.
  await expect.poll(() => latestMailTo('main', PERSON.email)?.subject).toMatch(/invited/);
  const mail = latestMailTo('main', PERSON.email)!;
  for (const hotel of HOTELS) expect(mail.subject).toContain(hotel);
  const personContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const person = await personContext.newPage();
  await person.goto(/\/auth\/new-password\?token=[\w-]+/.exec(mail.text)![0]);
  await person.getByLabel(en.auth.newPassword, { exact: true }).fill(PASSWORD);
  await person.getByLabel(en.auth.confirmPassword, { exact: true }).fill(PASSWORD);
  await person.getByRole('button', { name: en.auth.savePassword }).click();
  await expect(person.getByText(en.auth.passwordUpdated)).toBeVisible();
  await signIn(person, PERSON.email, PASSWORD);
  await expect(person.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  // Both hotels are in the header's switcher.
  const switcher = person.getByRole('combobox', { name: en.header.hotel });
  await switcher.focus();
  await person.keyboard.press('ArrowDown');
  const options = person.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveCount(2);
  for (const hotel of HOTELS) await expect(options.filter({ hasText: hotel })).toHaveCount(1);
  await person.screenshot({ path: 'test-results/hotel-groups-switcher.png' });
  await person.setViewportSize({ width: 390, height: 844 });
  await person.screenshot({ path: 'test-results/hotel-groups-switcher-390.png' });
  await personContext.close();
});
