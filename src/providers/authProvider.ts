import type { AuthProvider, HttpError } from '@refinedev/core';
import { i18n } from '../i18n';
import type { User } from '../schema/user';
import { isTransient, setUnreachable } from './connection';
import { apiUrl, http } from './http';
import {
  chosenHotel,
  forgetChosenHotel,
  hotelInPath,
  hotelPath,
  noteRefusedHotel,
  samePageOf,
  withoutHotel,
} from './hotel';
import {
  HOME_PATH,
  LOGIN_PATH,
  loginPathReturningTo,
  safeReturnPath,
  signInErrorKey,
} from './paths';
import { clearImpersonatorToken, clearToken, getToken, isTokenLive, setToken } from './session';

export { HOME_PATH, LOGIN_PATH };

let currentUser: User | null = null;
/** One GET /users/me at a time: Refine asks for the identity from several places at once. */
let loading: Promise<User | null> | null = null;
/** The status of the last GET /users/me that failed (0: no answer). */
let lastFailure: number | undefined;
/** Moves at every sign-out: an identity asked for before it belongs to the ended session. */
let session = 0;
/** How long the session's check waits before it asks an unreachable API again. */
export const RECHECK_MS = 3000;

/**
 * The signed-in user (GET /users/me once), or null without one. Only the server's 401 ends the
 * session: a request aborted by a reload or navigation, a network failure or a 5xx is logged and
 * answers null for now, but keeps the token, so the next check asks again.
 */
export async function signedInUser(): Promise<User | null> {
  if (currentUser) return currentUser;
  if (!isTokenLive(getToken())) {
    clearToken();
    return null;
  }
  // Signed out (or in again) while the answer was on its way: it belongs to the ended session
  // and must neither sign the user in again nor end the next session.
  const askedIn = session;
  const current = () => askedIn === session;
  loading ??= http
    .get<User>(apiUrl('/users/me'))
    .then(({ data }) => {
      if (!current()) return null;
      lastFailure = undefined;
      setUnreachable(false);
      return (currentUser = data);
    })
    .catch(async (failure: unknown) => {
      if (!current()) return null;
      let error = failure;
      if ((error as HttpError | undefined)?.statusCode === 404 && chosenHotel() !== undefined) {
        try {
          return await elsewhere(current);
        } catch (again) {
          error = again;
        }
      }
      console.error('Session initialisation failed', error);
      lastFailure = (error as HttpError | undefined)?.statusCode;
      if (lastFailure === 401) clearToken();
      return null;
    })
    .finally(() => {
      if (current()) loading = null;
    });
  return loading;
}

/**
 * An address (an old bookmark, a link) named a hotel that is not the person's, or no longer:
 * the API answers 404 for it, as for another hotel's records. The session is theirs all the
 * same: the same page opens in the hotel the API acts for (the last they chose), which says why
 * (HotelRefusedNotice). The page is replaced, so this answer never comes.
 */
async function elsewhere(current: () => boolean): Promise<User | null> {
  forgetChosenHotel();
  const { data } = await http.get<User>(apiUrl('/users/me'));
  if (!current()) return null;
  const page = samePageOf(location.pathname) + location.search + location.hash;
  noteRefusedHotel();
  location.replace((data.hotels?.length ?? 0) > 1 ? hotelPath(data.id, page) : page);
  return new Promise<never>(() => undefined);
}

/**
 * The signed-in user as the API now answers it (after changing one's own profile), so the
 * identity shown everywhere follows without a new session; invalidate the auth store after it.
 */
export function rememberCurrentUser(user: User): void {
  currentUser = user;
}

/** What a sign-in must drop: set by the app to the query cache's data (not the session's). */
let forgetCachedData: () => void = () => undefined;

/**
 * Registers how to drop the data cached for the previous session. Its answers (and its errors:
 * a list's 401 from after the token expired, which Refine would take as a new sign-out as soon
 * as that list mounts again) must not reach the next session, nor another user's.
 */
export function onSignIn(forget: () => void): void {
  forgetCachedData = forget;
}

function forgetSession(): void {
  session += 1;
  clearToken();
  clearImpersonatorToken();
  currentUser = null;
  loading = null;
}

/** Turns an API failure into the message a person reads, in their language. */
function signInError(error: unknown): HttpError {
  const { statusCode, message } = error as HttpError;
  const key = signInErrorKey(statusCode);
  return { statusCode, name: i18n.t('auth.signIn'), message: key ? i18n.t(key) : message };
}

/**
 * Where a sign-in lands when the router cannot take it there (another hotel's address: a new
 * page): a person of several hotels in the hotel asked for (in `?to=`, else the address's) if
 * it is theirs, else the one the API acts for (the last they chose); anyone else out of a
 * hotel's address. A hotel asked for that is not theirs lands on the same page, saying why.
 * Null: Refine's own.
 */
function landingOf(user: User, addressed: number | undefined): string | null {
  const several = (user.hotels?.length ?? 0) > 1;
  if (!several && addressed === undefined) return null;
  const to = safeReturnPath(new URLSearchParams(location.search).get('to')) ?? HOME_PATH;
  const asked = hotelInPath(to) ?? addressed;
  const theirs = several ? user.hotels?.some(({ id }) => id === asked) : asked === user.id;
  const page = asked === undefined || theirs ? to : samePageOf(to);
  if (asked !== undefined && !theirs) noteRefusedHotel();
  if (!several) return withoutHotel(page);
  return hotelPath(theirs ? asked! : user.id, page);
}

export const authProvider: AuthProvider = {
  login: async ({ email, password }: { email: string; password: string }) => {
    try {
      forgetSession();
      // The address's hotel was the last session's: this one asks without it, then lands.
      const addressed = chosenHotel();
      forgetChosenHotel();
      const { data } = await http.post<{ accessToken: string }>(apiUrl('/auth/login'), {
        email,
        password,
      });
      setToken(data.accessToken);
      const user = await signedInUser();
      if (!user) throw { statusCode: 500, message: i18n.t('errors.generic') };
      forgetCachedData();
      const landing = landingOf(user, addressed);
      if (landing) {
        window.location.assign(landing);
        return { success: true };
      }
      return { success: true, redirectTo: HOME_PATH };
    } catch (error) {
      return { success: false, error: signInError(error) };
    }
  },

  logout: async () => {
    try {
      // The server logs the sign-out (its audit log); the session ends here whatever it answers.
      if (isTokenLive(getToken())) void http.post(apiUrl('/auth/logout')).catch(() => undefined);
      forgetSession();
      return { success: true, redirectTo: LOGIN_PATH };
    } catch {
      return {
        success: false,
        error: { name: i18n.t('header.logout'), message: i18n.t('errors.logout') },
      };
    }
  },

  check: async () => {
    let user = await signedInUser();
    // The API cannot be reached (no answer, a 503 of a database that is down): that is no
    // sign-out. The user stays where they are, told so (ConnectionNotice), and the check asks
    // again until the API answers — only its 401 ends the session.
    while (!user && getToken() && isTransient(lastFailure)) {
      setUnreachable(true);
      await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
      user = await signedInUser();
    }
    setUnreachable(false);
    if (user) return { authenticated: true };
    // A token still here means the server did not refuse it (the check failed on the way):
    // the user goes to sign in, but nothing is logged out, so a reload finds the session again.
    return getToken()
      ? { authenticated: false, redirectTo: LOGIN_PATH }
      : { authenticated: false, logout: true, redirectTo: LOGIN_PATH };
  },

  onError: async (error: HttpError) => {
    if (error?.statusCode === 401) {
      forgetSession();
      const here = loginPathReturningTo(location.pathname + location.search);
      return { logout: true, redirectTo: here, error };
    }
    return {};
  },

  getIdentity: async () => signedInUser(),

  getPermissions: async () => (await signedInUser())?.role ?? null,

  forgotPassword: async ({ email }: { email: string }) => {
    forgetSession();
    try {
      await http.post(apiUrl('/auth/forgot-password'), { email });
      return { success: true };
    } catch (error) {
      return { success: false, error: error as HttpError };
    }
  },

  updatePassword: async ({ token, password }: { token: string; password: string }) => {
    forgetSession();
    try {
      await http.post(apiUrl('/auth/reset-password'), { token, password });
      return { success: true };
    } catch (error) {
      const { statusCode, message } = error as HttpError;
      const text = statusCode === 400 ? i18n.t('auth.invalidResetLink') : message;
      return {
        success: false,
        error: { statusCode, name: i18n.t('auth.newPasswordTitle'), message: text },
      };
    }
  },
};
