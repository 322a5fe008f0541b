import { expect, test } from './fixtures';
import { apiAddress, apiCall, latestMailTo, signIn } from './support';

const AMSTERDAM = 'hotel-amsterdam@example.com';
/** The hotel's public API (guests), of the running test's stack. */
const PUBLIC = () => `${apiAddress()}/public/canal-house-amsterdam`;
const RUN = Date.now().toString(36);
const RECEPTION = `reception-${RUN}@example.com`;

/** How many of the hotel's requests are New right now, as the API counts them. */
async function newCount(): Promise<number> {
  const answer = await apiCall('main', AMSTERDAM, 'GET', '/submissions?status=new&_end=1000');
  return (answer.body as unknown[]).length;
}

/** The badge's accessible name for a count. */
const badge = (count: number) => (count === 1 ? '1 new request' : `${count} new requests`);

test(
  'a guest request arrives as New with the menu badge and a mail, and the operator marks it done',
  { tag: '@json-smoke' },
  async ({ page }) => {
    // A form whose new requests are mailed to reception.
    const created = await apiCall('main', AMSTERDAM, 'POST', '/forms', {
      label: `Late check-out ${RUN}`,
      locale: 'en',
      notify: RECEPTION,
      fields: [
        { name: 'name', label: 'Name', type: 'text', required: true },
        { name: 'until', label: 'Check out at', type: 'text', required: true },
        { name: 'breakfast', label: 'Breakfast in the room', type: 'checkbox', required: false },
      ],
    });
    expect(created.status).toBe(201);
    const form = created.body as { id: number; label: string };

    await signIn(page, AMSTERDAM);
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const before = await newCount();

    // A guest sends the form through the public API and gets a reference to quote.
    const sent = await fetch(`${PUBLIC()}/forms/${form.id}/submissions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { name: 'Anna Jansen', until: '14:00', breakfast: true } }),
    });
    expect(sent.status).toBe(201);
    const { reference } = (await sent.json()) as { reference: string };
    expect(reference).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    // Reception gets the mail in the hotel's language (Dutch), with the answers and a link.
    await expect
      .poll(() => latestMailTo('main', RECEPTION)?.subject)
      .toBe(`Nieuwe aanvraag ${reference}: ${form.label}`);
    const mail = latestMailTo('main', RECEPTION)!;
    expect(mail.text).toContain('Name: Anna Jansen');
    expect(mail.text).toContain('Breakfast in the room: Ja');
    const link = /http\S+\/dashboard\/requests\/(\d+)/.exec(mail.text);
    expect(link).not.toBeNull();

    // The menu's Requests entry counts it among the New ones.
    await page.reload();
    await expect(menu.getByRole('link', { name: /^Requests/ })).toBeVisible();
    await expect(async () => {
      const count = await newCount();
      expect(count).toBe(before + 1);
      await expect(menu.getByLabel(badge(count))).toBeVisible({ timeout: 1000 });
    }).toPass();

    // In the inbox, filtered to New, it is the newest row, with its form.
    await menu.getByRole('link', { name: /^Requests/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/requests$/);
    await expect(page.getByRole('heading', { name: 'Requests' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'New' })
      .click();
    const row = page.getByRole('row', { name: new RegExp(reference) });
    await expect(row).toContainText(form.label);
    await expect(row).toContainText('New');

    // Opened, it shows the answers by their labels.
    await row.getByRole('link', { name: `Open request ${reference}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/requests/${link![1]}$`));
    await expect(page.getByRole('heading', { name: `${form.label} · ${reference}` })).toBeVisible();
    // The breadcrumb names the request by when it came, as a submission's own page does, not by
    // its id; so does the tab's title.
    const crumb = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('li').last();
    await expect(crumb).toHaveText(new RegExp(String(new Date().getFullYear())));
    await expect(page).toHaveTitle(
      new RegExp(`^[^#]*${new Date().getFullYear()}.* · Requests \\| `),
    );
    const answers = page.locator('.ant-card').filter({ hasText: 'Answers' });
    await expect(answers.getByRole('row', { name: /Name.*Anna Jansen/ })).toBeVisible();
    await expect(answers.getByRole('row', { name: /Breakfast in the room.*Yes/ })).toBeVisible();

    // One click marks it done; the server keeps it, and the badge counts one fewer.
    // (antd draws each choice as a button-like label around a hidden radio.)
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'Done' }) })
      .click();
    await expect(page.getByRole('radio', { name: 'Done' })).toBeChecked();
    await expect(page.getByText('Status: Done')).toBeVisible();
    await expect
      .poll(async () => {
        const answer = await apiCall('main', AMSTERDAM, 'GET', `/submissions/${link![1]}`);
        return (answer.body as { status: string }).status;
      })
      .toBe('done');
    await expect(async () => {
      const count = await newCount();
      await expect(menu.getByLabel(badge(count))).toBeVisible({ timeout: 1000 });
    }).toPass();

    // Two more, marked done together from the list.
    const more: string[] = [];
    for (const name of ['Tom', 'Sara']) {
      const answer = await fetch(`${PUBLIC()}/forms/${form.id}/submissions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: { name, until: '13:00' } }),
      });
      more.push(((await answer.json()) as { reference: string }).reference);
    }
    await page.goto(`/dashboard/requests?formId=${form.id}&status=new`);
    for (const ref of more) {
      await page.getByRole('checkbox', { name: `Select ${ref}` }).check();
    }
    await page.getByRole('button', { name: /Mark selected done/ }).click();
    await expect(page.getByText('2 requests marked done')).toBeVisible();
    await expect(page.getByText('No requests match the filters')).toBeVisible();
    const kept = await apiCall(
      'main',
      AMSTERDAM,
      'GET',
      `/submissions?formId=${form.id}&status=done`,
    );
    expect((kept.body as { reference: string }[]).map((row) => row.reference).sort()).toEqual(
      [reference, ...more].sort(),
    );
  },
);
