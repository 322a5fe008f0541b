import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * E2E: the production build served by `vite preview` (the proxy `npm start` uses), talking over
 * real HTTP to freshly seeded bundled APIs on PostgreSQL, as in production: the main API runs
 * two processes (API_WORKERS=2). Each Playwright worker has stacks of its own (its parallel index
 * picks them), so tests in two workers never share state: the main one, one whose tokens live a
 * few seconds (session expiry), the build served once more calling the main API directly (no
 * proxy), and a smoke set's stack on the JSON file (project json-smoke).
 */
// One temporary folder per run; workers inherit it through the environment.
process.env.E2E_RUN_DIR ??= mkdtempSync(join(tmpdir(), 'stay-e2e-'));
const runDir = process.env.E2E_RUN_DIR;

/**
 * Playwright workers at once (E2E_WORKERS, default 2: the machine's two cores); each gets the
 * stacks of its parallel index (0 … WORKERS - 1).
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
// E2E_PORT_OFFSET shifts every port, so two runs on one machine (two checkouts) do not clash.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
/** Ports a worker's stacks take: 4100 + offset + index × STRIDE, up to 13 further. */
const STRIDE = 20;
/** The run's one throwaway PostgreSQL server (tests/e2e/postgres.ts), with a database per stack. */
const POSTGRES_PORT = 4100 + offset + STRIDE - 1;
const databaseUrl = (name: string) =>
  `postgres://postgres:postgres@127.0.0.1:${POSTGRES_PORT}/${name}`;

/** The stacks of the worker with the given parallel index: ports, and their data folders' names. */
export function stacksFor(index: number) {
  const base = 4100 + offset + index * STRIDE;
  return {
    main: { web: base + 10, api: base, oauth: base + 2, dir: `main_${index}` },
    direct: { web: base + 12 },
    shortSession: {
      web: base + 11,
      api: base + 1,
      oauth: base + 3,
      dir: `short_${index}`,
      ttlSeconds: 6,
    },
    // The json-smoke project's only stack: the JSON file, one API process.
    json: { web: base + 13, api: base + 4, oauth: base + 5, dir: `json_${index}` },
  } as const;
}

/**
 * This worker's stacks. Playwright sets TEST_PARALLEL_INDEX (= testInfo.parallelIndex) in each
 * worker process before it loads a test file, and a worker keeps it for life (a worker started
 * again after a failure gets the same one), so module-level addresses in specs follow it too.
 * In the runner's own process (which declares every stack below) it is index 0.
 */
export const STACKS = stacksFor(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/** Debian's chromium when present (CI installs it), else whatever CHROMIUM_PATH names. */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
    } catch {
      // not on PATH; try the next name, then Playwright's own browser
    }
  }
  return undefined;
}

/** A stack's API; its data folder's name is also its database's, on PostgreSQL. */
const api = (
  { api: port, web: webPort, oauth, dir }: { api: number; web: number; oauth: number; dir: string },
  extra: Record<string, string> = {},
  store: 'postgres' | 'json' = 'postgres',
) => ({
  command: 'node --import tsx mock-server/index.ts',
  url: `http://127.0.0.1:${port}/health`,
  reuseExistingServer: false,
  timeout: 60_000,
  env: {
    API_PORT: String(port),
    DB_FILE: join(runDir, dir, 'db.json'),
    MAIL_OUTBOX: join(runDir, dir, 'outbox'),
    // Not APP_URL: mailed links and OAuth returns must follow WEB_PORT (a non-default port) alone.
    WEB_PORT: String(webPort),
    // The seeded OAuth app connects through a local OAuth 2 provider the API starts.
    DEMO_OAUTH_PORT: String(oauth),
    ...(store === 'postgres' ? { DATABASE_URL: databaseUrl(`e2e_${dir}`) } : {}),
    ...extra,
  },
});

const web = (port: number, apiPort: number, extra: Record<string, string> = {}) => ({
  command: 'node node_modules/vite/bin/vite.js preview --logLevel warn',
  url: `http://localhost:${port}/auth/login`,
  reuseExistingServer: false,
  timeout: 60_000,
  env: { WEB_PORT: String(port), API_PORT: String(apiPort), ...extra },
});

export default defineConfig({
  testDir: 'tests/e2e',
  // Files are shared out between the workers; a file's tests run in order in one worker.
  fullyParallel: false,
  workers: WORKERS,
  forbidOnly: true,
  // No retries: a test that passes only the second time hides a race a user can meet. The last
  // full run (143 tests, CI) had no test that failed once and then passed.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: 'test-results',
  use: {
    // The worker's own: tests/e2e/fixtures.ts sets baseURL from the worker's parallel index.
    locale: 'en-US',
    // A failed test keeps its trace: each action's DOM snapshot, network and console. Not its
    // screencast: recording JPEG frames of every test cost more CPU than anything the tests do in
    // the browser's GPU and browser processes (706 → 550 CPU-seconds on 42 tests, 2 cores).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Every test, on PostgreSQL.
    { name: 'chromium', use: { browserName: 'chromium' }, metadata: { store: 'postgres' } },
    // The smoke set (tag @json-smoke) once more on the JSON file: sign-in, a list, an edit with
    // an upload, a form submission. Its tests reach their stack through support.ts (stackOf).
    {
      name: 'json-smoke',
      use: { browserName: 'chromium' },
      grep: /@json-smoke/,
      metadata: { store: 'json' },
    },
  ],
  webServer: [
    {
      name: 'PostgreSQL',
      command: `node --import tsx tests/e2e/postgres.ts ${POSTGRES_PORT} ${Array.from(
        { length: WORKERS },
        (_, index) => stacksFor(index),
      )
        .flatMap(({ main, shortSession }) => [`e2e_${main.dir}`, `e2e_${shortSession.dir}`])
        .join(' ')}`,
      wait: { stdout: /e2e databases ready/ },
      reuseExistingServer: false,
      timeout: 120_000,
      // Asked to stop (Playwright stops the web servers in reverse), it stops its server and
      // removes its folder itself.
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    },
    ...Array.from({ length: WORKERS }, (_, index) => stacksFor(index)).flatMap(
      ({ main, shortSession, direct, json }) => [
        // A 1 MiB upload limit, so the upload test can go over it with a small file.
        api(main, {
          API_WORKERS: '2',
          UPLOAD_LIMIT_MB: '1',
          CORS_ORIGINS: [main.web, direct.web]
            .flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`])
            .join(','),
        }),
        api(shortSession, { TOKEN_TTL_SECONDS: String(shortSession.ttlSeconds) }),
        api(json, { UPLOAD_LIMIT_MB: '1' }, 'json'),
        web(main.web, main.api),
        web(shortSession.web, shortSession.api),
        web(direct.web, main.api, { DASHBOARD_API_URL: `http://127.0.0.1:${main.api}` }),
        web(json.web, json.api),
      ],
    ),
  ],
});
