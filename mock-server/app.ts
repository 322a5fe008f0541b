import express from 'express';
import { COLLECTION_RULES, collectionGate } from './access/collections';
import { createMailer } from './auth/mailer';
import { LoginThrottle } from './auth/throttle';
import { authenticate } from './auth/session';
import { resolveJwtSecret, Tokens } from './auth/tokens';
import type { Config } from './config';
import type { AppContext } from './context';
import {
  cors,
  errorHandler,
  notFound,
  requestLogger,
  requireJsonBody,
  sanitizeQuery,
} from './http/middleware';
import { loginAsRoute, publicAuthRoutes } from './routes/auth';
import { collectionsRouter } from './routes/collections';
import { localizedRoutes } from './routes/localized';
import { resourceWriteRoutes } from './routes/resources';
import { summaryRoutes } from './routes/summary';
import { createTranslator } from './translate';
import { meRoutes } from './routes/me';
import { hotekPublicRoutes } from './hotek';
import { posPublicRoutes, posRoutes } from './pos';
import { publicRoutes } from './routes/public';
import { statsRoutes } from './routes/stats';
import { openStore, type Store } from './store/store';

export interface AppOptions {
  /** Clock in milliseconds; tests inject one to move time without sleeping. */
  now?: () => number;
}

/** Builds the API (never listens, so tests can mount it on an ephemeral port). */
export async function createApp(
  config: Config,
  options: AppOptions = {},
): Promise<{ app: express.Express; store: Store; close(): Promise<void> }> {
  const now = options.now ?? Date.now;
  const store = openStore(config.dbFile);
  const ctx: AppContext = {
    config,
    store,
    tokens: new Tokens(resolveJwtSecret(config), config.tokenTtlSeconds, now),
    throttle: new LoginThrottle(now),
    mailer: createMailer(config, now),
    translator: createTranslator(config.translate),
    now,
  };

  const app = express();
  app.disable('x-powered-by');
  // Plain `a=1&a=2` parsing: no nested objects for json-server to trip over.
  app.set('query parser', 'simple');

  // Order matters: transport rules first, then public routes, then the token check for the rest.
  if (config.logRequests) app.use(requestLogger);
  app.use(cors(config.corsOrigins));
  app.use(requireJsonBody);
  app.use(express.json({ limit: config.bodyLimit }));
  app.use(sanitizeQuery);
  // Readiness probe (used by the e2e setup); public and free of data.
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use(publicAuthRoutes(ctx));
  app.use(publicRoutes(ctx));
  app.use(posPublicRoutes(ctx));
  app.use(hotekPublicRoutes(ctx));
  app.use(authenticate(ctx));
  app.use(loginAsRoute(ctx));
  app.use(meRoutes());
  app.use(statsRoutes(ctx));
  app.use(localizedRoutes(ctx));
  app.use(posRoutes(ctx));
  app.use(summaryRoutes(ctx));
  app.use(resourceWriteRoutes(ctx));
  app.use(collectionGate(COLLECTION_RULES, store));
  app.use(collectionsRouter(store, COLLECTION_RULES));
  app.use(notFound);
  app.use(errorHandler);

  return {
    app,
    store,
    close: async () => {
      ctx.mailer.close();
    },
  };
}
