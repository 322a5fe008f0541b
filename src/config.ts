/**
 * Configuration of the dashboard: what `config.js` beside index.html says at run time
 * (`window.__STAY_CONFIG__`, written from DASHBOARD_API_URL and GOOGLE_MAPS_API_KEY by the server
 * that serves the build), else the build-time VITE_* variables. Every variable is in the README.
 */
interface RuntimeConfig {
  apiUrl?: unknown;
  googleMapsApiKey?: unknown;
}

const runtime: RuntimeConfig =
  (typeof window !== 'undefined' &&
    (window as { __STAY_CONFIG__?: RuntimeConfig }).__STAY_CONFIG__) ||
  {};

/** A non-empty string from run time, else from the build, else the fallback. */
const pick = (atRunTime: unknown, atBuild: unknown, fallback: string): string =>
  (typeof atRunTime === 'string' && atRunTime.trim()) ||
  (typeof atBuild === 'string' && atBuild.trim()) ||
  fallback;

export const config = {
  /** Base address of the API. `/api` is proxied to the bundled API by `npm start`. */
  apiUrl: pick(runtime.apiUrl, import.meta.env.VITE_API_URL, '/api').replace(/\/$/, ''),
  /** Google Maps JavaScript API key for the amenity place search; without it the search is off. */
  googleMapsApiKey: pick(runtime.googleMapsApiKey, import.meta.env.VITE_GOOGLE_MAPS_API_KEY, ''),
} as const;
