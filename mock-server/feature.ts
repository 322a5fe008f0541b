import type { RequestHandler } from 'express';
import type { AppContext } from './context';
import type { ServerSide } from './engine/service';

/** Something started with the app and stopped by its close() (a timer). */
export interface Running {
  /** Stops it; a promise when a run under way is waited for (the upload sweep). */
  stop(): void | Promise<void>;
}

/**
 * What one area adds to the API, registered in one list (./features.ts), as the dashboard's
 * features are in src/features/index.ts: app.ts knows no area by name.
 */
export interface ServerFeature {
  name: string;
  /** Body parsers of its own for some paths (a tighter limit), mounted before the JSON parser. */
  bodyParsers?: readonly (() => RequestHandler)[];
  /**
   * Routes anyone may call (guest apps, links in mails): mounted before the token check, in the
   * list's order.
   */
  publicRoutes?: readonly ((ctx: AppContext) => RequestHandler)[];
  /**
   * Routes behind `identify` (each decides what its caller may do): mounted after the public
   * ones and before the declared resources' routes.
   */
  routes?: readonly ((ctx: AppContext) => RequestHandler)[];
  /** Hooks and action runs the API adds to declarations, bound to the declarations themselves. */
  serverSide?: (ctx: AppContext) => readonly ServerSide[];
  /** Background work started with the app (e.g. a sweeper); close() stops it. */
  start?: (ctx: AppContext) => Running | Promise<Running>;
}

export const defineServerFeature = (feature: ServerFeature): ServerFeature => feature;
