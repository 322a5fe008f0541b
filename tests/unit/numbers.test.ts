import { describe, expect, it } from 'vitest';
import { decimalMark, parseAmount } from '../../src/crud/numbers';

describe('number inputs', () => {
  it('read a decimal comma and a decimal point alike', () => {
    expect(parseAmount('3,75')).toBe('3.75');
    expect(parseAmount('3.75')).toBe('3.75');
    expect(parseAmount('€ 3,5')).toBe('3.5');
    expect(parseAmount('1.234,50')).toBe('1234.50');
    expect(parseAmount('1,234.50')).toBe('1234.50');
    expect(parseAmount('1.000')).toBe('1000');
    expect(parseAmount('12')).toBe('12');
    expect(parseAmount('-2,5')).toBe('-2.5');
  });

  it('know each interface language’s decimal mark', () => {
    expect(decimalMark('en')).toBe('.');
    for (const language of ['nl', 'de', 'fr', 'es']) expect(decimalMark(language)).toBe(',');
  });
});
