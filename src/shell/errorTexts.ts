export type ErrorStatus = 403 | 404 | 500;

/** The words of each error page (translation keys). */
export const ERROR_TEXTS: Record<ErrorStatus, { title: string; text: string }> = {
  403: { title: 'errors.forbiddenTitle', text: 'errors.forbiddenText' },
  404: { title: 'errors.notFoundTitle', text: 'errors.notFoundText' },
  500: { title: 'errors.serverErrorTitle', text: 'errors.serverErrorText' },
};
