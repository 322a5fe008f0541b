import { describe, expect, it } from 'vitest';
import { labelledDays, niceStep } from '../../src/features/home/chartScale';

describe("the visitors chart's scale", () => {
  it('splits the highest value into round steps', () => {
    expect(niceStep(0)).toBe(1);
    expect(niceStep(3)).toBe(1);
    expect(niceStep(37)).toBe(10);
    expect(niceStep(1234)).toBe(500);
    expect(niceStep(4000)).toBe(1000);
    expect(niceStep(41_000)).toBe(20_000);
  });

  it('labels the first and the last day and evenly between', () => {
    expect(labelledDays(0)).toEqual([]);
    expect(labelledDays(3)).toEqual([0, 1, 2]);
    expect(labelledDays(90)).toEqual([0, 22, 45, 67, 89]);
    expect(labelledDays(30, 4)).toEqual([0, 10, 19, 29]);
  });
});
