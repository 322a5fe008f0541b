/** Build-time configuration of the dashboard (Vite env). Every variable is listed in the README. */
export const config = {
  /** Base address of the API. `/api` is proxied to the bundled API by `npm start`. */
  apiUrl: (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') || '/api',
  /** Google Maps JavaScript API key for the amenity place search; without it the search is off. */
  googleMapsApiKey: (import.meta.env.VITE_GOOGLE_MAPS_API_KEY as string | undefined)?.trim() || '',
} as const;
