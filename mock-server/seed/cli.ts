// `npm run seed`: rebuilds the demo data (all data is replaced): DB_FILE, or the PostgreSQL
// database of DATABASE_URL when set.
import { demoOAuthUrl, loadConfig } from '../config';
import { describeStartError } from '../backends';
import { replaceAllWithSeed } from './postgres';
import { uploadsRoot } from '../uploads/storage';
import { prepareSeed, writeSeedFile } from './seed';

const config = loadConfig();
const options = { oauthProviderUrl: demoOAuthUrl(config), dataKey: config.dataKey };
try {
  const state = config.databaseUrl
    ? await replaceAllWithSeed(config.databaseUrl, prepareSeed(config.dbFile, options), {
        uploadsFolder: config.uploadsStore === 'postgres' ? uploadsRoot(config) : undefined,
      })
    : writeSeedFile(config.dbFile, options);
  console.log(
    `Seeded ${config.databaseUrl ? 'the PostgreSQL database' : config.dbFile}: ` +
      `${state.users.length} users, ${state.visits.length} visits (password for every account: demo1234)`,
  );
} catch (error) {
  console.error(`Seeding failed: ${describeStartError(error)}`);
  process.exit(1);
}
