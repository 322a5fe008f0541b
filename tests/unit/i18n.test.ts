import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/schema/locales';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[prefix + key, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );

const files = import.meta.glob<Tree>('../../src/i18n/locales/*.json', {
  eager: true,
  import: 'default',
});
const catalogues: Record<string, Record<string, string>> = Object.fromEntries(
  Object.entries(files).map(([path, tree]) => [
    path.replace(/^.*\/(\w+)\.json$/, '$1'),
    flatten(tree),
  ]),
);

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('has a catalogue for every language of the product', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LOCALES].sort());
  });

  const allKeys = [...new Set(Object.values(catalogues).flatMap((c) => Object.keys(c)))].sort();

  it.each(LOCALES)('%s has every key another language has, none empty', (lng) => {
    const catalogue = catalogues[lng] ?? {};
    expect(allKeys.filter((key) => !(key in catalogue))).toEqual([]);
    expect(Object.entries(catalogue).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it.each(LOCALES.filter((lng) => lng !== 'en'))('%s keeps the placeholders of English', (lng) => {
    const mismatched = Object.entries(catalogues.en!).filter(
      ([key, text]) =>
        JSON.stringify(placeholders(text)) !==
        JSON.stringify(placeholders(catalogues[lng]?.[key] ?? '')),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });
});
