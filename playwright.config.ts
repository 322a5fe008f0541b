import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * E2E: the production build served by `vite preview`, talking over real HTTP to freshly seeded
 * bundled APIs. Two stacks: the main one, and one whose tokens live a few seconds (session expiry).
 */
// One temporary folder per run; workers inherit it through the environment.
process.env.E2E_RUN_DIR ??= mkdtempSync(join(tmpdir(), 'stay-e2e-'));
const runDir = process.env.E2E_RUN_DIR;

// E2E_PORT_OFFSET shifts every port, so two runs on one machine (two checkouts) do not clash.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const STACKS = {
  main: { web: 4173 + offset, api: 4100 + offset, oauth: 4110 + offset },
  // The same build served once more, told at run time to call the main API directly (no proxy).
  direct: { web: 4175 + offset },
  shortSession: { web: 4174 + offset, api: 4101 + offset, oauth: 4111 + offset, ttlSeconds: 6 },
} as const;

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
  name: string,
  { api: port, web: webPort, oauth }: { api: number; web: number; oauth: number },
  extra: Record<string, string> = {},
) => ({
  command: 'node --import tsx mock-server/index.ts',
  url: `http://127.0.0.1:${port}/health`,
  reuseExistingServer: false,
  timeout: 60_000,
  env: {
    API_PORT: String(port),
    DB_FILE: join(runDir, name, 'db.json'),
    MAIL_OUTBOX: join(runDir, name, 'outbox'),
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
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  // No retries: a test that passes only the second time hides a race a user can meet. The last
  // full run (143 tests, CI) had no test that failed once and then passed.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${STACKS.main.web}`,
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
  webServer: [
    // A 1 MiB upload limit, so the upload test can go over it with a small file.
    api('main', STACKS.main, {
      UPLOAD_LIMIT_MB: '1',
      CORS_ORIGINS: [STACKS.main.web, STACKS.direct.web]
        .flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`])
        .join(','),
    }),
    api('short', STACKS.shortSession, {
      TOKEN_TTL_SECONDS: String(STACKS.shortSession.ttlSeconds),
    }),
    web(STACKS.main.web, STACKS.main.api),
    web(STACKS.shortSession.web, STACKS.shortSession.api),
    web(STACKS.direct.web, STACKS.main.api, {
      DASHBOARD_API_URL: `http://127.0.0.1:${STACKS.main.api}`,
    }),
  ],
});
