import * as z from 'zod/mini';
import { NEW_PASSWORD_MIN } from './user';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email';

/**
 * Auth forms (spec §5). Messages are i18n keys: the dashboard translates them. Written with
 * zod's tree-shakable "mini" build so the sign-in page stays light.
 */
const email = z.pipe(
  z
    .string({ error: 'validation.emailRequired' })
    .check(z.trim(), z.minLength(1, 'validation.emailRequired')),
  z
    .email({ pattern: EMAIL_PATTERN, error: 'validation.emailInvalid' })
    .check(z.maxLength(EMAIL_MAX_LENGTH, 'validation.emailInvalid')),
);

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: 'validation.passwordRequired' })
    .check(z.minLength(1, 'validation.passwordRequired')),
});

export const forgotPasswordSchema = z.object({ email });

export const newPasswordSchema = z
  .object({
    password: z
      .string({ error: 'validation.passwordRequired' })
      .check(
        z.minLength(1, 'validation.passwordRequired'),
        z.minLength(NEW_PASSWORD_MIN, 'validation.passwordMin'),
      ),
    confirmPassword: z.string().check(z.minLength(1, 'validation.confirmRequired')),
  })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      path: ['confirmPassword'],
      message: 'validation.passwordsMatch',
    }),
  );

export type LoginValues = z.infer<typeof loginSchema>;
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
