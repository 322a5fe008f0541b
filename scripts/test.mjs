#!/usr/bin/env node
// `npm test`: every check a developer runs, each to its end (a failure in one does not hide the
// others' results), then a table of what passed and how long each took. Run one part alone with
// the command in the table's last column.
//
// The steps of a group run at the same time: on two cores each of these is mostly one process
// (tsc, ESLint, one Vitest worker per suite) that leaves the other core idle or waits on disk and
// PostgreSQL, so a group ends sooner than its steps one after another (README "Tests"). Their
// output is printed whole as each ends, not interleaved. The browser tests run alone: they start
// their own servers and browsers and time user-visible waits.
import { spawn } from 'node:child_process';

const GROUPS = [
  [
    ['typecheck', 'npm run typecheck'],
    ['lint', 'npm run lint'],
    ['format', 'npm run format:check'],
    ['docs', 'npm run docs:check'],
    ['migrations', 'npm run db:migrate:check'],
  ],
  [['unit', 'npm run test:unit']],
  [
    ['server (JSON file)', 'npx vitest run --project server'],
    ['server (PostgreSQL)', 'npx vitest run --project server-pg'],
  ],
  [['browser (e2e)', 'npm run test:e2e']],
];

/** Runs one step; alone it streams its output, beside others it hands it back when it ends. */
function run([name, command], alone) {
  const started = Date.now();
  const output = [];
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: alone ? 'inherit' : 'pipe' });
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const row = { name, command, ok: code === 0, seconds: (Date.now() - started) / 1000 };
      if (!alone) {
        console.log(`\n■ ${name} (${row.ok ? 'passed' : 'FAILED'}): ${command}`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(row);
    });
  });
}

const rows = [];
const groupStarted = Date.now();
for (const group of GROUPS) {
  for (const [name, command] of group) console.log(`\n▶ ${name}: ${command}`);
  rows.push(...(await Promise.all(group.map((step) => run(step, group.length === 1)))));
}
const wall = (Date.now() - groupStarted) / 1000;

const width = Math.max(...rows.map((row) => row.name.length));
const minutes = (seconds) =>
  `${Math.floor(Math.round(seconds) / 60)}:${String(Math.round(seconds) % 60).padStart(2, '0')}`;
console.log('\nnpm test — each step, its result and its time (m:ss; a group’s steps ran together)');
for (const row of rows)
  console.log(
    `  ${row.name.padEnd(width)}  ${row.ok ? 'passed' : 'FAILED'}  ${minutes(row.seconds).padStart(5)}   ${row.command}`,
  );
console.log(`  ${'total'.padEnd(width)}          ${minutes(wall).padStart(5)}`);
process.exit(rows.every((row) => row.ok) ? 0 : 1);
