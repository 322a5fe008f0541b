import fs from 'node:fs';
import { createApp } from './app';
import { containFailures } from './http/contain';
import { demoOAuthUrl, loadConfig } from './config';
import { startOAuthProvider } from './apps/provider';
import { writeSeedFile } from './seed/seed';

const config = loadConfig();
const oauthProviderUrl = demoOAuthUrl(config);
if (!fs.existsSync(config.dbFile)) {
  writeSeedFile(config.dbFile, { oauthProviderUrl, dataKey: config.dataKey });
  console.log(`Created ${config.dbFile} from the seed`);
}
const { app, close } = await createApp(config);
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
containFailures(server);

const shutdown = () => {
  server.close(() => void Promise.all([close(), provider?.stop()]).then(() => process.exit(0)));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
