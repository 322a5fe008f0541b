import type { HttpError, OpenNotificationParams } from '@refinedev/core';
import type { TFunction } from 'i18next';

/** The server refused the values (a taken slug, a broken rule): the fields say what to change. */
const fixable = (error: HttpError | undefined) =>
  (error?.statusCode === 409 || error?.statusCode === 422) &&
  Object.keys((error as { errors?: object }).errors ?? {}).length > 0;

/**
 * The i18n key of a refused save's toast title. A refusal the person can fix reads the same on
 * create and edit (a taken slug was "Something went wrong!" on one, "An error occurred" on the
 * other); any other failure keeps the spec's titles.
 */
export function saveErrorTitle(error: HttpError | undefined, action: 'create' | 'edit'): string {
  if (fixable(error)) return 'errors.notSaved';
  return action === 'create' ? 'errors.creation' : 'errors.occurred';
}

/** A refused save's toast: the title above, the server's words below (never a resource's key). */
export const saveErrorNotification = (
  t: TFunction,
  error: HttpError | undefined,
  action: 'create' | 'edit',
): OpenNotificationParams => ({
  type: 'error',
  message: t(saveErrorTitle(error, action)),
  description: `${t('errors.prefix')} ${error?.message ?? t('errors.generic')}`,
});
