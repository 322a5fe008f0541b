import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email';
import { message } from './messages';

export { ADDRESS_FIELD } from './address';
import { CHANGE_PASSWORD_MIN, NEW_PASSWORD_MIN } from './user';

/**
 * The own account (issue 10 §4, spec §5): the profile a signed-in user changes about themself
 * and the change of their password. Shared by `PATCH /users/me`, `POST /users/me/password` and
 * the account page. Messages are i18n keys (the API answers them in English). The profile's
 * fields come from the users declaration: see src/resources/account.ts.
 */

const oldPassword = z
  .string({ error: message('account.errors.oldPasswordRequired') })
  .min(1, message('account.errors.oldPasswordRequired'));
const newPassword = z
  .string({ error: message('account.errors.newPasswordRequired') })
  .min(1, { error: message('account.errors.newPasswordRequired'), abort: true })
  .min(CHANGE_PASSWORD_MIN, message('account.errors.passwordMin', { min: CHANGE_PASSWORD_MIN }))
  .max(200, message('account.errors.passwordMax', { max: 200 }));

type Passwords = { oldPassword?: unknown; newPassword?: unknown; confirmPassword?: unknown };
const given = (value: unknown): value is string => typeof value === 'string' && value !== '';
/** Checked even while another field is wrong, so every message shows at once. */
const whenGiven =
  (...names: (keyof Passwords)[]) =>
  ({ value }: { value: unknown }) =>
    typeof value === 'object' &&
    value !== null &&
    names.every((name) => given((value as Passwords)[name]));

const differs = {
  check: (values: Passwords) => values.newPassword !== values.oldPassword,
  params: {
    path: ['newPassword'],
    message: message('account.errors.passwordDifferent'),
    when: whenGiven('oldPassword', 'newPassword'),
  },
};

/** `POST /users/me/password`. */
export const changePasswordSchema = z
  .object({ oldPassword, newPassword })
  .refine(differs.check, differs.params);

/** The form: the same rules plus the confirmation ('Passwords must match'). */
export const changePasswordFormSchema = z
  .object({
    oldPassword,
    newPassword,
    confirmPassword: z.string().min(1, 'validation.confirmRequired'),
  })
  .refine(differs.check, differs.params)
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsMatch',
    when: whenGiven('newPassword', 'confirmPassword'),
  });

export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
export type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>;

/** Wrong current-password guesses per account before 429 (sliding window). */
export const CHANGE_PASSWORD_LIMITS = { maxFailures: 5, windowMs: 15 * 60_000 } as const;

/** The header of `POST /users/me/password`'s 204 that carries the caller's fresh access token. */
export const FRESH_TOKEN_HEADER = 'X-Access-Token';

/** `POST /users/me/email`: a new sign-in address, confirmed with the current password. */
export const changeEmailSchema = z.object({
  email: z
    .string({ error: message('validation.emailRequired') })
    .trim()
    .toLowerCase()
    .min(1, { error: message('validation.emailRequired'), abort: true })
    .max(EMAIL_MAX_LENGTH, { error: message('validation.emailInvalid'), abort: true })
    .pipe(z.email({ pattern: EMAIL_PATTERN, error: message('validation.emailInvalid') })),
  password: oldPassword,
});
export type ChangeEmailValues = z.infer<typeof changeEmailSchema>;

/** A temporary password an administrator sets for an account: the rule of a new password. */
export const temporaryPasswordSchema = z.object({
  password: z
    .string({ error: message('validation.passwordRequired') })
    .min(1, { error: message('validation.passwordRequired'), abort: true })
    .min(NEW_PASSWORD_MIN, message('validation.passwordMin'))
    .max(200, message('account.errors.passwordMax', { max: 200 })),
});
export type TemporaryPasswordValues = z.infer<typeof temporaryPasswordSchema>;
