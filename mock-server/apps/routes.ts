import { Router } from 'express';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/errors';
import { connectWithTokens } from './connect';
import { checkFresh, exchangeCode, OAuthError, takeState } from './oauth';

/**
 * `GET /oauth/callback`: where a provider sends the browser back. Public (the browser comes
 * without a token): the single-use state says which hotel and app it is for. Exchanges the code,
 * stores the tokens sealed and sends the browser back to the dashboard with the outcome; any
 * failure stores nothing and says why (`oauth=failed&reason=denied|expired|state|token`).
 */
export function oauthCallbackRoute(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/oauth/callback',
    asyncHandler(async (req, res) => {
      const query = req.query as Record<string, unknown>;
      const back = (returnTo: string, outcome: Record<string, string>) => {
        const url = new URL(`${ctx.config.appUrl}${returnTo}`);
        for (const [key, value] of Object.entries(outcome)) url.searchParams.set(key, value);
        res.redirect(303, url.href);
      };
      const now = ctx.now();
      try {
        // The state is spent whatever happens next: a second use of it is refused.
        const state = await ctx.store.transaction((tx) => takeState(tx, query.state));
        checkFresh(state, now);
        const app = await ctx.store.get('apps', state.appId);
        if (!app) throw new OAuthError('state', 'The app is gone', state);
        if (typeof query.error === 'string') {
          throw new OAuthError('denied', `The provider answered ${query.error}`, state);
        }
        if (typeof query.code !== 'string' || query.code === '') {
          throw new OAuthError('token', 'The provider sent no code', state);
        }
        const tokens = await exchangeCode(ctx, app, state, query.code, now).catch((error) => {
          throw error instanceof OAuthError
            ? new OAuthError(error.reason, error.message, state)
            : error;
        });
        const actor = await ctx.store.get('users', state.actorId);
        await ctx.store.transaction((tx) =>
          connectWithTokens(ctx, tx, {
            ownerId: state.ownerId,
            app,
            actorName: String(actor?.name ?? ''),
            tokens,
            now,
          }),
        );
        back(state.returnTo, { oauth: 'connected', app: String(app.id) });
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        console.warn(`OAuth connection failed (${error.reason}): ${error.message}`);
        const outcome: Record<string, string> = { oauth: 'failed', reason: error.reason };
        if (error.state) outcome.app = String(error.state.appId);
        back(error.state?.returnTo ?? '/dashboard/user/apps', outcome);
      }
    }),
  );
  return router;
}
