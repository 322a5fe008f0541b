import { describe, expect, it } from 'vitest';
import { differences, merge, sameValue } from '../../src/crud/form/conflicts';

const NAMES = ['name', 'description', 'address', 'active', 'tags', 'social'];

const base = {
  name: 'Pool',
  description: 'Open all day',
  address: 'Keizersgracht 1',
  active: true,
  tags: ['swim'],
  social: { instagram: '', facebook: 'fb' },
};

describe('three-way merge of an edit form after a 412', () => {
  it('a field only the other person changed takes theirs, one only I changed keeps mine', () => {
    const theirs = { ...base, name: 'Rooftop pool' };
    const mine = { ...base, description: 'Open 7–22' };
    const found = differences(NAMES, base, theirs, mine);
    expect(found.map(({ name, changedBy }) => ({ name, changedBy }))).toEqual([
      { name: 'name', changedBy: 'theirs' },
      { name: 'description', changedBy: 'mine' },
    ]);
    expect(merge(mine, found)).toEqual({
      ...base,
      name: 'Rooftop pool',
      description: 'Open 7–22',
    });
  });

  it('a field both changed keeps mine unless I pick theirs; a field both set alike is no conflict', () => {
    const theirs = { ...base, name: 'Rooftop pool', address: 'Herengracht 5', active: false };
    const mine = { ...base, name: 'Indoor pool', address: 'Herengracht 5' };
    const found = differences(NAMES, base, theirs, mine);
    expect(found).toEqual([
      {
        name: 'name',
        base: 'Pool',
        theirs: 'Rooftop pool',
        mine: 'Indoor pool',
        changedBy: 'both',
      },
      { name: 'active', base: true, theirs: false, mine: true, changedBy: 'theirs' },
    ]);
    expect(merge(mine, found)).toEqual({ ...mine, active: false });
    expect(merge(mine, found, { name: 'theirs' })).toEqual({
      ...mine,
      name: 'Rooftop pool',
      active: false,
    });
  });

  it('lists and groups compare by content, empty values are one', () => {
    expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameValue({ a: 1, b: '' }, { b: undefined, a: 1 })).toBe(true);
    expect(sameValue(undefined, '')).toBe(true);
    expect(sameValue(null, [])).toBe(true);
    expect(sameValue(0, '')).toBe(false);
    expect(sameValue(false, undefined)).toBe(false);
    const theirs = { ...base, social: { instagram: 'ig', facebook: 'fb' } };
    const mine = { ...base, tags: ['swim', 'spa'], social: { facebook: 'fb', instagram: '' } };
    const found = differences(NAMES, base, theirs, mine);
    expect(found.map(({ name, changedBy }) => [name, changedBy])).toEqual([
      ['tags', 'mine'],
      ['social', 'theirs'],
    ]);
    expect(merge(mine, found)).toEqual({ ...theirs, tags: ['swim', 'spa'] });
  });

  it('a field the person never touched is theirs alone, even if the form holds it differently', () => {
    // A rich text editor rewrote the loaded HTML; the other person changed the text for real.
    const loaded = { ...base, description: '<p>Open all day</p>' };
    const theirs = { ...loaded, description: '<p>Closed on Mondays</p>' };
    const mine = { ...loaded, description: '<p>Open all day</p>\n', name: 'Indoor pool' };
    const found = differences(NAMES, loaded, theirs, mine, new Set(['name']));
    expect(found.map(({ name, changedBy }) => [name, changedBy])).toEqual([
      ['name', 'mine'],
      ['description', 'theirs'],
    ]);
    expect(merge(mine, found)).toEqual({ ...theirs, name: 'Indoor pool' });
    // Nobody changed it for real: no difference to show, the form keeps what it holds.
    expect(differences(NAMES, loaded, loaded, mine, new Set(['name']))).toEqual([
      { name: 'name', base: 'Pool', theirs: 'Pool', mine: 'Indoor pool', changedBy: 'mine' },
    ]);
  });

  it('nothing is lost: every value I typed is in the merge unless I picked theirs for it', () => {
    const theirs = { ...base, name: 'A', description: 'B', address: 'C' };
    const mine = { ...base, name: 'X', description: 'Y', active: false };
    const found = differences(NAMES, base, theirs, mine);
    const merged = merge(mine, found, { description: 'theirs' });
    expect(merged).toEqual({ ...base, name: 'X', description: 'B', address: 'C', active: false });
  });
});
