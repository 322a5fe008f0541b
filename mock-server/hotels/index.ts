/**
 * Hotels' accounts beyond the declared users resource: the invitation and verification mails
 * (server hooks of the users' writes), the verification link's route and an administrator's
 * temporary password.
 */
export { accountMailHooks } from './hooks';
export { temporaryPasswordRoute, verifyEmailRoute } from './routes';
import { defineServerFeature } from '../feature';
import { accountMailHooks } from './hooks';
import { temporaryPasswordRoute, verifyEmailRoute } from './routes';

/** Hotels' accounts: the invitation and verification mails, the links they carry. */
export const hotelsServer = defineServerFeature({
  name: 'hotels',
  publicRoutes: [verifyEmailRoute],
  routes: [temporaryPasswordRoute],
  serverSide: (ctx) => [accountMailHooks(ctx)],
});
