import cluster from 'node:cluster';
import fs from 'node:fs';
import { supervise } from '../scripts/supervise.mjs';
import { createApp } from './app';
import { startOAuthProvider } from './apps/provider';
import { resolveJwtSecret } from './auth/tokens';
import { type Config, demoOAuthUrl, loadConfig } from './config';
import { containFailures } from './http/contain';
import { writeSeedFile } from './seed/seed';
import { describeStartError } from './backends';
import { resolveDataKeys } from './store/secrets';

/** A start that cannot go on says why in one line and exits non-zero (no stack trace). */
function refuse(error: unknown): never {
  console.error(`The API cannot start: ${describeStartError(error)}`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  refuse(error);
}

/** The demo's OAuth provider (the seeded OAuth app connects through it); DEMO_OAUTH_PORT=0: none. */
async function startDemoProvider(): Promise<{ stop(): Promise<void> } | undefined> {
  if (!config.demoOAuthPort) return undefined;
  return startOAuthProvider(config.demoOAuthPort).then(
    (started) => {
      console.log(`Demo OAuth provider on ${demoOAuthUrl(config)}`);
      return started;
    },
    (error: Error) => {
      console.warn(`The demo OAuth provider did not start: ${error.message}`);
      return undefined;
    },
  );
}

/** One API process: opens the store, listens, and shuts down gracefully on SIGTERM/SIGINT. */
async function serve(options: { provider: boolean }): Promise<void> {
  if (!config.databaseUrl && !fs.existsSync(config.dbFile)) {
    writeSeedFile(config.dbFile, {
      oauthProviderUrl: demoOAuthUrl(config),
      dataKey: config.dataKey,
    });
    console.log(`Created ${config.dbFile} from the seed`);
  }
  const { app, close, drain, store } = await createApp(config).catch(refuse);
  if (store.kind === 'postgres' && cluster.isPrimary) {
    console.log('Storing data in PostgreSQL (DATABASE_URL)');
  }
  const provider = options.provider ? await startDemoProvider() : undefined;
  const server = app.listen(config.apiPort, config.apiHost, () => {
    if (!cluster.isPrimary) return;
    const host = config.apiHost.includes(':') ? `[${config.apiHost}]` : config.apiHost;
    console.log(`API listening on http://${host}:${config.apiPort}`);
  });
  server.on('error', refuse);
  containFailures(server);

  /**
   * SIGTERM/SIGINT: stop accepting connections, let the requests in flight finish (idle
   * keep-alive connections are closed at once), close the store's pool, then exit; after 10 s
   * whatever is still open is cut.
   */
  const shutdown = () => {
    // Open streams would hold the server open; their clients reconnect to another process.
    drain();
    server.close(() => void Promise.all([close(), provider?.stop()]).then(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/**
 * API_WORKERS > 1: this process prepares what the workers share (the database migrated and
 * seeded once, the generated secrets' files), then runs that many API processes on one port
 * (Node's cluster hands connections round-robin), starts one again when it dies, and on
 * SIGTERM/SIGINT stops them gracefully before it exits. It also runs the demo OAuth provider,
 * which needs one port of its own.
 */
async function serveWorkers(count: number): Promise<void> {
  resolveJwtSecret(config);
  resolveDataKeys(config);
  // Opened once here, so what stops a start (the database, the data key) is said once.
  const { close } = await createApp(config).catch(refuse);
  await close();
  console.log(`Storing data in PostgreSQL (DATABASE_URL); starting ${count} API processes`);
  const provider = await startDemoProvider();

  let stopping = false;
  // The processes take connections from the shared socket themselves. Node's default, the
  // primary handing each one over in turn, loses a connection it handed to a process that dies
  // before taking it: that request hangs until the client gives up (issue 37). Taken by the
  // kernel, a connection waits for a living process; one the dead process had is reset at once.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const workers = Array.from({ length: count }, (_, index) =>
    supervise(`API process ${index + 1}`, () => cluster.fork().process, {
      onGiveUp: () => void stop(1),
    }),
  );
  // Said once every process listens (and again by none that is started again later).
  let listening = 0;
  cluster.on('listening', () => {
    if ((listening += 1) !== count) return;
    const host = config.apiHost.includes(':') ? `[${config.apiHost}]` : config.apiHost;
    console.log(`API listening on http://${host}:${config.apiPort} (${count} processes)`);
  });

  async function stop(code: number): Promise<void> {
    if (stopping) return;
    stopping = true;
    const exited = Object.values(cluster.workers ?? {}).map(
      (worker) => new Promise((resolve) => worker?.once('exit', resolve)),
    );
    for (const worker of workers) worker.stop();
    setTimeout(() => process.exit(1), 11_000).unref();
    await Promise.all(exited);
    await provider?.stop();
    process.exit(code);
  }
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
}

if (cluster.isPrimary && config.apiWorkers > 1) await serveWorkers(config.apiWorkers);
else await serve({ provider: cluster.isPrimary });
