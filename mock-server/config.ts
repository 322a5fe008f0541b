import path from 'node:path';
import { loadTranslatorConfig, type TranslatorConfig } from './translate';
import { UPLOAD_LIMIT_MB } from '../src/schema/uploads';

/** Streams one user may have open on one API process (a tab each), unless LIVE_STREAMS_PER_USER says. */
export const MAX_STREAMS_PER_USER = 10;

/** Everything the API server reads from the environment, parsed once. */
export interface Config {
  apiPort: number;
  /**
   * API_HOST: the interface the API listens on; loopback by default, so only the dashboard's
   * proxy on the same machine (and local tools) reach it.
   */
  apiHost: string;
  /** Absolute path of the JSON database (and, on any store, the folder of the data key, the JWT secret and uploads). */
  dbFile: string;
  /** DATABASE_URL: a PostgreSQL database to store everything in instead of the JSON file. */
  databaseUrl: string | undefined;
  /** From JWT_SECRET; when undefined, createApp keeps a generated secret in `.jwt-secret` beside the DB. */
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  /** Absolute path of the folder where mails are written when no SMTP server is configured. */
  mailOutbox: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Public URL of the dashboard, used in mail links. */
  appUrl: string;
  /**
   * API_PUBLIC_URL: the API as a browser reaches it (the dashboard's `/api` proxy by default);
   * OAuth providers send the browser back to its `/oauth/callback`.
   */
  apiPublicUrl: string;
  /**
   * DEMO_OAUTH_PORT: where `npm start` runs a local OAuth 2 provider for the seeded OAuth app
   * (oauth2-mock-server), by default API_PORT + 10; 0 runs none. The seed points that app at it.
   */
  demoOAuthPort: number;
  corsOrigins: string[];
  /** body-parser size limit, e.g. `1mb`. */
  bodyLimit: string;
  logRequests: boolean;
  /** DATA_KEY: the key secret fields are sealed with (generated into `.data-key` when unset). */
  dataKey: string | undefined;
  /** DATA_KEY_PREVIOUS: earlier keys still accepted while secrets are re-sealed (rotation). */
  dataKeyPrevious: string | undefined;
  /** Which translation service Sync uses (TRANSLATOR and its settings). */
  translate: TranslatorConfig;
  /** UPLOAD_LIMIT_MB: the largest file `POST /uploads` accepts, in MiB; larger gets 413. */
  uploadLimitMb: number;
  /** UPLOAD_QUOTA_MB: what one hotel's uploads (or the platform's) may take in all, in MiB. */
  uploadQuotaMb: number;
  /** UPLOAD_RATE_LIMIT: uploads one account may make in any 10 minutes; more get 429. */
  uploadRateLimit: number;
  /** LIVE_STREAMS_PER_USER: live-event streams one account may hold open per API process. */
  liveStreamsPerUser: number;
  /**
   * API_WORKERS: API processes on this machine sharing API_PORT (Node's cluster). More than one
   * needs DATABASE_URL: processes cannot share the JSON file.
   */
  apiWorkers: number;
  /**
   * UPLOADS_STORE: where uploaded files live — `local` (the folder beside DB_FILE) or `postgres`
   * (the database of DATABASE_URL, so every API process serves them). Default: `postgres` with
   * DATABASE_URL, else `local`.
   */
  uploadsStore: 'local' | 'postgres';
  /** AUDIT_RETENTION_DAYS: how long audit entries are kept (a daily job removes older ones). */
  auditRetentionDays: number;
}

/** A short JWT secret can be brute-forced offline from any token, so refuse it. */
export const JWT_SECRET_MIN_LENGTH = 32;

type Env = Record<string, string | undefined>;

const text = (env: Env, name: string, fallback: string): string => {
  const value = env[name]?.trim();
  return value ? value : fallback;
};

const optional = (env: Env, name: string): string | undefined => env[name]?.trim() || undefined;

const integer = (env: Env, name: string, fallback: number, min: number, max: number): number => {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
};

export function loadConfig(env: Env = process.env): Config {
  const jwtSecret = optional(env, 'JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < JWT_SECRET_MIN_LENGTH) {
    throw new Error(
      `JWT_SECRET must be at least ${JWT_SECRET_MIN_LENGTH} characters (unset it to generate one)`,
    );
  }
  const apiPort = integer(env, 'API_PORT', 4000, 0, 65535);
  // The dashboard as `npm start` serves it: mailed links and OAuth returns follow WEB_PORT/HOST.
  const webPort = integer(env, 'WEB_PORT', 5173, 1, 65535);
  const host = text(env, 'HOST', 'localhost');
  const webHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const databaseUrl = optional(env, 'DATABASE_URL');
  const uploadsStore = text(env, 'UPLOADS_STORE', databaseUrl ? 'postgres' : 'local');
  if (uploadsStore !== 'local' && uploadsStore !== 'postgres') {
    throw new Error(`UPLOADS_STORE must be "local" or "postgres", got "${uploadsStore}"`);
  }
  if (uploadsStore === 'postgres' && !databaseUrl) {
    throw new Error(
      'UPLOADS_STORE=postgres needs DATABASE_URL (the files are kept in that PostgreSQL database)',
    );
  }
  const appUrl = text(env, 'APP_URL', `http://${webHost}:${webPort}`).replace(/\/+$/, '');
  const apiWorkers = integer(env, 'API_WORKERS', 1, 1, 64);
  if (apiWorkers > 1 && !optional(env, 'DATABASE_URL')) {
    throw new Error(
      `API_WORKERS=${apiWorkers} needs DATABASE_URL: several processes cannot share the JSON file`,
    );
  }
  return {
    apiPort,
    apiHost: text(env, 'API_HOST', '127.0.0.1'),
    dbFile: path.resolve(text(env, 'DB_FILE', 'data/db.json')),
    databaseUrl,
    jwtSecret,
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_SECONDS', 3600, 1, 60 * 60 * 24 * 30),
    mailOutbox: path.resolve(text(env, 'MAIL_OUTBOX', 'data/outbox')),
    smtpUrl: optional(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM', 'Stay Console <no-reply@stay-console.local>'),
    appUrl,
    apiPublicUrl: text(env, 'API_PUBLIC_URL', `${appUrl}/api`).replace(/\/+$/, ''),
    // Follows API_PORT (4000 → 4010), so two checkouts on their own ports do not clash; an API
    // on a random port (0) starts none unless DEMO_OAUTH_PORT says where.
    demoOAuthPort: integer(
      env,
      'DEMO_OAUTH_PORT',
      apiPort && apiPort + 10 <= 65535 ? apiPort + 10 : 0,
      0,
      65535,
    ),
    corsOrigins: text(
      env,
      'CORS_ORIGINS',
      `http://localhost:${webPort},http://127.0.0.1:${webPort}`,
    )
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    bodyLimit: text(env, 'BODY_LIMIT', '1mb'),
    logRequests: env.LOG_REQUESTS === '1',
    dataKey: optional(env, 'DATA_KEY'),
    dataKeyPrevious: optional(env, 'DATA_KEY_PREVIOUS'),
    translate: loadTranslatorConfig(env),
    uploadLimitMb: integer(env, 'UPLOAD_LIMIT_MB', UPLOAD_LIMIT_MB, 1, 1024),
    uploadQuotaMb: integer(env, 'UPLOAD_QUOTA_MB', 500, 1, 1024 * 1024),
    uploadRateLimit: integer(env, 'UPLOAD_RATE_LIMIT', 60, 1, 100_000),
    liveStreamsPerUser: integer(env, 'LIVE_STREAMS_PER_USER', MAX_STREAMS_PER_USER, 1, 100_000),
    apiWorkers,
    uploadsStore,
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', 365, 1, 36_500),
  };
}

/** The demo OAuth provider's address (the seeded OAuth app points at it). */
export const demoOAuthUrl = (config: Pick<Config, 'demoOAuthPort'>): string =>
  `http://localhost:${config.demoOAuthPort}`;
