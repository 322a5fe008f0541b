/** Build-time configuration of the dashboard (Vite env). Every variable is listed in the README. */
export const config = {
  /** Base address of the API. `/api` is proxied to the bundled API by `npm start`. */
  apiUrl: (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') || '/api',
} as const;
