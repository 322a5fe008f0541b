import { Router, type Request } from 'express';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/errors';
import { connectWithTokens } from './connect';
import {
  BROWSER_BINDING,
  browserCookieName,
  browserCookiePath,
  checkFresh,
  exchangeCode,
  OAuthError,
  STATE_TTL_MS,
  takeState,
  type BrowserBinding,
} from './oauth';

/** A cookie of the request by name (no cookie parser: this is the API's only cookie). */
function cookieOf(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The cookie's attributes: HttpOnly, SameSite=Lax (sent on the provider's redirect back). */
const cookieOptions = (ctx: AppContext) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: ctx.config.apiPublicUrl.startsWith('https:'),
  path: browserCookiePath(ctx),
});

/**
 * `POST /apps/:id/authorize` (the apps' declared action, run by the engine): its answer carries
 * the starting browser's nonce beside the JSON; this sets it as that browser's cookie, for the
 * callback's path only, for as long as the state lives.
 */
export function oauthStartCookie(ctx: AppContext): Router {
  const router = Router();
  router.post('/apps/:id/authorize', (_req, res, next) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const browser = (body as { [BROWSER_BINDING]?: BrowserBinding } | null)?.[BROWSER_BINDING];
      if (browser && res.statusCode === 200) {
        res.cookie(browser.name, browser.value, { ...cookieOptions(ctx), maxAge: STATE_TTL_MS });
      }
      return json(body);
    };
    next();
  });
  return router;
}

/**
 * `GET /oauth/callback`: where a provider sends the browser back. Public (the browser comes
 * without a token): the single-use state says which hotel and app it is for, and the cookie set
 * when it started proves it is the same browser (another client gets `reason=state`, and the
 * state stays for the browser that started it). Exchanges the code,
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
        // Only the browser that started it may finish it (its cookie); then the state is spent
        // whatever happens next: a second use of it is refused.
        const name = typeof query.state === 'string' ? browserCookieName(query.state) : undefined;
        const nonce = name ? cookieOf(req, name) : undefined;
        const state = await ctx.store.transaction((tx) => takeState(tx, query.state, nonce));
        if (name) res.clearCookie(name, cookieOptions(ctx));
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
        await ctx.store.transaction(async (tx) => {
          await connectWithTokens(ctx, tx, {
            ownerId: state.ownerId,
            app,
            actorName: String(actor?.name ?? ''),
            tokens,
            now,
          });
          // The audit log: the connection, by whoever started it, for the hotel.
          await ctx.audit.write(tx, {
            action: 'action',
            actor: { id: state.actorId },
            name: 'connect',
            resource: 'apps',
            recordId: app.id,
            recordLabel: String(app.name ?? ''),
            hotelId: state.ownerId,
          });
        });
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
