import type { Response, Router } from 'express';

/**
 * Guest apps run on any site: their routes answer every origin, and nothing they answer is kept
 * in caches (it changes with time and stays).
 */
export function openToAll(res: Response): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Cache-Control', 'no-store');
}

/** Answers guest apps' CORS preflight for `paths` (a dashboard origin is answered earlier). */
export function guestPreflight(router: Router, paths: string | string[], methods: string): void {
  router.options(paths, (_req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', methods);
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization');
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  });
}
