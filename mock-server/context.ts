import type { AuditLog } from './audit';
import type { Config } from './config';
import type { Mailer } from './auth/mailer';
import type { LoginThrottle } from './auth/throttle';
import type { Tokens } from './auth/tokens';
import type { Resource } from '../src/schema/resource';
import type { ServerHooks } from './engine/service';
import type { LiveEvents } from './events/streams';
import type { GuestLimits } from './guest/limits';
import type { GuestSessions } from './guest/sessions';
import type { SecretBox } from './store/secrets';
import type { Limiter } from './store/limiter';
import type { Store } from './store/port';
import type { FileStore } from './uploads/files';
import type { Translator } from './translate';

/** What route modules need; built once by createApp. */
export interface AppContext {
  config: Config;
  store: Store;
  /** Where every throttle and rate limit counts (memory, or PostgreSQL shared by all processes). */
  limiter: Limiter;
  /** Where uploaded files are kept (UPLOADS_STORE). */
  files: FileStore;
  /** The declared resources the API serves. */
  resources: readonly Resource[];
  /** Guest apps' sessions (a stay's short-lived token) and their rate limits. */
  guests: GuestSessions;
  guestLimits: GuestLimits;
  /** Seals and opens secret fields (DATA_KEY). */
  secrets: SecretBox;
  tokens: Tokens;
  throttle: LoginThrottle;
  mailer: Mailer;
  /** Translation service for Sync. */
  translator: Translator;
  /** Milliseconds since the epoch; injectable so tests can move time. */
  now: () => number;
  /** The API's own hooks around declared resources' writes, by declaration (./features.ts). */
  serverHooks?: ReadonlyMap<Resource, ServerHooks>;
  /** The audit log: every write and account event adds an entry in its own transaction. */
  audit: AuditLog;
  /** The live-event streams of this process (GET /events). */
  events: LiveEvents;
}
