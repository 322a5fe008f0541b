import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { node, supervise } from '../../scripts/supervise.mjs';

// `npm start` keeps the API up: a child that dies is started again, and one that keeps dying
// is given up on (with a word each time).

/** A child that exits with 3 on its first `failures` starts, then runs until stopped. */
function flaky(dir: string, failures: number) {
  const counter = path.join(dir, 'starts');
  fs.writeFileSync(counter, '0');
  const script = `
    const fs = require('node:fs');
    const starts = Number(fs.readFileSync(${JSON.stringify(counter)}, 'utf8')) + 1;
    fs.writeFileSync(${JSON.stringify(counter)}, String(starts));
    if (starts <= ${failures}) process.exit(3);
    setInterval(() => undefined, 1000);
  `;
  return {
    start: () => node(['-e', script], { stdio: 'ignore' }),
    starts: () => Number(fs.readFileSync(counter, 'utf8')),
  };
}

it('starts a child that died again, and says so', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-supervise-'));
  const child = flaky(dir, 2);
  const lines: string[] = [];
  let gaveUp = false;
  const supervisor = supervise('The API', child.start, {
    log: (line: string) => lines.push(line),
    onGiveUp: () => (gaveUp = true),
  });
  await expect.poll(() => child.starts(), { timeout: 10_000 }).toBe(3);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(supervisor.current()?.exitCode).toBeNull();
  expect(lines).toEqual([
    'The API stopped (exit code 3); starting it again…',
    'The API stopped (exit code 3); starting it again…',
  ]);
  expect(gaveUp).toBe(false);
  supervisor.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('gives up on a child that keeps dying', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stay-console-supervise-'));
  const child = flaky(dir, 100);
  const lines: string[] = [];
  let gaveUp = false;
  supervise('The API', child.start, {
    log: (line: string) => lines.push(line),
    onGiveUp: () => (gaveUp = true),
  });
  await expect.poll(() => gaveUp, { timeout: 10_000 }).toBe(true);
  expect(child.starts()).toBe(5);
  expect(lines.at(-1)).toBe('The API stopped 5 times within 60 s; giving up.');
  fs.rmSync(dir, { recursive: true, force: true });
});
