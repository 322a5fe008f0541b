import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { preview, type PreviewServer } from 'vite';

/**
 * Issue 26, point 7: the built dashboard, as `npm start` (and the e2e tests) serve it with
 * `vite preview`, carries a script Content-Security-Policy: its own origin, its inline scripts by
 * hash, Google Maps — nothing inline it did not build, no plugins, never framed.
 */
const dir = mkdtempSync(join(tmpdir(), 'stay-csp-'));
let server: PreviewServer | undefined;
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('serves the build with a script Content-Security-Policy that names its inline scripts', async () => {
  const inline = 'document.documentElement.dataset.theme = "light";';
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><title>Stay</title><script>${inline}</script><script type="module" src="/assets/app.js"></script>`,
  );
  server = await preview({
    configFile: 'vite.config.ts',
    build: { outDir: dir },
    preview: { port: 0, strictPort: false, open: false },
    logLevel: 'silent',
  });
  const address = server.resolvedUrls!.local[0]!;
  const page = await fetch(new URL('/auth/login', address));
  expect(page.status).toBe(200);
  const policy = page.headers.get('content-security-policy') ?? '';
  const directives = Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
  const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
  // Form.io compiles its templates with Function(): 'unsafe-eval', but nothing inline.
  expect(directives['script-src']).toEqual([
    "'self'",
    hash,
    "'unsafe-eval'",
    'https://*.googleapis.com',
    'https://*.gstatic.com',
  ]);
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['base-uri']).toEqual(["'self'"]);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(policy).not.toContain('unsafe-inline');
  expect(page.headers.get('x-frame-options')).toBe('DENY');
  expect(page.headers.get('x-content-type-options')).toBe('nosniff');
}, 60_000);
