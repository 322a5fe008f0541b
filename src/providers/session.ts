/** The access token and what the browser may know about it without asking the server. */
export const TOKEN_STORAGE_KEY = 'accessToken';
/** Set when a session ends by expiry, so the sign-in page can say why the user is there. */
const EXPIRED_FLAG_KEY = 'sessionExpired';

export const getToken = (): string | null => localStorage.getItem(TOKEN_STORAGE_KEY);
export const setToken = (token: string): void => localStorage.setItem(TOKEN_STORAGE_KEY, token);
export const clearToken = (): void => localStorage.removeItem(TOKEN_STORAGE_KEY);

/** Reads the `exp` claim (seconds) of a JWT; null when the token is not a readable JWT. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp: unknown = JSON.parse(json).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** A stored token is used only while its expiry lies in the future (spec §4). */
export function isTokenLive(token: string | null, now = Date.now()): token is string {
  if (!token) return false;
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 > now;
}

export const markSessionExpired = (): void => sessionStorage.setItem(EXPIRED_FLAG_KEY, '1');

/** True once after a session expired; reading it clears it. */
export function takeSessionExpired(): boolean {
  const expired = sessionStorage.getItem(EXPIRED_FLAG_KEY) === '1';
  sessionStorage.removeItem(EXPIRED_FLAG_KEY);
  return expired;
}

/** While an administrator uses "log in as", their own token waits here to be restored. */
const IMPERSONATOR_STORAGE_KEY = 'impersonatorToken';

export const getImpersonatorToken = (): string | null =>
  localStorage.getItem(IMPERSONATOR_STORAGE_KEY);
export const setImpersonatorToken = (token: string): void =>
  localStorage.setItem(IMPERSONATOR_STORAGE_KEY, token);
export const clearImpersonatorToken = (): void => localStorage.removeItem(IMPERSONATOR_STORAGE_KEY);
