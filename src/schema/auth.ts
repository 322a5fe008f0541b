import { z } from 'zod';
import { NEW_PASSWORD_MIN } from './user';

/**
 * Auth forms (spec §5). Messages are i18n keys: the dashboard translates them, the API answers
 * them in English from the same catalogue.
 */
const email = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, 'validation.emailRequired')
  .pipe(z.email('validation.emailInvalid'));

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, 'validation.passwordRequired'),
});

export const forgotPasswordSchema = z.object({ email });

export const newPasswordSchema = z
  .object({
    password: z
      .string({ error: 'validation.passwordRequired' })
      .min(1, 'validation.passwordRequired')
      .min(NEW_PASSWORD_MIN, 'validation.passwordMin'),
    confirmPassword: z.string().min(1, 'validation.confirmRequired'),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsMatch',
  });

export type LoginValues = z.infer<typeof loginSchema>;
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
