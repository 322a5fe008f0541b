/** Where signing in starts and where it leads (a module of its own: the light sign-in entry reads it). */
export const LOGIN_PATH = '/auth/login';
export const HOME_PATH = '/dashboard/app';

/** The i18n key of the message a failed sign-in shows, by the API's status; null: the API's own. */
export const signInErrorKey = (statusCode: number | undefined): string | null =>
  statusCode === 401
    ? 'auth.invalidCredentials'
    : statusCode === 429
      ? 'auth.tooManyAttempts'
      : statusCode === 403
        ? 'auth.accountBlocked'
        : null;
