import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAs, signIn } from './support';

const AMSTERDAM = 'hotel-amsterdam@example.com';

/** A real 24x24 PNG (solid green), built from its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAH0lEQVR42mOQ7yqgCmIYNWjUoFGDRg0aNWjUoIE3CABKVXhf8bYXiwAAAABJRU5ErkJggg==',
  'base64',
);

interface Product {
  id: number;
  name: string;
  image: string;
}

async function signedIn(page: Page, email: string) {
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

/** Opens the edit page of one of Amsterdam's products; answers the product as stored. */
async function editProduct(page: Page, index: number): Promise<Product> {
  const products = await apiAs<Product[]>('main', AMSTERDAM, '/pos-products?_sort=id&_order=asc');
  const product = products[index]!;
  await page.goto(`/dashboard/pos/products/${product.id}/edit`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(product.name);
  return product;
}

/** The "Image" field's file input (the field's label names it). */
const imageInput = (page: Page) => page.getByLabel('Image', { exact: true });

/** The image has loaded (the browser decoded real pixels from the API). */
async function expectLoaded(page: Page, name: string) {
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBe(24);
}

test(
  'an operator uploads a product image, sees it, saves it and still sees it after a reload',
  { tag: '@json-smoke' },
  async ({ page, request, baseURL }) => {
    await signedIn(page, AMSTERDAM);
    const product = await editProduct(page, 0);

    await imageInput(page).setInputFiles({
      name: 'terrace.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expectLoaded(page, 'Preview of terrace.png');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: product.name, exact: true })).toBeVisible();

    const [stored] = await apiAs<Product[]>('main', AMSTERDAM, `/pos-products?id=${product.id}`);
    expect(stored!.image).toMatch(/^\/uploads\/files\/\d+\/[A-Za-z0-9_-]{22}\.png$/);

    await page.goto(`/dashboard/pos/products/${product.id}/edit`);
    await page.reload();
    await expectLoaded(page, 'Preview of terrace.png');
    await expect(page.getByRole('button', { name: 'Remove terrace.png' })).toBeVisible();

    // The file is served back, through the dashboard's /api proxy, as the PNG it is.
    const served = await request.get(`${baseURL}/api${stored!.image}`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(await served.body(), PNG)).toBe(0);
  },
);

test("a file over the upload limit shows 'The images are too large' under the field", async ({
  page,
}) => {
  await signedIn(page, AMSTERDAM);
  await editProduct(page, 1);
  // The e2e API runs with UPLOAD_LIMIT_MB=1 (playwright.config.ts).
  const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 200 * 1024, 7)]);
  await imageInput(page).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
  await expect(
    page.getByRole('alert').filter({ hasText: 'The images are too large' }),
  ).toBeVisible();
  await expect(imageInput(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('img', { name: /Preview of/ })).toHaveCount(0);
});

test('a text file renamed .png is refused with the server’s message', async ({ page }) => {
  await signedIn(page, AMSTERDAM);
  await editProduct(page, 2);
  await imageInput(page).setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('These are my notes, not a picture.\n'),
  });
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Only PNG, JPEG, WebP and GIF images can be uploaded here' }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /Preview of/ })).toHaveCount(0);
});
