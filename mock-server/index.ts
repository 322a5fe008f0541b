import fs from 'node:fs';
import { createApp } from './app';
import { loadConfig } from './config';
import { writeSeedFile } from './seed/seed';

const config = loadConfig();
if (!fs.existsSync(config.dbFile)) {
  writeSeedFile(config.dbFile);
  console.log(`Created ${config.dbFile} from the seed`);
}
const { app, close } = await createApp(config);
const server = app.listen(config.apiPort, () => {
  console.log(`API listening on http://localhost:${config.apiPort}`);
});

const shutdown = () => {
  server.close(() => void close().then(() => process.exit(0)));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
