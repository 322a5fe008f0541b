import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveBuildApart } from '../../scripts/serveBuild';

// The bench's Lighthouse pages come from this server, in a process of its own.
describe('serveBuildApart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stay-serve-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves a build and the seeded API from another process, and stops', async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Stay</title>');
    const served = await serveBuildApart(dir);
    try {
      const page = await fetch(`${served.origin}/dashboard/form/list`);
      expect(page.headers.get('content-encoding')).toBe('gzip');
      expect(await page.text()).toContain('<title>Stay</title>');
      const me = await fetch(`${served.origin}/api/users/me`, {
        headers: { Authorization: `Bearer ${served.accessToken}` },
      });
      expect(((await me.json()) as { email: string }).email).toBe('admin@example.com');
    } finally {
      await served.close();
    }
    await expect(fetch(`${served.origin}/index.html`)).rejects.toThrow();
  }, 60_000);
});
