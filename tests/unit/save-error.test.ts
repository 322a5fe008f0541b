import { describe, expect, it } from 'vitest';
import { saveErrorTitle } from '../../src/crud/form/saveError';

describe('the title of a refused save (issue 27 item 18)', () => {
  const taken = {
    statusCode: 409,
    message: 'Slug is already taken',
    errors: { slug: ['Slug is already taken'] },
  };
  it('is the same on create and edit when the fields say what to change', () => {
    expect(saveErrorTitle(taken, 'create')).toBe(saveErrorTitle(taken, 'edit'));
    expect(saveErrorTitle(taken, 'edit')).toBe('errors.notSaved');
    const invalid = { statusCode: 422, message: 'Validation failed', errors: { url: ['x'] } };
    expect(saveErrorTitle(invalid, 'create')).toBe('errors.notSaved');
  });
  it('keeps the spec’s titles for other failures', () => {
    const broken = { statusCode: 500, message: 'Something went wrong' };
    expect(saveErrorTitle(broken, 'create')).toBe('errors.creation');
    expect(saveErrorTitle(broken, 'edit')).toBe('errors.occurred');
  });
});
