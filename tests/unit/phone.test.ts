import { describe, expect, it } from 'vitest';
import { users } from '../../src/resources/users';
import { fieldSchema } from '../../src/schema/validation';

// The rule of the users' phone number: the profile, the hotel wizard and the API all use it.
const rule = fieldSchema(users.fields.phoneNumber);
const errorOf = (value: string) => {
  const result = rule.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('phone numbers', () => {
  it.each([
    '+31 20 123 4567',
    '(020) 555-0100',
    '+44 20 7946 0018',
    '0612345678',
    '+1-202-555-0143',
  ])('accepts %s', (value) => expect(errorOf(value)).toBeNull());

  it.each(['abc!!', '12', '+31 20 abc 4567', '555#1234', '++31 20 123 4567', '1'.repeat(21)])(
    'refuses %s as no phone number',
    (value) => expect(errorOf(value)).toBe('validation.phone'),
  );

  it('still says a missing number is required', () => {
    expect(errorOf('')).toMatch(/^validation\.required/);
  });
});
