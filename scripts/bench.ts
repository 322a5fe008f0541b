/**
 * `npm run bench`: a measurement, not a test.
 * 1. Builds the dashboard and, following the build's real chunk graph (Vite's manifest), adds up
 *    the gzip bytes of the JavaScript and CSS that the first load of each route fetches.
 * 2. Starts the bundled API on an ephemeral port with 10,000 visit records and reports p50/p99 of
 *    list requests (bounded count, loopback only).
 * 3. When Chromium is present (CHROMIUM_PATH, or `chromium` on the PATH): Lighthouse's mobile
 *    performance score, median of three cold-cache runs, for the sign-in page, the home page and
 *    a list, served gzip-compressed with the seeded API behind /api (`--no-lighthouse` skips it).
 * 4. `--fetched [dir…]`: the JavaScript Chromium really fetches (gzip, as served) for a signed-in
 *    amenities list and an amenity's edit page, until the page is idle, for the build in each
 *    `dir` (default ./dist), e.g. `--fetched dist /tmp/other-dist` compares two builds (issue 30);
 *    `--fetched-only` measures only that.
 * 5. `--lighthouse-compare dirA dirB…`: only Lighthouse on the overview (a hotel's, the landing
 *    page of issue 29, and an administrator's) and the amenities list, five runs per page and
 *    build, the builds taking turns run by run (issues 29 and 30); `--compare-page=hotel` (a part
 *    of a page's name) measures only that page.
 * 6. `--fetched-overview dirA dirB…`: as 4, for the overview, signed in as a hotel and as an
 *    administrator.
 * Each figure is printed against its budget (issue 15).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { createApp } from '../mock-server/app';
import { loadConfig } from '../mock-server/config';
import { buildSeed } from '../mock-server/seed/seed';
import {
  CHUNK_GRAPH,
  DASHBOARD,
  FIRST_LOADS,
  FORM,
  loadedFiles,
  type GraphChunk,
} from './chunkGroups';
import { eventFigures } from './benchEvents';
import { processFigures } from './benchProcesses';
import { storeScaleFigures } from './benchStores';
import { demoToken, serveBuildApart } from './serveBuild';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

interface RouteRow {
  route: string;
  /** The lazy modules the route renders at once (see src/main.tsx, src/App.tsx), besides the entry. */
  modules: string[];
  /** First-load JS budget in bytes (issue 15), if any. */
  budget?: number;
}

/**
 * A first visit to the sign-in page is the entry and the light page; the dashboard's routes add
 * App.tsx, the layout and their page.
 */
const ROUTES: RouteRow[] = [
  { route: '/auth/login', modules: FIRST_LOADS.login!, budget: 150_000 },
  { route: '/dashboard/app', modules: FIRST_LOADS.home! },
  { route: '/dashboard/form/list', modules: FIRST_LOADS.list!, budget: 380_000 },
  { route: '/dashboard/amenities/:id/edit', modules: FIRST_LOADS.edit!, budget: 400_000 },
  // The page editor: its tabs, the rich-text editor and the guest-app preview show with the form.
  {
    route: '/dashboard/page/:id/edit',
    modules: [
      ...FORM,
      'src/crud/form/FormSections.tsx',
      'src/crud/kinds/richText/RichTextInput.tsx',
      'src/features/pages/PagePreview.tsx',
    ],
  },
  // The five-step user (hotel) creation wizard with its live guest-app preview.
  {
    route: '/dashboard/user/new',
    modules: [...FORM, 'src/crud/form/StepsForm.tsx', 'src/features/branding/WizardPreview.tsx'],
  },
  // The form builder and its preview load with the page (both lazy, both shown at once).
  {
    route: '/dashboard/form/new',
    modules: [
      ...DASHBOARD,
      'src/features/forms/FormEditorPage.tsx',
      'src/features/forms/FormioBuilder.tsx',
      'src/features/forms/FormioView.tsx',
    ],
  },
  {
    route: '/dashboard/form/:id/submissions',
    modules: [...DASHBOARD, 'src/features/forms/SubmissionsPage.tsx'],
  },
];

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const verdict = (value: number, budget: number | undefined, better: 'lower' | 'higher') =>
  budget === undefined
    ? '(no budget)'
    : (better === 'lower' ? value <= budget : value >= budget)
      ? 'met'
      : 'NOT MET';

/** Form.io's part of the build: what the builder loads beyond the form page itself. */
const FORMIO_MODULE = 'src/features/forms/FormioBuilder.tsx';

function bundleFigures() {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'],
      {
        stdio: 'inherit',
      },
    );
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const graph = JSON.parse(readFileSync(join('dist', CHUNK_GRAPH), 'utf8')) as GraphChunk[];
  const gzip = (file: string) => gzipSync(readFileSync(join('dist', file)), { level: 9 }).length;
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Manifest;
  const cssOf = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk.css ?? []]));
  // The entry, the modules' chunks, all they import statically, and their CSS.
  const routeFiles = (modules: string[]) => {
    const files = loadedFiles(graph, modules);
    for (const file of [...files]) cssOf.get(file)?.forEach((css) => files.add(css));
    return files;
  };

  // antd's prebuilt default-theme sheet (vite.config.ts): the dashboard loads it, not the
  // sign-in page; it is named in index.html, not in the manifest.
  const antdSheet = /name="stay-antd-static-css" content="\/([^"]+)"/.exec(
    readFileSync('dist/index.html', 'utf8'),
  )?.[1];
  const rows = ROUTES.map(({ route, modules, budget }) => {
    const files = routeFiles(modules);
    const js = [...files].filter((f) => f.endsWith('.js'));
    if (antdSheet && modules.includes('src/App.tsx')) files.add(antdSheet);
    const css = [...files].filter((f) => f.endsWith('.css'));
    const jsBytes = js.reduce((sum, f) => sum + gzip(f), 0);
    return {
      route,
      chunks: js.length,
      'JS gzip bytes': jsBytes,
      'CSS gzip bytes': css.reduce((sum, f) => sum + gzip(f), 0),
      'JS budget': budget === undefined ? '—' : kB(budget),
      verdict: verdict(jsBytes, budget, 'lower'),
    };
  });
  console.log('\nJavaScript and CSS a first load of each route fetches (gzip -9):');
  console.table(rows);

  // Form.io (with Bootstrap, flatpickr and the icon font's CSS): the builder's files that the
  // form page itself does not bring, and the routes whose first load fetches any of them.
  const formio = routeFiles([FORMIO_MODULE]);
  const page = routeFiles([...FORM, 'src/features/forms/FormEditorPage.tsx']);
  for (const file of page) formio.delete(file);
  const sum = (ext: string) =>
    [...formio].filter((f) => f.endsWith(ext)).reduce((total, f) => total + gzip(f), 0);
  const loadedBy = ROUTES.map(({ route, modules }) => [route, modules] as const)
    .filter(([, modules]) => {
      const files = routeFiles(modules);
      return [...formio].some((file) => files.has(file));
    })
    .map(([route]) => route);
  console.log(
    `\nForm.io chunk (${[...formio].join(', ')}): ${sum('.js')} B JS + ${sum('.css')} B CSS gzip; ` +
      `in the first load of: ${loadedBy.join(', ')} (and nowhere else of the routes above)`,
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function apiFigures() {
  const dir = mkdtempSync(join(tmpdir(), 'stay-bench-'));
  try {
    const seed = buildSeed();
    const owners = seed.users.filter((user) => user.role === 'operator').map((user) => user.id);
    // 10,000 visit records: the seed's, then older days, spread over the hotels.
    let id = Math.max(...seed.visits.map((visit) => visit.id));
    const start = Date.parse(`${seed.visits[0]!.date}T00:00:00Z`);
    for (let day = 1; seed.visits.length < 10_000; day++) {
      for (const ownerId of owners) {
        if (seed.visits.length >= 10_000) break;
        const date = new Date(start - day * 86_400_000).toISOString().slice(0, 10);
        seed.visits.push({
          id: ++id,
          ownerId,
          date,
          visitors: 50 + ((day * 37 + ownerId * 11) % 300),
        });
      }
    }
    const dbFile = join(dir, 'db.json');
    writeFileSync(dbFile, JSON.stringify(seed));
    const config = loadConfig({ DB_FILE: dbFile, MAIL_OUTBOX: join(dir, 'outbox') });
    const { app, close } = await createApp(config);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const admin = await demoToken(base, 'admin@example.com');
    const operator = await demoToken(base, 'hotel-amsterdam@example.com');

    const cases = [
      {
        name: 'admin: page 1 of 10,000, sorted',
        token: admin,
        path: '/visits?_start=0&_end=25&_sort=date&_order=desc',
      },
      {
        name: 'admin: page 200, filtered with _like',
        token: admin,
        path: '/visits?_start=5000&_end=5025&date_like=2026&_sort=visitors&_order=asc',
      },
      {
        name: 'operator: own records, page 1',
        token: operator,
        path: '/visits?_start=0&_end=25&_sort=date&_order=desc',
      },
    ];
    const REQUESTS = 300;
    const rows = [];
    for (const entry of cases) {
      const times: number[] = [];
      let total = '';
      for (let i = 0; i < REQUESTS; i++) {
        const began = performance.now();
        const response = await fetch(`${base}${entry.path}`, {
          headers: { Authorization: `Bearer ${entry.token}` },
        });
        await response.arrayBuffer();
        times.push(performance.now() - began);
        if (response.status !== 200) throw new Error(`${entry.path} answered ${response.status}`);
        total = response.headers.get('x-total-count') ?? '';
      }
      times.sort((a, b) => a - b);
      rows.push({
        request: entry.name,
        'X-Total-Count': total,
        requests: REQUESTS,
        'p50 ms': +percentile(times, 50).toFixed(2),
        'p99 ms': +percentile(times, 99).toFixed(2),
      });
    }
    console.log(
      `\nBundled API, ${seed.visits.length.toLocaleString('en')} visit records, sequential GET list requests on loopback:`,
    );
    console.table(rows);
    server.close();
    await close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Debian's chromium when present (as the e2e run), else CHROMIUM_PATH; none: no Lighthouse. */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const found = execFileSync('which', [name], { encoding: 'utf8' }).trim();
      if (found) return found;
    } catch {
      // not on the PATH: try the next name
    }
  }
  return undefined;
}

const LIGHTHOUSE_PAGES = [
  { page: '/auth/login', signedIn: false, budget: 0.9 },
  { page: '/dashboard/app', signedIn: true, budget: undefined },
  { page: '/dashboard/form/list', signedIn: true, budget: 0.75 },
  { page: '/dashboard/amenities/2/edit', signedIn: true, budget: undefined },
] as const;
const LIGHTHOUSE_RUNS = 3;

/** The scripts' bytes and count from Lighthouse's resource summary. */
function scriptTransfer(details: unknown): { js: number; requests: number } {
  const items = (
    details as { items?: { resourceType: string; transferSize: number; requestCount: number }[] }
  )?.items;
  const script = items?.find((item) => item.resourceType === 'script');
  return { js: script?.transferSize ?? 0, requests: script?.requestCount ?? 0 };
}

interface LighthouseRun {
  score: number;
  lcp: number;
  tbt: number;
  js: number;
  requests: number;
}

/** Chromium, Lighthouse and what drives them; undefined without Chromium (then no Lighthouse). */
async function lighthouseTools() {
  const chromePath = chromiumPath();
  if (!chromePath) {
    console.log('\nLighthouse: skipped, no Chromium (set CHROMIUM_PATH).');
    return undefined;
  }
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const puppeteer = await import('puppeteer-core');
  return { chromePath, lighthouse, chromeLauncher, puppeteer };
}
type LighthouseTools = NonNullable<Awaited<ReturnType<typeof lighthouseTools>>>;

/** One Lighthouse run (mobile, default config) of `page` on a served build, in a fresh browser. */
async function lighthouseRun(
  { chromePath, lighthouse, chromeLauncher, puppeteer }: LighthouseTools,
  { origin, accessToken }: { origin: string; accessToken: string },
  page: string,
  signedIn: boolean,
): Promise<LighthouseRun> {
  // A fresh profile per run: a cold cache. A signed-in page gets the token first (set on a file
  // of the same origin, so the cache holds nothing of the dashboard).
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    if (signedIn) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const tab = await browser.newPage();
      await tab.goto(`${origin}/favicon.svg`);
      await tab.evaluate((token) => localStorage.setItem('accessToken', token), accessToken);
      await tab.close();
      await browser.disconnect();
    }
    const result = await lighthouse(`${origin}${page}`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      disableStorageReset: signedIn,
      logLevel: 'error',
    });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(lhr?.runtimeError?.message ?? 'no result');
    return {
      score: lhr.categories.performance?.score ?? 0,
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
      ...scriptTransfer(lhr.audits['resource-summary']?.details),
    };
  } finally {
    chrome.kill();
  }
}

/** The medians of a page's runs, and each run's score. */
function lighthouseMedians(runs: LighthouseRun[]) {
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
  return {
    'median score': median(runs.map((entry) => entry.score)),
    'median LCP s': +(median(runs.map((entry) => entry.lcp)) / 1000).toFixed(2),
    'median TBT ms': Math.round(median(runs.map((entry) => entry.tbt))),
    // What the browser really fetched (gzip -6 as served here), lazy chunks a first render asks
    // for included: a check on the first table, which follows the build's static graph.
    'JS kB fetched': +(median(runs.map((entry) => entry.js)) / 1000).toFixed(1),
    'JS files': median(runs.map((entry) => entry.requests)),
    runs: runs.map((entry) => entry.score).join(' / '),
  };
}

async function lighthouseFigures() {
  if (process.argv.includes('--no-lighthouse')) return;
  const tools = await lighthouseTools();
  if (!tools) return;
  // The build, gzip-compressed, as a production server sends it; /api is the bundled API. In a
  // process of its own: served from this one, its answers waited while Lighthouse worked here,
  // and Lighthouse counts the wait as the server's.
  const served = await serveBuildApart('dist');
  const rows = [];
  try {
    for (const { page, signedIn, budget } of LIGHTHOUSE_PAGES) {
      const runs: LighthouseRun[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++)
        runs.push(await lighthouseRun(tools, served, page, signedIn));
      const medians = lighthouseMedians(runs);
      rows.push({
        page,
        ...medians,
        budget: budget === undefined ? '—' : `≥ ${budget}`,
        verdict: verdict(medians['median score'], budget, 'higher'),
      });
    }
  } finally {
    await served.close();
  }
  console.log(
    `\nLighthouse ${LIGHTHOUSE_RUNS}× per page, mobile (default config), cold cache, gzip:`,
  );
  console.table(rows);
}

/** Who a measured page is signed in as: a hotel (the operator) or the administrator. */
type Account = 'operator' | 'admin';
const tokenOf = (
  served: { accessToken: string; operatorToken: string },
  account: Account,
): string => (account === 'operator' ? served.operatorToken : served.accessToken);

/**
 * The pages `--lighthouse-compare` measures (issues 29 and 30): the overview as a hotel sees it
 * (its landing page: the visitors and "Today"), as an administrator sees it (the hotel picker,
 * the dates, the top hotels), and a list.
 */
const COMPARE_PAGES: { name: string; page: string; account: Account }[] = [
  { name: 'overview (hotel)', page: '/dashboard/app', account: 'operator' },
  { name: 'overview (administrator)', page: '/dashboard/app', account: 'admin' },
  { name: 'amenities list', page: '/dashboard/amenities/list', account: 'admin' },
];
const COMPARE_RUNS = 5;

/**
 * `--lighthouse-compare dirA dirB…`: Lighthouse on each page for every build, the builds taking
 * turns run by run (A B, B A, A B…), each served by a process of its own, all at once. On a
 * machine whose load changes (other work on it), each build meets the same conditions.
 */
async function lighthouseCompare(dirs: string[]) {
  const tools = await lighthouseTools();
  if (!tools) return;
  const served: Awaited<ReturnType<typeof serveBuildApart>>[] = [];
  const rows: ({ page: string; build: string } & ReturnType<typeof lighthouseMedians>)[] = [];
  try {
    for (const dir of dirs) served.push(await serveBuildApart(dir));
    // `--compare-page=hotel` (a part of a name): only the pages so named.
    const only = process.argv.find((arg) => arg.startsWith('--compare-page='))?.split('=')[1];
    for (const { name, page, account } of COMPARE_PAGES.filter(
      (entry) => !only || entry.name.includes(only),
    )) {
      const runs = dirs.map((): LighthouseRun[] => []);
      for (let run = 0; run < COMPARE_RUNS; run++) {
        const order = dirs.map((_, index) => index);
        if (run % 2) order.reverse();
        for (const index of order) {
          const { origin } = served[index]!;
          const accessToken = tokenOf(served[index]!, account);
          const figures = await lighthouseRun(tools, { origin, accessToken }, page, true);
          runs[index]!.push(figures);
          console.log(`${name} ${dirs[index]} run ${run + 1}: score ${figures.score}`);
        }
      }
      dirs.forEach((dir, index) =>
        rows.push({ page: name, build: dir, ...lighthouseMedians(runs[index]!) }),
      );
    }
  } finally {
    for (const server of served) await server.close();
  }
  console.log(
    `\nLighthouse ${COMPARE_RUNS}× per page and build, interleaved, mobile (default config), cold cache, gzip:`,
  );
  console.table(rows);
}

interface FetchedPage {
  page: string;
  budget?: number;
  /** Signed in as the administrator unless said. */
  account?: Account;
}

const FETCHED_PAGES: FetchedPage[] = [
  { page: '/dashboard/amenities/list', budget: 480_000 },
  { page: '/dashboard/amenities/2/edit', budget: 480_000 },
];

/** `--fetched-overview`: the landing page, as a hotel and as an administrator (issue 29). */
const OVERVIEW_PAGES: FetchedPage[] = [
  { page: '/dashboard/app', account: 'operator' },
  { page: '/dashboard/app', account: 'admin' },
];

/** Resolves once no request has started or ended for `quietMs`. */
function untilQuiet(page: import('@playwright/test').Page, quietMs: number) {
  return new Promise<void>((resolve) => {
    let timer = setTimeout(done, quietMs);
    function restart() {
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    }
    function done() {
      page.off('request', restart);
      page.off('requestfinished', restart);
      resolve();
    }
    page.on('request', restart);
    page.on('requestfinished', restart);
  });
}

/**
 * The JS a cold, signed-in Chromium fetches for each page (FETCHED_PAGES unless given) until the
 * page is idle (no request for 3 s: what loads when the browser is idle is counted too), gzip as
 * served.
 */
async function fetchedFigures(dirs: string[], pages = FETCHED_PAGES) {
  const executablePath = chromiumPath();
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath });
  const rows = [];
  try {
    for (const dir of dirs) {
      const served = await serveBuildApart(dir);
      const { origin, close } = served;
      try {
        for (const { page: path, budget, account } of pages) {
          const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
          await context.addInitScript(
            (token) => {
              localStorage.setItem('accessToken', token);
            },
            tokenOf(served, account ?? 'admin'),
          );
          const page = await context.newPage();
          const scripts: Promise<number>[] = [];
          page.on('requestfinished', (request) => {
            if (request.resourceType() === 'script')
              scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
          });
          const quiet = untilQuiet(page, 3000);
          await page.goto(`${origin}${path}`, { waitUntil: 'load' });
          await quiet;
          const bytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
          rows.push({
            build: dir,
            page: account
              ? `${path} (${account === 'operator' ? 'hotel' : 'administrator'})`
              : path,
            'JS files': scripts.length,
            'JS kB fetched (gzip)': +(bytes / 1000).toFixed(1),
            budget: budget === undefined ? '—' : kB(budget),
            verdict: verdict(bytes, budget, 'lower'),
          });
          await context.close();
        }
      } finally {
        await close();
      }
    }
  } finally {
    await browser.close();
  }
  console.log('\nJavaScript Chromium fetched, signed in, until idle (gzip as served):');
  console.table(rows);
}

const fetchedAt = process.argv.findIndex((arg) => arg === '--fetched' || arg === '--fetched-only');
const fetchedDirs =
  fetchedAt < 0 ? [] : process.argv.slice(fetchedAt + 1).filter((arg) => !arg.startsWith('--'));
const compareAt = process.argv.indexOf('--lighthouse-compare');
if (compareAt >= 0) {
  const dirs = process.argv.slice(compareAt + 1).filter((arg) => !arg.startsWith('--'));
  if (dirs.length < 2)
    throw new Error('--lighthouse-compare needs two builds, e.g. dist /tmp/other');
  await lighthouseCompare(dirs);
  process.exit(0);
}
const overviewAt = process.argv.indexOf('--fetched-overview');
if (overviewAt >= 0) {
  const dirs = process.argv.slice(overviewAt + 1).filter((arg) => !arg.startsWith('--'));
  await fetchedFigures(dirs.length ? dirs : ['dist'], OVERVIEW_PAGES);
  process.exit(0);
}
if (process.argv.includes('--fetched-only')) {
  await fetchedFigures(fetchedDirs.length ? fetchedDirs : ['dist']);
  process.exit(0);
}

// `--lighthouse-only` (with `--no-build`): the scores of the build in ./dist, e.g. of another checkout.
if (!process.argv.includes('--lighthouse-only')) {
  bundleFigures();
  await apiFigures();
  // Minutes of bulk loading (a million rows): `--no-stores` leaves it out.
  if (!process.argv.includes('--no-stores')) await storeScaleFigures();
  // Two API processes against one: `--no-processes` leaves it out.
  if (!process.argv.includes('--no-processes')) await processFigures();
  // Live-event delivery to 1,000 streams, one and two processes: `--no-events` leaves it out.
  if (!process.argv.includes('--no-events')) await eventFigures();
}
if (fetchedAt >= 0) await fetchedFigures(fetchedDirs.length ? fetchedDirs : ['dist']);
await lighthouseFigures();
