// `npm start`: builds the dashboard, starts the bundled API (seeding demo data on first start)
// and serves the dashboard, with /api proxied to the API; restarts the API if it dies. Ctrl+C,
// SIGTERM, SIGHUP or the end of npm's process stop all of it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { node, supervise } from './supervise.mjs';
import { waitFor } from './waitFor.mjs';

// Vite's CLI by path: its package exports do not include the bin file.
const vite = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
const apiPort = process.env.API_PORT ?? '4000';
const webPort = process.env.WEB_PORT ?? '5173';
const env = { ...process.env, API_PORT: apiPort, WEB_PORT: webPort };

if (process.env.SKIP_BUILD !== '1') {
  console.log('Building the dashboard…');
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env,
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The API is supervised: if it dies it is started again (and says so), unless it keeps dying.
const api = supervise(
  'The API',
  () => node(['--import', 'tsx', 'mock-server/index.ts'], { stdio: 'inherit', env }),
  { onGiveUp: () => stop(1) },
);
// Arguments after `npm start --` go to `vite preview` (e.g. `--outDir` for another build).
const web = node(
  [
    vite,
    'preview',
    '--host',
    process.env.HOST ?? 'localhost',
    '--logLevel',
    'warn',
    ...process.argv.slice(2),
  ],
  {
    stdio: 'inherit',
    env,
  },
);
web.on('exit', (code) => stop(code ?? 0));

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  api.stop();
  web.kill('SIGTERM');
  process.exit(code);
}
// Whoever stops `npm start` stops all of it: Ctrl+C, a kill, a closed terminal (SIGHUP, whose
// default would end this script alone and leave the API and the web server running)…
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop());
// …and npm's own end, which npm does not pass on (nor can it, when it is killed). npm runs this
// script through `sh -c`, which outlives npm: watch the parent and the parent's parent.
const ancestors = [process.ppid, parentOf(process.ppid)].filter((pid) => pid && pid > 1);
setInterval(() => {
  if (!ancestors.every(alive)) stop();
}, 500).unref();

/** A process's parent by `ps` (Linux, macOS); undefined where there is none. */
function parentOf(pid) {
  const ps = spawnSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' });
  return Number(ps.stdout?.trim()) || undefined;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

// Say it runs only once both answer: the API (seeding a first database can take a moment) and
// the dashboard.
const host = process.env.HOST && process.env.HOST !== '0.0.0.0' ? process.env.HOST : 'localhost';
Promise.all([
  waitFor(`http://127.0.0.1:${apiPort}/health`),
  waitFor(`http://${host}:${webPort}/`),
]).then(
  () => {
    console.log(`\n  Stay Console is running at http://localhost:${webPort}`);
    console.log(
      '  Sign in as admin@example.com with the password demo1234 (more accounts in README.md).\n',
    );
  },
  (error) => {
    console.error(`\n  ${error.message}`);
    stop(1);
  },
);
