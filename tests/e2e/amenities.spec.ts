import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAs, apiCall, signIn } from './support';

const AMSTERDAM = 'hotel-amsterdam@example.com';

/** The Maps JavaScript API script, whatever its parameters. */
const MAPS_SCRIPT = /^https:\/\/maps\.googleapis\.com\/maps\/api\/js(\?|$)/;
/** Offline stand-in for it (the e2e build has a dummy key, see .env.e2e). */
const MAPS_STUB = 'tests/e2e/stubs/google-maps.js';

/** Picks an option of the antd select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

async function openNewAmenity(page: Page) {
  await signIn(page, AMSTERDAM);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/amenities/new');
  await expect(page.getByRole('heading', { name: 'New Amenity' })).toBeVisible();
}

test('the place search fills in a new amenity, which is saved with its address and website', async ({
  page,
}) => {
  await page.route(MAPS_SCRIPT, (route) =>
    route.fulfill({ path: MAPS_STUB, contentType: 'text/javascript' }),
  );
  await openNewAmenity(page);

  const search = page.getByRole('group', { name: 'Search a place' }).getByRole('combobox');
  await search.fill('Rijksmuseum');
  await search.press('Enter');

  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Rijksmuseum');
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue(
    'Museumstraat 1, 1071 XX Amsterdam, Netherlands',
  );
  await expect(page.getByLabel('Website', { exact: true })).toHaveValue(
    'https://www.rijksmuseum.nl/',
  );
  await expect(page.getByRole('spinbutton', { name: 'Latitude' })).toHaveValue('52.36');
  await expect(page.getByRole('spinbutton', { name: 'Longitude' })).toHaveValue('4.8852');
  const map = page.getByRole('region', { name: 'Map of the location' });
  await expect(map).toBeVisible();
  await expect(map).toContainText('Marker at 52.36, 4.8852');

  // Coordinates typed by hand move the map.
  await page.getByRole('spinbutton', { name: 'Latitude' }).fill('52.3599');
  await expect(map).toContainText('Marker at 52.3599, 4.8852');

  await page
    .getByLabel('Description', { exact: true })
    .fill('Dutch masters, a short tram ride away.');
  await choose(page, 'Category', 'Cultuur');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/dashboard\/amenities\/\d+\/show$/);
  await expect(page.getByText('Museumstraat 1, 1071 XX Amsterdam, Netherlands')).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://www.rijksmuseum.nl/' })).toBeVisible();
  await expect(page.getByText('52.35990, 4.88520')).toBeVisible();
});

test('when Google Maps cannot be loaded, a warning shows and the amenity is filled in by hand', async ({
  page,
}) => {
  await page.route(MAPS_SCRIPT, (route) => route.abort('internetdisconnected'));
  await openNewAmenity(page);

  await expect(page.getByText('Place search is not available')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Search a place' })).toHaveCount(0);

  await page.getByLabel('Name', { exact: true }).fill('Hortus Botanicus');
  await page
    .getByLabel('Description', { exact: true })
    .fill('One of the oldest botanical gardens.');
  await page
    .getByLabel('Address', { exact: true })
    .fill('Plantage Middenlaan 2a, 1018 DD Amsterdam');
  await choose(page, 'Category', 'Cultuur');
  // Spec §3: a website or a linked page; neither is refused under the field.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Give a website or a linked page')).toBeVisible();
  await page.getByLabel('Website', { exact: true }).fill('https://www.dehortus.nl/');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/dashboard\/amenities\/\d+\/show$/);
  await expect(page.getByText('Plantage Middenlaan 2a, 1018 DD Amsterdam')).toBeVisible();
});

test('coordinates changed in English are the Dutch version’s too, which says they apply to all languages', async ({
  page,
}) => {
  await page.route(MAPS_SCRIPT, (route) =>
    route.fulfill({ path: MAPS_STUB, contentType: 'text/javascript' }),
  );
  type Amenity = { id: number; groupId: string; coordinates: { lat: number; lng: number } };
  const [english] = await apiAs<Amenity[]>('main', AMSTERDAM, '/amenities?locale=en&q=Molentje');
  const [dutch] = await apiAs<Amenity[]>(
    'main',
    AMSTERDAM,
    `/amenities?locale=nl&groupId=${english!.groupId}`,
  );
  await signIn(page, AMSTERDAM);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  await page.goto(`/dashboard/amenities/${english!.id}/edit`);
  const latitude = page.getByRole('spinbutton', { name: 'Latitude' });
  await expect(latitude).toHaveValue(String(english!.coordinates.lat));
  await latitude.fill('52.3777');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('52.37770, 4.88460')).toBeVisible();

  await page.goto(`/dashboard/amenities/${dutch!.id}/edit`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(
    'Pannenkoekenhuis Het Molentje',
  );
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue(
    /^Hollandse pannenkoeken/,
  );
  await expect(latitude).toHaveValue('52.3777');
  const coordinates = page.locator('.ant-form-item').filter({ has: latitude });
  await expect(coordinates.getByText('Applies to all languages')).toBeVisible();
  // A text is language: its field has no such note.
  const description = page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel('Description', { exact: true }) });
  await expect(description.getByText('Applies to all languages')).toHaveCount(0);

  // The seed's place again, for the specs after this one.
  const restored = await apiCall('main', AMSTERDAM, 'PATCH', `/amenities/${english!.id}`, {
    coordinates: english!.coordinates,
  });
  expect(restored.status).toBe(200);
});
