import { appsServer } from './apps';
import { auditServer } from './audit';
import { brandingServer } from './branding';
import type { ServerFeature } from './feature';
import { eventsServer } from './events';
import { formsServer } from './forms';
import { guestServer } from './guest';
import { hotekServer } from './hotek';
import { hotelsServer } from './hotels';
import { membersServer } from './members';
import { offboardingServer } from './offboarding';
import { pagesServer } from './pages';
import { posServer } from './pos';
import { accountServer, authServer, guestAppServer, statsServer } from './routes';
import { todayServer } from './today';
import { uploadsServer } from './uploads';

/**
 * Every area of the API; adding one = its folder's feature + one line here (app.ts mounts their
 * routes in this order, binds their server sides to the declarations and starts their work).
 */
export const serverFeatures: readonly ServerFeature[] = [
  authServer,
  accountServer,
  hotelsServer,
  membersServer,
  offboardingServer,
  guestAppServer,
  guestServer,
  posServer,
  hotekServer,
  pagesServer,
  formsServer,
  brandingServer,
  uploadsServer,
  appsServer,
  statsServer,
  todayServer,
  auditServer,
  eventsServer,
];
