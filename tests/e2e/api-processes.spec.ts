import { type Request } from '@playwright/test';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { expect, test } from './fixtures';
import { apiAddress, apiCall, signIn, stackOf } from './support';

// Issue 41, point 3: the main stack runs two API processes (API_WORKERS=2, playwright.config.ts)
// behind the dashboard's /api proxy, as production does. One dying mid-session must not leave
// the page waiting: not its live-events stream (proxied, it was held open for ever), nor any
// other request.

const AMSTERDAM = 'hotel-amsterdam@example.com';
const RUN = Date.now().toString(36);

/** The processes listening on a local TCP port (Linux: /proc), by their sockets' inodes. */
function listeners(port: number): number[] {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set(
    ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) =>
      readFileSync(table, 'utf8')
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        // Local address on the port, state 0A (LISTEN); field 9 is the socket's inode.
        .filter((fields) => fields[1]?.endsWith(hex) && fields[3] === '0A')
        .map((fields) => `socket:[${fields[9]}]`),
    ),
  );
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return readdirSync(`/proc/${pid}/fd`).some((fd) =>
          inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`)),
        );
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    });
}

/** A process's parent; NaN for one that is gone meanwhile (a killed worker still listed). */
function parentOf(pid: number): number {
  try {
    return Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  } catch {
    return NaN;
  }
}

/** The API's worker processes: those on its port whose parent (the cluster's primary) is too. */
function apiProcesses(): number[] {
  const pids = listeners(stackOf('main').api);
  return pids.filter((pid) => pids.includes(parentOf(pid)));
}

test('an API process dies mid-session: the page keeps working, live updates resume, no request hangs', async ({
  page,
}) => {
  const created = await apiCall('main', AMSTERDAM, 'POST', '/forms', {
    label: `Umbrella ${RUN}`,
    locale: 'en',
    fields: [{ name: 'name', label: 'Name', type: 'text', required: true }],
  });
  expect(created.status).toBe(201);
  const form = created.body as { id: number };

  // Every request the page makes, until it has an answer in full or fails.
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));

  const streaming = page.waitForResponse(
    (response) => /\/api\/events\?ticket=/.test(response.url()) && response.status() === 200,
  );
  await signIn(page, AMSTERDAM);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: /^Requests/ }).click();
  await expect(page.getByRole('heading', { name: 'Requests' })).toBeVisible();
  await streaming;

  // Each of the two processes is killed in turn (the second once the first is back), so that
  // whichever held the page's stream and connections died with them.
  const before = [...open];
  const [first, second] = apiProcesses();
  expect(second, 'two API processes').toBeDefined();
  process.kill(first!, 'SIGKILL');
  await expect
    .poll(() => apiProcesses().filter((pid) => pid !== first && pid !== second).length, {
      message: 'the killed process is started again',
      timeout: 30_000,
    })
    .toBe(1);
  process.kill(second!, 'SIGKILL');

  // What was open when they died ends, as the browser sees it: nothing waits for an answer.
  await expect
    .poll(() => before.filter((request) => open.has(request)).map((request) => request.url()), {
      message: 'requests still waiting after their API process died',
      timeout: 10_000,
    })
    .toEqual([]);

  // The page keeps working: a guest's request shows up by itself (the stream reconnected).
  const sent = await fetch(
    `${apiAddress()}/public/canal-house-amsterdam/forms/${form.id}/submissions`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { name: 'Joost Bakker' } }),
    },
  );
  expect(sent.status).toBe(201);
  const { reference } = (await sent.json()) as { reference: string };
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toBeVisible({
    timeout: 15_000,
  });
  // …and so does the rest of it: the overview, from the menu, with its figures.
  await menu.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
});
