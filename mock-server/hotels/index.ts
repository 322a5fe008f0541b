/**
 * Hotels' accounts beyond the declared users resource: the invitation and verification mails
 * (server hooks of the users' writes), the verification link's route and an administrator's
 * temporary password.
 */
export { accountMailHooks, startVerification } from './hooks';
export { temporaryPasswordRoute, verifyEmailRoute } from './routes';
