import { describe, expect, it } from 'vitest';
import { forgotPasswordSchema, loginSchema, newPasswordSchema } from '../../src/schema/auth';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('auth forms (spec §5)', () => {
  it('sign-in: email required and valid, password required', () => {
    expect(messages(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'validation.emailRequired',
      password: 'validation.passwordRequired',
    });
    expect(messages(loginSchema.safeParse({ email: 'someone@', password: 'x' }))).toEqual({
      email: 'validation.emailInvalid',
    });
    expect(
      loginSchema.safeParse({ email: '  admin@example.com ', password: 'demo1234' }),
    ).toMatchObject({
      success: true,
      data: { email: 'admin@example.com' },
    });
  });

  it('reset request: email required and valid', () => {
    expect(messages(forgotPasswordSchema.safeParse({}))).toEqual({
      email: 'validation.emailRequired',
    });
    expect(messages(forgotPasswordSchema.safeParse({ email: 'nope' }))).toEqual({
      email: 'validation.emailInvalid',
    });
  });

  it('new password: at least 8 characters, and the confirmation must match', () => {
    expect(
      messages(newPasswordSchema.safeParse({ password: 'short', confirmPassword: 'short' })),
    ).toEqual({
      password: 'validation.passwordMin',
    });
    expect(
      messages(
        newPasswordSchema.safeParse({ password: 'long-enough', confirmPassword: 'different' }),
      ),
    ).toEqual({
      confirmPassword: 'validation.passwordsMatch',
    });
    expect(
      newPasswordSchema.safeParse({ password: 'long-enough', confirmPassword: 'long-enough' })
        .success,
    ).toBe(true);
  });
});
