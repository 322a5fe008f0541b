import { defineServerFeature } from '../feature';
import { loginAsRoute, publicAuthRoutes, signOutRoute } from './auth';
import { meRoutes } from './me';
import { publicRoutes } from './public';
import { statsRoutes } from './stats';

/** Sign-in, sign-out, password reset and "log in as". */
export const authServer = defineServerFeature({
  name: 'auth',
  publicRoutes: [publicAuthRoutes],
  routes: [loginAsRoute, signOutRoute],
});

/** One's own account: profile, password, email. */
export const accountServer = defineServerFeature({ name: 'account', routes: [meRoutes] });

/** What guest apps read of a hotel without signing in (its active notification). */
export const guestAppServer = defineServerFeature({
  name: 'guest-app',
  publicRoutes: [publicRoutes],
});

/** The overview's visits per day. */
export const statsServer = defineServerFeature({ name: 'stats', routes: [statsRoutes] });
