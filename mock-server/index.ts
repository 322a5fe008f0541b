import fs from 'node:fs';
import { createApp } from './app';
import { demoOAuthUrl, loadConfig } from './config';
import { startOAuthProvider } from './apps/provider';
import { containFailures } from './http/contain';
import { writeSeedFile } from './seed/seed';
import { describeStartError } from './store/open';

/** A start that cannot go on says why in one line and exits non-zero (no stack trace). */
function refuse(error: unknown): never {
  console.error(`The API cannot start: ${describeStartError(error)}`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  refuse(error);
}
const oauthProviderUrl = demoOAuthUrl(config);
if (!config.databaseUrl && !fs.existsSync(config.dbFile)) {
  writeSeedFile(config.dbFile, { oauthProviderUrl, dataKey: config.dataKey });
  console.log(`Created ${config.dbFile} from the seed`);
}
const { app, close, store } = await createApp(config).catch(refuse);
if (store.kind === 'postgres') console.log('Storing data in PostgreSQL (DATABASE_URL)');
// The demo's OAuth provider (the seeded OAuth app connects through it); DEMO_OAUTH_PORT=0: none.
const provider = config.demoOAuthPort
  ? await startOAuthProvider(config.demoOAuthPort).then(
      (started) => {
        console.log(`Demo OAuth provider on ${oauthProviderUrl}`);
        return started;
      },
      (error: Error) => {
        console.warn(`The demo OAuth provider did not start: ${error.message}`);
        return undefined;
      },
    )
  : undefined;
const server = app.listen(config.apiPort, config.apiHost, () => {
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
  server.close(() => void Promise.all([close(), provider?.stop()]).then(() => process.exit(0)));
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
