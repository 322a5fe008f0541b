import { hotelPath } from '../../providers/hotel';
import { apiUrl, http } from '../../providers/http';
import { HOME_PATH } from '../../providers/paths';
import {
  clearImpersonatorToken,
  getImpersonatorToken,
  getToken,
  isTokenLive,
  setImpersonatorToken,
  setToken,
} from '../../providers/session';
import type { User } from '../../schema/user';

/** Whether an administrator may open this account (the server enforces the same rules). */
export function mayLogInAs(
  actor: User | null | undefined,
  target: Pick<User, 'id' | 'isAdmin' | 'isSuperAdmin' | 'status' | 'disabled'>,
): boolean {
  if (!actor || !(actor.isAdmin || actor.isSuperAdmin) || actor.id === target.id) return false;
  if (target.status === 'banned' || target.disabled) return false;
  return actor.isSuperAdmin || !(target.isAdmin || target.isSuperAdmin);
}

/**
 * Opens another user's account. The administrator's own token is kept aside (once: logging in
 * as someone else from an impersonated session still returns to the administrator), then the
 * page reloads so no cached data of the previous account survives. A hotel's member opens in
 * that `hotel` (issue 40: a person of several hotels acts for the one in the address).
 */
export async function logInAs(id: number, hotel?: number): Promise<void> {
  const { data } = await http.post<{ accessToken: string }>(apiUrl('/auth/login-as'), { id });
  const own = getImpersonatorToken() ?? getToken();
  if (own) setImpersonatorToken(own);
  setToken(data.accessToken);
  window.location.assign(hotel === undefined ? HOME_PATH : hotelPath(hotel, HOME_PATH));
}

export const isImpersonating = (): boolean => getImpersonatorToken() !== null;

/** Back to the administrator's own session, without the password; false when it has expired. */
export function returnToOwnAccount(): boolean {
  const own = getImpersonatorToken();
  clearImpersonatorToken();
  if (!isTokenLive(own)) return false;
  setToken(own);
  window.location.assign('/dashboard/user/list');
  return true;
}
