import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ServerResponse, type ClientRequest, type IncomingMessage } from 'node:http';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { AtRule, Plugin as PostcssPlugin } from 'postcss';
import type { Plugin, PreviewServer, ViteDevServer } from 'vite';
import { defineConfig } from 'vitest/config';
import { chunkGroups, isGraphPass } from './scripts/chunkGroups.ts';
import {
  RUNTIME_CONFIG_FILE,
  runtimeConfig,
  runtimeConfigScript,
} from './scripts/runtimeConfig.mjs';

/**
 * Bootstrap and Form.io's styles (src/features/forms/formio-scoped.css, imports inlined) apply
 * only inside `.stay-formio` (the builder's and the forms' wrapper) and Form.io's dialogs, which
 * it opens at the end of the page: `:where()` adds no specificity, so Bootstrap's own rules keep
 * their weight there and restyle nothing of antd elsewhere. `:root`, `html` and `body` rules
 * (Bootstrap's variables and base font) land on the wrapper itself.
 */
const FORMIO_SCOPE = ':where(.stay-formio, .formio-dialog)';
function scopeFormioCss(): PostcssPlugin {
  return {
    postcssPlugin: 'scope-formio-css',
    Once(root) {
      if (!root.source?.input.file?.endsWith('formio-scoped.css')) return;
      root.walkRules((rule) => {
        const parent = rule.parent;
        if (parent?.type === 'atrule' && /keyframes$/i.test((parent as AtRule).name)) return;
        rule.selectors = rule.selectors.map((selector) => {
          if (selector.includes('stay-formio')) return selector;
          if (/^(:root|html|body)\b/.test(selector)) {
            return selector.replace(/^(:root|html|body)/, FORMIO_SCOPE);
          }
          if (selector.startsWith('[data-bs-theme')) return `${FORMIO_SCOPE}${selector}`;
          if (selector.startsWith('.formio-dialog')) return selector;
          return `${FORMIO_SCOPE} ${selector}`;
        });
      });
    },
  };
}

/**
 * Builds antd's default-theme style sheet (scripts/antdStaticCss.ts) into the build's assets and
 * names it in a <meta> of index.html (src/shell/antdStyles.ts loads it before the dashboard
 * renders). Builds only: the dev server keeps antd's run-time styles.
 */
function antdStaticStyles(): Plugin {
  let fileName = '';
  let css = '';
  let base = '/';
  return {
    name: 'antd-static-styles',
    apply: 'build',
    configResolved(config) {
      if (isGraphPass()) return; // chunk groups' in-memory pass: no styles needed
      // antd's class names differ between development and production.
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/antdStaticCss.ts'], {
        cwd: config.root,
        env: { ...process.env, NODE_ENV: config.isProduction ? 'production' : 'development' },
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      });
      if (run.status !== 0) {
        throw new Error(`antd static styles: ${run.stderr || run.error?.message}`);
      }
      css = run.stdout;
      const hash = createHash('sha256').update(css).digest('base64url').slice(0, 8);
      fileName = `${config.build.assetsDir}/antd-${hash}.css`;
      base = config.base;
    },
    // A <meta>, not a <link>: the sign-in page does not fetch it.
    transformIndexHtml() {
      return [
        {
          tag: 'meta',
          attrs: { name: 'stay-antd-static-css', content: `${base}${fileName}` },
          injectTo: 'head',
        },
      ];
    },
    generateBundle() {
      if (fileName) this.emitFile({ type: 'asset', fileName, source: css });
    },
  };
}

/** Where the build serves moment-timezone's zone data (src/features/forms/setup.ts points Form.io at it). */
const FORMIO_ZONES_PATH = 'formio/moment-timezone/data/packed/latest.json';

/**
 * Form.io's date widget fetches moment-timezone's zone data at run time from its CDN, which this
 * product does not use (setup.ts): the data comes from node_modules instead, served by the dev
 * server and copied into the build, so the fetch gets JSON and not index.html.
 */
function formioTimezones(): Plugin {
  const source = () =>
    readFileSync(
      fileURLToPath(
        new URL('./node_modules/moment-timezone/data/packed/latest.json', import.meta.url),
      ),
    );
  return {
    name: 'formio-timezones',
    configureServer(server) {
      server.middlewares.use(`${server.config.base}${FORMIO_ZONES_PATH}`, (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(source());
      });
    },
    generateBundle() {
      if (isGraphPass()) return;
      this.emitFile({ type: 'asset', fileName: FORMIO_ZONES_PATH, source: source() });
    },
  };
}

/**
 * React Router's package resolves to its development build, whose only difference is that its
 * development warnings are on; the build takes its production one.
 */
function reactRouterProduction(): Plugin {
  return {
    name: 'react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (source !== 'react-router') return null;
      return fileURLToPath(
        new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url),
      );
    },
  };
}

// The dashboard talks to the API through `/api` by default; dev and preview servers proxy it to
// the bundled API, so `npm start` needs no CORS and works from any host name.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '4000'}`;
/** How long the proxy waits for the API's answer before it answers 504 itself. */
const API_ANSWER_TIMEOUT_MS = 30_000;

/** The proxy's own answers' codes (apiErrors.*), in the API's error shape with their English. */
const PROXY_ANSWERS = { 502: 'apiUnreachable', 504: 'apiTimeout' } as const;
const englishApiErrors = (
  JSON.parse(readFileSync(new URL('src/i18n/locales/en.json', import.meta.url), 'utf8')) as {
    apiErrors: Record<string, string>;
  }
).apiErrors;

/** The API's error shape, from the proxy (the API itself could not answer). */
function answerInstead(res: ServerResponse, statusCode: 502 | 504): void {
  if (res.headersSent || res.writableEnded) return;
  const name = PROXY_ANSWERS[statusCode];
  const body = { statusCode, message: englishApiErrors[name], code: `apiErrors.${name}` };
  res.writeHead(statusCode, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

interface ApiProxy {
  on(event: 'error', listener: (error: Error, req: IncomingMessage, res: unknown) => void): unknown;
  on(
    event: 'proxyRes',
    listener: (proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse) => void,
  ): unknown;
  on(
    event: 'proxyReq',
    listener: (proxyReq: ClientRequest, req: IncomingMessage, res: ServerResponse) => void,
  ): unknown;
}

const proxy = {
  '/api': {
    target: apiTarget,
    changeOrigin: true,
    // Tells the API the browser's address, so its limits count per client (trusted from loopback).
    xfwd: true,
    rewrite: (path: string) => path.replace(/^\/api/, ''),
    /**
     * An API that is down, or a process of it that died with the request (API_WORKERS), is
     * answered at once in the API's error shape (502), and one that keeps silent after 30 s
     * with a 504, so the dashboard says what happened and may try a read again. Registered
     * before Vite's own handler, which would answer an empty text/plain 502. An answer cut
     * after it began (its process died mid-stream: a live-events stream, a download) is cut for
     * the browser too: the proxy pipes it on and would otherwise hold it open for ever, so an
     * EventSource never reconnected.
     */
    configure: (server: ApiProxy) => {
      server.on('error', (_error, _req, res) => {
        if (res instanceof ServerResponse) answerInstead(res, 502);
      });
      server.on('proxyRes', (proxyRes, _req, res) => {
        proxyRes.on('close', () => {
          if (!proxyRes.complete) res.destroy();
        });
      });
      server.on('proxyReq', (proxyReq, _req, res) => {
        proxyReq.setTimeout(API_ANSWER_TIMEOUT_MS, () => {
          answerInstead(res, 504);
          proxyReq.destroy();
        });
      });
    },
  },
};

// The dashboard is never framed (clickjacking) and never sniffed. Styles are not limited (antd
// writes its styles inline at run time); scripts are, where the build is served (previewCsp).
const headers = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
};

/** Server tests that never open a store, or test the JSON file itself: run once, not on PostgreSQL. */
const STORE_FREE_SERVER_TESTS = [
  'tests/server/chunk-groups.test.ts',
  'tests/server/serve-build.test.ts',
  'tests/server/wait-for.test.ts',
  'tests/server/contain.test.ts',
  'tests/server/supervise.test.ts',
  'tests/server/config.test.ts',
  'tests/server/uploads-store.test.ts',
  'tests/server/query.test.ts',
  'tests/server/store.test.ts',
  // The API in a process of its own on the JSON file (durability.test.ts and
  // multipart-fuzz.test.ts run on both stores).
  'tests/server/api-host.test.ts',
  'tests/server/forgot-timing.test.ts',
  'tests/server/file-modes.test.ts',
  'tests/server/preview-csp.test.ts',
  'tests/server/start.test.ts',
  // Source scans: which files write raw, which import what.
  'tests/server/raw-writes.test.ts',
  'tests/server/layering.test.ts',
];

/** Where Google's Maps JavaScript API loads its scripts from (the amenity form's place search). */
const MAPS_SCRIPT_SOURCES = ['https://*.googleapis.com', 'https://*.gstatic.com'];

/**
 * The served build's script policy (`npm start` and the e2e tests serve it with `vite preview`):
 * scripts only from the dashboard's own origin, the two inline scripts of index.html by their
 * SHA-256 (read from the built file, so an edit of them cannot fall out of the policy), and
 * Google Maps'; no plugins, no `<base>` elsewhere, never framed. An injected `<script>` or
 * `javascript:` address does not run. Form.io still needs string compilation ('unsafe-eval').
 */
export function scriptPolicy(html: string): string {
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
  return [
    // 'unsafe-eval': Form.io renders its builder and forms through lodash templates, which are
    // compiled with Function(); it lets code the page already runs compile strings, never an
    // injected <script> element, inline handler or javascript: address run.
    `script-src 'self' ${[...inline, "'unsafe-eval'", ...MAPS_SCRIPT_SOURCES].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * `/config.js` from this server's environment (DASHBOARD_API_URL, GOOGLE_MAPS_API_KEY), so one
 * build is served against any API: see scripts/runtimeConfig.mjs. Never cached.
 */
function runtimeConfigServer(): Plugin {
  // Registered directly (not returned), so it answers before the static files' config.js.
  const serve = (server: ViteDevServer | PreviewServer): void => {
    server.middlewares.use(`/${RUNTIME_CONFIG_FILE}`, (_req, res) => {
      res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.end(runtimeConfigScript(runtimeConfig()));
    });
  };
  return {
    name: 'stay-console:runtime-config',
    configureServer: serve,
    configurePreviewServer: serve,
  };
}

function previewCsp(): Plugin {
  return {
    name: 'stay-console:preview-csp',
    configurePreviewServer(server) {
      const index = resolve(server.config.root, server.config.build.outDir, 'index.html');
      const policy = scriptPolicy(readFileSync(index, 'utf8'));
      server.middlewares.use((_req, res, next) => {
        res.setHeader('Content-Security-Policy', policy);
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    antdStaticStyles(),
    formioTimezones(),
    chunkGroups(),
    previewCsp(),
    runtimeConfigServer(),
  ],
  css: { postcss: { plugins: [scopeFormioCss()] } },
  server: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, proxy, headers },
  preview: {
    port: Number(process.env.WEB_PORT ?? 5173),
    strictPort: true,
    proxy,
    // The Content-Security-Policy of the served build is previewCsp's.
    headers: Object.fromEntries(
      Object.entries(headers).filter(([name]) => name !== 'Content-Security-Policy'),
    ),
  },
  build: {
    chunkSizeWarningLimit: 1200,
    manifest: true,
    rolldownOptions: {
      // Refine core is one file; its useExport/useImport (which we do not use) import papaparse
      // at the top. papaparse declares no sideEffects flag, so it stayed in every dashboard
      // page's first load; it has none: unused, it goes. The same for antd's rc-* packages
      // (pure components and helpers, no flag): what antd imports from them but no screen uses,
      // e.g. most of rc-field-form behind the inputs' form context, stays out (~8 kB on a list).
      treeshake: {
        moduleSideEffects: [
          { test: /\/node_modules\/papaparse\//, sideEffects: false },
          // Refine's devtools read stacks with it in development only; production never calls it.
          { test: /\/node_modules\/(error-stack-parser|stackframe)\//, sideEffects: false },
          { test: /\/node_modules\/(rc-[^/]+|@rc-component\/[^/]+)\//, sideEffects: false },
          // @refinedev/antd is one file whose MarkdownField (not used here) imports react-markdown
          // and remark-gfm at the top; both are CommonJS without a sideEffects flag, so their
          // markdown stack (~40 kB gzip) stayed in every list and form. They have none: the
          // unused import goes with its whole stack. The e2e suite runs on this production build.
          { test: /\/node_modules\/(react-markdown|remark-gfm)\//, sideEffects: false },
        ],
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // Refine's packages are bundled with our copy of react-router (one router context).
          server: { deps: { inline: [/@refinedev\//] } },
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // One module graph and one jsdom for every file (each test renders into a fresh
          // container and setup.ts cleans it up): importing antd and Refine afresh per file took
          // 2 of the suite's 3 minutes. A file run alone still gets its own.
          isolate: false,
          // Room for a few findBy waits (up to 5 s each, see setup.ts) in one test.
          testTimeout: 15000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          exclude: ['tests/server/**/*.pg.test.ts'],
          globalSetup: ['tests/server/jsonSeed.ts'],
          // The files share one module graph (each test builds its own app and store from
          // createApp), instead of importing the API afresh for each file: ~2 s a file.
          isolate: false,
          testTimeout: 20000,
          // Servers start (and sign in with scrypt) in hooks; slow on a busy 2-core machine.
          hookTimeout: 30000,
        },
      },
      {
        // The same server suite on PostgreSQL (a throwaway server: tests/server/postgres.ts),
        // less the files about neither store (build, proxy, query parsing, the JSON file itself).
        test: {
          name: 'server-pg',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          exclude: STORE_FREE_SERVER_TESTS,
          globalSetup: ['tests/server/jsonSeed.ts', 'tests/server/postgres.ts'],
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
