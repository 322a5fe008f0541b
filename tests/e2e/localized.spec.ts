import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAs, apiCall, moveFirstRowDown, signIn } from './support';

const AMSTERDAM = 'hotel-amsterdam@example.com';

const languages = (page: Page) => page.getByRole('radiogroup', { name: 'Content language' });

interface Amenity {
  id: number;
  groupId: string;
  name: string;
  locale: string;
  needsTranslation?: boolean;
}

test('Sync from the Dutch list fills the German list after confirming', async ({ page }) => {
  const dutch = await apiAs<Amenity[]>('main', AMSTERDAM, '/amenities?locale=nl');
  const english = await apiAs<Amenity[]>('main', AMSTERDAM, '/amenities?locale=en');
  const german = await apiAs<Amenity[]>(
    'main',
    AMSTERDAM,
    '/amenities?locale=de&_sort=position&_order=asc',
  );
  // Two items exist in Dutch but not (any more) in German. Items whose English is translated:
  // an amenity another test created has an untranslated English copy (and may come last).
  const translated = german.filter((item) =>
    english.some((other) => other.groupId === item.groupId && !other.needsTranslation),
  );
  const removed = translated.slice(-2);
  for (const amenity of removed) {
    expect((await apiCall('main', AMSTERDAM, 'DELETE', `/amenities/${amenity.id}`)).status).toBe(
      200,
    );
  }
  // What Sync must create: the Dutch items each language lacks (other tests may add some too).
  const lacking = (present: Amenity[]) =>
    dutch.filter((item) => !present.some((other) => other.groupId === item.groupId)).length;
  const germanAfterDelete = german.filter((item) => !removed.includes(item));
  const toGerman = lacking(germanAfterDelete);
  const toEnglish = lacking(english);
  expect(toGerman).toBeGreaterThanOrEqual(2);

  await signIn(page, AMSTERDAM);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/amenities/list');
  await languages(page).getByText('German', { exact: true }).click();
  await expect(page.getByText(`${germanAfterDelete.length} in total`)).toBeVisible();
  await languages(page).getByText('Dutch', { exact: true }).click();
  await expect(page.getByText(`${dutch.length} in total`)).toBeVisible();
  // The Dutch rows say which languages lack them.
  const missingOne = dutch.find((amenity) => amenity.groupId === removed[0]!.groupId)!;
  await page.getByLabel('Search', { exact: true }).fill(missingOne.name);
  await page.getByLabel('Search', { exact: true }).press('Enter');
  const row = page
    .getByRole('row')
    .filter({ has: page.locator(`a[href="/dashboard/amenities/${missingOne.id}/show"]`) });
  await expect(row.getByRole('img', { name: 'German: missing' })).toBeAttached();
  await expect(row.getByRole('img', { name: 'English: present' })).toBeAttached();
  await page.getByLabel('Search', { exact: true }).clear();
  await page.getByLabel('Search', { exact: true }).press('Enter');

  await page.getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByText('Sync from Dutch?')).toBeVisible();
  await page.getByRole('tooltip').getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByText('Sync finished')).toBeVisible();
  // Amsterdam's languages are nl, en, de: the answer lists English, then German.
  // What was created and that it was copied, not translated: two sentences, each on its line.
  await expect(
    page.getByText(`${toEnglish} created in English, ${toGerman} created in German`, {
      exact: true,
    }),
  ).toBeVisible();
  await expect(
    page.getByText(
      'No translation service is configured: the texts were copied and are marked as needing translation.',
      { exact: true },
    ),
  ).toBeVisible();
  // Untranslated copies arrive inactive: guests do not get Dutch text in the German app.
  await expect(
    page.getByText(
      'The copies are not shown to guests until someone translates them and turns “Active” on.',
      { exact: true },
    ),
  ).toBeVisible();
  // The Dutch row's German tag follows at once, without a reload.
  await page.getByLabel('Search', { exact: true }).fill(missingOne.name);
  await page.getByLabel('Search', { exact: true }).press('Enter');
  await expect(row.getByRole('img', { name: 'German: needs translation' })).toBeAttached();
  await page.getByLabel('Search', { exact: true }).clear();
  await page.getByLabel('Search', { exact: true }).press('Enter');

  await languages(page).getByText('German', { exact: true }).click();
  await expect(page.getByText(`${germanAfterDelete.length + toGerman} in total`)).toBeVisible();
  // Without a translation service (the e2e API runs with TRANSLATOR=none) the copies say so.
  const copies = await apiAs<Amenity[]>(
    'main',
    AMSTERDAM,
    '/amenities?locale=de&needsTranslation=true',
  );
  expect(copies).toHaveLength(toGerman);
  expect(copies.map((item) => (item as { active?: boolean }).active)).toEqual(
    copies.map(() => false),
  );
  const copy = copies.find((item) => item.groupId === removed[0]!.groupId)!;
  await page.getByLabel('Search', { exact: true }).fill(copy.name);
  await page.getByLabel('Search', { exact: true }).press('Enter');
  await expect(
    page
      .getByRole('row')
      .filter({ has: page.locator(`a[href="/dashboard/amenities/${copy.id}/show"]`) })
      .getByText('Needs translation'),
  ).toBeVisible();
  await page.getByLabel('Search', { exact: true }).clear();
  await page.getByLabel('Search', { exact: true }).press('Enter');

  // A second Sync creates nothing.
  await languages(page).getByText('Dutch', { exact: true }).click();
  await page.getByRole('button', { name: 'Sync' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByText('Nothing to sync: every language is complete')).toBeVisible();
});

test('reordering by keyboard survives a reload', async ({ page }) => {
  await signIn(page, AMSTERDAM);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/amenity-categories/list');
  await moveFirstRowDown(page);
});
