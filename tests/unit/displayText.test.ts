import { describe, expect, it } from 'vitest';
import { displayText, safeCell } from '../../src/crud/displayText';
import * as f from '../../src/schema/fields';

const texts: Record<string, string> = {
  'crud.yes': 'Yes',
  'crud.no': 'No',
  'languages.nl': 'Dutch',
  'languages.en': 'English',
};
const ctx = (language = 'en') => ({
  language,
  t: (key: string) => texts[key] ?? key,
  optionLabel: (value: string) => ({ roomCharge: 'Room charge', card: 'Card' })[value] ?? value,
});

describe('displayText', () => {
  it('shows money in currency units in the interface language', () => {
    expect(displayText(f.money(), 375, ctx('en'))).toBe('€3.75');
    expect(displayText(f.money(), 375, ctx('nl'))).toBe('€\u00a03,75');
  });

  it('shows option labels, languages, yes/no and references by label', () => {
    expect(displayText(f.select({ options: ['card', 'roomCharge'] }), 'roomCharge', ctx())).toBe(
      'Room charge',
    );
    expect(displayText(f.locales(), ['nl', 'en'], ctx())).toBe('Dutch, English');
    expect(displayText(f.boolean(), false, ctx())).toBe('No');
    // A flag never set is off: a hotel never archived reads "No" in the CSV, not blank.
    expect(displayText(f.boolean(), undefined, ctx())).toBe('No');
    expect(displayText(f.boolean(), null, ctx())).toBe('No');
    const ref = f.reference({ resource: 'stays', labelField: 'reference' });
    expect(displayText(ref, 7, { ...ctx(), label: 'AMS-1001' })).toBe('AMS-1001');
    expect(displayText(ref, 7, ctx())).toBe('#7');
  });

  it('shows a calendar day as that day and a moment in the local time zone', () => {
    expect(displayText(f.date(), '2026-02-03', ctx())).toBe('Feb 3, 2026');
    const moment = '2026-02-03T08:05:00.000Z';
    expect(displayText(f.dateTime(), moment, ctx())).toBe(
      new Date(moment).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }),
    );
  });

  it('answers nothing for no value', () => {
    for (const empty of [null, undefined, '']) expect(displayText(f.text(), empty, ctx())).toBe('');
  });
});

describe('safeCell', () => {
  it('neutralises what a spreadsheet would run as a formula', () => {
    for (const formula of ['=HYPERLINK("http://x")', '+1+1', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(safeCell(formula)).toBe(`'${formula}`);
    }
    for (const plain of ['Jansen', '3.75', 'a=b', '']) expect(safeCell(plain)).toBe(plain);
  });
});
