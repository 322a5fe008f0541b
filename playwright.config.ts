import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * E2E: the production build served by `vite preview`, talking over real HTTP to freshly seeded
 * bundled APIs. Each Playwright worker has stacks of its own (its parallel index picks them), so
 * tests in two workers never share state: the main one, one whose tokens live a few seconds
 * (session expiry), and the build served once more calling the main API directly (no proxy).
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

/** The stacks of the worker with the given parallel index: ports, and their data folders' names. */
export function stacksFor(index: number) {
  const base = 4100 + offset + index * STRIDE;
  return {
    main: { web: base + 10, api: base, oauth: base + 2, dir: `main-${index}` },
    direct: { web: base + 12 },
    shortSession: {
      web: base + 11,
      api: base + 1,
      oauth: base + 3,
      dir: `short-${index}`,
      ttlSeconds: 6,
    },
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

const api = (
  { api: port, web: webPort, oauth, dir }: { api: number; web: number; oauth: number; dir: string },
  extra: Record<string, string> = {},
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
    trace: 'retain-on-failure',
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
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: Array.from({ length: WORKERS }, (_, index) => stacksFor(index)).flatMap(
    ({ main, shortSession, direct }) => [
      // A 1 MiB upload limit, so the upload test can go over it with a small file.
      api(main, {
        UPLOAD_LIMIT_MB: '1',
        CORS_ORIGINS: [main.web, direct.web]
          .flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`])
          .join(','),
      }),
      api(shortSession, { TOKEN_TTL_SECONDS: String(shortSession.ttlSeconds) }),
      web(main.web, main.api),
      web(shortSession.web, shortSession.api),
      web(direct.web, main.api, { DASHBOARD_API_URL: `http://127.0.0.1:${main.api}` }),
    ],
  ),
});
