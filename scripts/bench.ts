/**
 * `npm run bench`: a measurement, not a test.
 * 1. Builds the dashboard and, following the build's real chunk graph (Vite's manifest), adds up
 *    the gzip bytes of the JavaScript and CSS that the first load of each route fetches.
 * 2. Starts the bundled API on an ephemeral port with 10,000 visit records and reports p50/p99 of
 *    list requests (bounded count, loopback only).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { createApp } from '../mock-server/app';
import { loadConfig } from '../mock-server/config';
import { buildSeed } from '../mock-server/seed/seed';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The lazy modules each route renders (see src/main.tsx and src/App.tsx), besides the entry. A
 * first visit to the sign-in page is the entry alone (the light page); the dashboard is App.tsx.
 */
const ROUTES: Record<string, string[]> = {
  '/auth/login': [],
  '/dashboard/app': ['src/App.tsx', 'src/shell/AppLayout.tsx', 'src/features/home/HomePage.tsx'],
  '/dashboard/form/list': ['src/App.tsx', 'src/shell/AppLayout.tsx', 'src/crud/ResourceList.tsx'],
  // The builder and its preview load with the page (both lazy, both shown at once).
  '/dashboard/form/new': [
    'src/App.tsx',
    'src/shell/AppLayout.tsx',
    'src/features/forms/FormEditorPage.tsx',
    'src/features/forms/FormioBuilder.tsx',
    'src/features/forms/FormioView.tsx',
  ],
  '/dashboard/form/:id/submissions': [
    'src/App.tsx',
    'src/shell/AppLayout.tsx',
    'src/features/forms/SubmissionsPage.tsx',
  ],
};

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
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Manifest;
  const gzip = (file: string) => gzipSync(readFileSync(join('dist', file)), { level: 9 }).length;

  // A chunk loads with everything it statically imports.
  const collect = (key: string, files: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach((child) => collect(child, files));
  };

  const rows = Object.entries(ROUTES).map(([route, modules]) => {
    const files = new Set<string>();
    collect('index.html', files);
    for (const module of modules) {
      if (!manifest[module]) throw new Error(`${module} is not a chunk of the build`);
      collect(module, files);
    }
    const js = [...files].filter((f) => f.endsWith('.js'));
    const css = [...files].filter((f) => f.endsWith('.css'));
    return {
      route,
      chunks: js.length,
      'JS gzip bytes': js.reduce((sum, f) => sum + gzip(f), 0),
      'CSS gzip bytes': css.reduce((sum, f) => sum + gzip(f), 0),
    };
  });
  console.log('\nJavaScript and CSS a first load of each route fetches (gzip -9):');
  console.table(rows);

  // Form.io (with Bootstrap, flatpickr and the icon font's CSS): the builder's files that the
  // form page itself does not bring, and the routes whose first load fetches any of them.
  const formio = new Set<string>();
  collect(FORMIO_MODULE, formio);
  const page = new Set<string>();
  collect('index.html', page);
  collect('src/App.tsx', page);
  collect('src/shell/AppLayout.tsx', page);
  collect('src/features/forms/FormEditorPage.tsx', page);
  for (const file of page) formio.delete(file);
  const sum = (ext: string) =>
    [...formio].filter((f) => f.endsWith(ext)).reduce((total, f) => total + gzip(f), 0);
  const loadedBy = Object.entries(ROUTES)
    .filter(([, modules]) => {
      const files = new Set<string>();
      collect('index.html', files);
      modules.forEach((module) => collect(module, files));
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

    const token = async (email: string) => {
      const response = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: 'demo1234' }),
      });
      return ((await response.json()) as { accessToken: string }).accessToken;
    };
    const admin = await token('admin@example.com');
    const operator = await token('hotel-amsterdam@example.com');

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

bundleFigures();
await apiFigures();
