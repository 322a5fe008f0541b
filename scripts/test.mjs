#!/usr/bin/env node
// `npm test`: every check a developer runs, one after another, each to its end (a failure in
// one does not hide the others' results), then a table of what passed and how long each took.
// Run one part alone with the command in the table's last column.
import { spawnSync } from 'node:child_process';

const STEPS = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['format', 'npm run format:check'],
  ['docs', 'npm run docs:check'],
  ['unit', 'npm run test:unit'],
  ['server (JSON file)', 'npx vitest run --project server'],
  ['server (PostgreSQL)', 'npx vitest run --project server-pg'],
  ['browser (e2e)', 'npm run test:e2e'],
];

const rows = [];
for (const [name, command] of STEPS) {
  console.log(`\n▶ ${name}: ${command}`);
  const started = Date.now();
  const { status } = spawnSync(command, { shell: true, stdio: 'inherit' });
  rows.push({ name, command, ok: status === 0, seconds: (Date.now() - started) / 1000 });
}

const total = rows.reduce((sum, row) => sum + row.seconds, 0);
const width = Math.max(...rows.map((row) => row.name.length));
const minutes = (seconds) =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;
console.log('\nnpm test — each step, its result and its time (m:ss)');
for (const row of rows)
  console.log(
    `  ${row.name.padEnd(width)}  ${row.ok ? 'passed' : 'FAILED'}  ${minutes(row.seconds).padStart(5)}   ${row.command}`,
  );
console.log(`  ${'total'.padEnd(width)}          ${minutes(total).padStart(5)}`);
process.exit(rows.every((row) => row.ok) ? 0 : 1);
