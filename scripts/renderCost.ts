/**
 * `npx tsx scripts/renderCost.ts [build dir…]`: what rendering costs the browser's main thread,
 * for each build given (default ./dist), served with a freshly seeded API as in `npm run bench`:
 * a list's first load (/dashboard/form/list), an edit page's first load (an amenity), and ten keys
 * typed into that page's name field. Chromium's own counters (CDP Performance.getMetrics:
 * ScriptDuration, TaskDuration) and the long tasks' blocking time (over 50 ms, as TBT counts it);
 * the median of RUNS runs (default 5), the builds taking turns so they share the machine's load.
 * A measurement, not a test: figures depend on the machine.
 */
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { serveBuild } from './serveBuild';

const RUNS = Number(process.env.RUNS ?? 5);
const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ['dist'];

interface Figures {
  script: number;
  task: number;
  blocking: number;
}

/** The CDP session of each page opened, with its Performance domain on. */
const sessions = new WeakMap<Page, CDPSession>();

/** Chromium's counters since the page opened, in ms, and the long tasks' time over 50 ms. */
async function figures(page: Page): Promise<Figures> {
  const { metrics } = await sessions.get(page)!.send('Performance.getMetrics');
  const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  const blocking = await page.evaluate(() =>
    ((window as unknown as { __long?: number[] }).__long ?? []).reduce(
      (sum, duration) => sum + Math.max(0, duration - 50),
      0,
    ),
  );
  return { script: metric('ScriptDuration'), task: metric('TaskDuration'), blocking };
}

const minus = (a: Figures, b: Figures): Figures => ({
  script: a.script - b.script,
  task: a.task - b.task,
  blocking: a.blocking - b.blocking,
});

async function open(context: BrowserContext, url: string, ready: (page: Page) => Promise<unknown>) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  sessions.set(page, cdp);
  await page.goto(url);
  await ready(page);
  // Late answers (rights, labels, currencies) and their renders.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return page;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const servers = await Promise.all(dirs.map((dir) => serveBuild(dir)));
const results = dirs.map(() => ({
  list: [] as Figures[],
  edit: [] as Figures[],
  typing: [] as Figures[],
}));
try {
  const amenity = await fetch(`${servers[0]!.origin}/api/amenities`, {
    headers: { Authorization: `Bearer ${servers[0]!.accessToken}` },
  }).then(async (response) => ((await response.json()) as { id: number }[])[0]!.id);
  for (let run = 0; run < RUNS; run++) {
    for (const [index, { origin, accessToken }] of servers.entries()) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript((token) => {
        localStorage.setItem('accessToken', token);
        const long: number[] = [];
        (window as unknown as { __long: number[] }).__long = long;
        new PerformanceObserver((list) =>
          list.getEntries().forEach((entry) => long.push(entry.duration)),
        ).observe({ type: 'longtask', buffered: true });
      }, accessToken);
      const list = await open(context, `${origin}/dashboard/form/list`, (page) =>
        page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor(),
      );
      results[index]!.list.push(await figures(list));
      await list.close();
      const name = '#field-name';
      const edit = await open(context, `${origin}/dashboard/amenities/${amenity}/edit`, (page) =>
        page.waitForFunction(
          (selector) => Boolean(document.querySelector<HTMLInputElement>(selector)?.value),
          name,
        ),
      );
      const loaded = await figures(edit);
      results[index]!.edit.push(loaded);
      await edit.locator(name).click();
      await edit.locator(name).pressSequentially('abcdefghij');
      await edit.waitForTimeout(500);
      results[index]!.typing.push(minus(await figures(edit), loaded));
      await context.close();
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.close()));
}

const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
const row = (runs: Figures[]) =>
  `script ${Math.round(median(runs.map((r) => r.script)))} ms, tasks ${Math.round(
    median(runs.map((r) => r.task)),
  )} ms, blocking ${Math.round(median(runs.map((r) => r.blocking)))} ms`;
console.log(`Main-thread time, median of ${RUNS} runs (1280×800, no throttling):`);
for (const [index, dir] of dirs.entries()) {
  const { list, edit, typing } = results[index]!;
  console.log(`\n${dir}`);
  console.log(`  /dashboard/form/list first load: ${row(list)}`);
  console.log(`  amenity edit page first load:    ${row(edit)}`);
  console.log(`  10 keys in its name field:       ${row(typing)}`);
}
