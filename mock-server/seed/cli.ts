// `npm run seed`: rebuilds DB_FILE from the deterministic seed (all data is replaced).
import { demoOAuthUrl, loadConfig } from '../config';
import { writeSeedFile } from './seed';

const config = loadConfig();
const state = writeSeedFile(config.dbFile, {
  oauthProviderUrl: demoOAuthUrl(config),
  dataKey: config.dataKey,
});
console.log(
  `Seeded ${config.dbFile}: ${state.users.length} users, ${state.visits.length} visits ` +
    `(password for every account: demo1234)`,
);
