import { createHmac } from 'node:crypto';
import express from 'express';
import { AuditLog } from './audit';
import { createMailer } from './auth/mailer';
import { LoginThrottle } from './auth/throttle';
import { identify, requireOwnPassword, requireUser } from './auth/session';
import { resolveJwtSecret, Tokens } from './auth/tokens';
import type { Config } from './config';
import type { AppContext } from './context';
import { containRequests } from './http/contain';
import {
  cors,
  errorHandler,
  notFound,
  requestLogger,
  requireDecodablePath,
  requireJsonBody,
  wellFormedBody,
  sanitizeQuery,
  securityHeaders,
} from './http/middleware';
import { auditImpersonatedWrites } from './auth/audit';
import { resourceRoutes } from './engine/routes';
import { bindServerSides } from './engine/service';
import type { Running, ServerFeature } from './feature';
import { serverFeatures as productFeatures } from './features';
import { resealSecrets } from './engine/secrets';
import { guestLimits } from './guest/limits';
import { openApiDocument, type OpenApiDocument } from './openapi';
import { GuestSessions } from './guest/sessions';
import { createTranslator } from './translate';
import { resources as registry } from '../src/resources';
import type { Resource } from '../src/schema/resource';
import { RecordIds } from './store/ids';
import { resolveDataKeys, SecretBox } from './store/secrets';
import { openBackends } from './backends';
import { migrations as productMigrations } from './migrations';
import type { Migrations } from './store/migrations';
import { withThrowawayTables } from './store/postgres/diff';
import { tablesOf } from './store/postgres/schema';
import { publishingStore } from './events/publish';
import { LiveEvents } from './events/streams';
import type { FileStore } from './uploads/files';
import type { Store } from './store/port';

export interface AppOptions {
  /** Clock in milliseconds; tests inject one to move time without sleeping. */
  now?: () => number;
  /** The declared resources (the product's registry by default; tests add throwaway ones). */
  resources?: readonly Resource[];
  /** The API's areas (./features.ts by default; tests add throwaway ones). */
  features?: readonly ServerFeature[];
  /**
   * The migrations (./migrations by default; with throwaway resources, one more that makes
   * their tables). Tests of migrating give their own.
   */
  migrations?: Migrations;
}

/** Builds the API (never listens, so tests can mount it on an ephemeral port). */
export async function createApp(
  config: Config,
  options: AppOptions = {},
): Promise<{
  app: express.Express;
  store: Store;
  files: FileStore;
  /** Ends the live-event streams (before the server closes: they would hold it open). */
  drain(): void;
  close(): Promise<void>;
}> {
  const now = options.now ?? Date.now;
  const resources = options.resources ?? registry;
  const serverFeatures = options.features ?? productFeatures;
  refuseDuplicateNames(resources);
  const dataKeys = resolveDataKeys({
    dataKey: config.dataKey,
    dataKeyPrevious: config.dataKeyPrevious,
    dbFile: config.dbFile,
  });
  const secrets = new SecretBox(dataKeys);
  // New records get ids nobody can count other hotels' activity from (a keyed permutation).
  const ids = new RecordIds(createHmac('sha256', dataKeys.current).update('record ids').digest());
  // The product's migration files; throwaway declarations of a test get one migration more.
  const migrations =
    options.migrations ??
    (options.resources
      ? withThrowawayTables(productMigrations, tablesOf(resources))
      : productMigrations);
  const backends = await openBackends(config, resources, ids, { migrations });
  const { limiter, files, bus } = backends;
  // Every committed write to a declared resource is announced to the live streams.
  const store = publishingStore(backends.store, resources, bus);
  const jwtSecret = resolveJwtSecret(config);
  const resealed = await resealSecrets(store, resources, secrets);
  if (resealed) console.log(`Sealed ${resealed} secret value(s) with the current DATA_KEY`);
  const ctx: AppContext = {
    config,
    store,
    limiter,
    files,
    resources,
    secrets,
    tokens: new Tokens(jwtSecret, config.tokenTtlSeconds, now),
    guests: new GuestSessions(jwtSecret, now),
    guestLimits: guestLimits(limiter, now),
    throttle: new LoginThrottle(limiter, now),
    mailer: createMailer(config, now),
    translator: createTranslator(config.translate),
    now,
    audit: new AuditLog(resources, now),
    events: new LiveEvents({
      store,
      bus,
      resources,
      limiter,
      jwtSecret,
      now,
      perUser: config.liveStreamsPerUser,
    }),
  };
  // The features' hooks and action runs, by the declaration each serves (refused at startup when
  // two bind one declaration or one names an action the declaration lacks).
  ctx.serverHooks = bindServerSides(
    serverFeatures.flatMap((feature) => feature.serverSide?.(ctx) ?? []),
  );
  // The features' background work (upload cleanup, token refresh); stopped by close().
  const running: Running[] = [];
  for (const feature of serverFeatures) if (feature.start) running.push(await feature.start(ctx));

  const app = express();
  app.disable('x-powered-by');
  // Plain `a=1&a=2` parsing: no nested objects for json-server to trip over.
  app.set('query parser', 'simple');
  // Limits count per client address. The dashboard's proxy (npm start, npm run dev) runs on this
  // machine and forwards the browser's address; X-Forwarded-For is trusted from loopback only.
  app.set('trust proxy', 'loopback');

  // Order matters: transport rules first, then public routes, then the token check for the rest.
  app.use(containRequests);
  app.use(securityHeaders);
  if (config.logRequests) app.use(requestLogger);
  app.use(cors(config.corsOrigins));
  app.use(requireDecodablePath);
  app.use(requireJsonBody);
  // Paths with a body limit of their own (guests' form submissions) are parsed once, here.
  for (const parser of serverFeatures.flatMap((feature) => feature.bodyParsers ?? [])) {
    app.use(parser());
  }
  app.use(express.json({ limit: config.bodyLimit }));
  app.use(wellFormedBody);
  app.use(sanitizeQuery);
  // Readiness probe (used by the e2e setup); public and free of data.
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // For load balancers: the store answers (PostgreSQL reachable; migrations ran when it opened).
  app.get('/ready', (_req, res, next) => {
    store.ready().then((ready) => {
      res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'database unreachable' });
    }, next);
  });
  // The OpenAPI description of this API's declarations (docs/openapi.json for the product's),
  // public like docs/api.md; built on first request and kept.
  let openapi: Promise<OpenApiDocument> | undefined;
  app.get('/openapi.json', (_req, res, next) => {
    openapi ??= openApiDocument(resources);
    openapi.then((document) => res.json(document), next);
  });
  for (const routes of serverFeatures.flatMap((feature) => feature.publicRoutes ?? [])) {
    app.use(routes(ctx));
  }
  // Who is calling (nobody without a token); each route below decides what that caller may do.
  app.use(identify(ctx));
  // A temporary password is changed before anything else (only who-am-I and the change are open).
  app.use(requireOwnPassword);
  // A write in a login-as session is recorded with the administrator acting behind it.
  app.use(auditImpersonatedWrites(ctx));
  for (const routes of serverFeatures.flatMap((feature) => feature.routes ?? [])) {
    app.use(routes(ctx));
  }
  // Every declared resource, through the one pipeline (mock-server/engine).
  app.use(resourceRoutes(ctx));
  app.use(requireUser);
  app.use(notFound);
  app.use(errorHandler);

  return {
    app,
    store,
    files,
    drain: () => ctx.events.drain(),
    close: async () => {
      for (const work of running) await work.stop();
      await ctx.events.close();
      ctx.mailer.close();
      await store.close();
    },
  };
}

/**
 * Two declarations with one name would share a collection and its routes (the second silently
 * unreachable): refused before anything opens.
 */
function refuseDuplicateNames(resources: readonly Resource[]): void {
  const seen = new Set<string>();
  for (const { name } of resources) {
    if (seen.has(name)) {
      throw new Error(`Two declared resources are named "${name}"; each name must be unique`);
    }
    seen.add(name);
  }
}
