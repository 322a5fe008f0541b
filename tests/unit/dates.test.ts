import { describe, expect, it } from 'vitest';
import { date, dateTime } from '../../src/schema/fields';
import { fieldSchema } from '../../src/schema/validation';

const accepts = (schema: ReturnType<typeof fieldSchema>, value: unknown) =>
  schema.safeParse(value).success;

describe('date fields accept calendar days only', () => {
  const required = fieldSchema(date({ required: true }));
  const optional = fieldSchema(date());

  it.each(['2026-02-28', '2024-02-29', '2000-02-29', '2026-12-31', '2026-01-01', '0001-01-01'])(
    'accepts %s',
    (value) => {
      expect(accepts(required, value)).toBe(true);
      expect(accepts(optional, value)).toBe(true);
    },
  );

  it.each([
    '2026-02-30',
    '2026-02-29', // not a leap year
    '1900-02-29', // a century that is not a leap year
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-01-32',
    '2026-1-1',
    '2026-02-30T00:00:00Z',
  ])('refuses %s with the date message', (value) => {
    const result = required.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['validation.date']);
    expect(accepts(optional, value)).toBe(false);
  });

  it('still takes empty values where the field is optional', () => {
    expect(accepts(optional, '')).toBe(true);
    expect(accepts(optional, null)).toBe(true);
    expect(accepts(required, '')).toBe(false);
  });
});

describe('dateTime fields accept real moments only', () => {
  const schema = fieldSchema(dateTime({ required: true }));

  it.each(['2026-02-28T23:59:59Z', '2024-02-29T12:00:00.000+14:00', '2026-03-29T02:30:00+02:00'])(
    'accepts %s',
    (value) => {
      expect(accepts(schema, value)).toBe(true);
    },
  );

  it.each([
    '2026-02-30T10:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T23:60:00Z',
    '2026-01-01T10:00:00+25:00',
    '2026-01-01',
    'yesterday',
  ])('refuses %s', (value) => {
    expect(accepts(schema, value)).toBe(false);
  });
});
