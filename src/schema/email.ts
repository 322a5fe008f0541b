/**
 * The one email address rule of the product (sign-in, reset, account, users, guests' form
 * answers): letters, digits and `_'+-` in dot-separated local parts, a domain of letter-or-digit
 * labels and a top-level domain of two letters or more, at most 254 characters. Quotes, angle
 * brackets, spaces and other markup never pass (`"><script>…@x.com` is refused everywhere).
 * The same pattern zod checks by default, named here so every check uses it explicitly.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The longest address (RFC 5321's path limit less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

export const isEmailAddress = (text: string): boolean =>
  text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);
