// `npm start`: builds the dashboard, starts the bundled API (seeding demo data on first start)
// and serves the dashboard, with /api proxied to the API; restarts the API if it dies. Ctrl+C
// stops both.
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
const web = node(
  [vite, 'preview', '--host', process.env.HOST ?? 'localhost', '--logLevel', 'warn'],
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
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());

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
