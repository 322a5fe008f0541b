import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIBRARY_STUBS } from '../../vite.config';

// The build swaps these library modules for the dashboard's own (vite.config.ts): an upgrade
// that moves or renames one would silently bring the original back, or break the build.
describe('library stubs', () => {
  const imports = LIBRARY_STUBS.flatMap(({ importers, source, stub }) =>
    importers.map((importer) => ({ importer, source, stub })),
  );
  it.each(imports)('$importer still imports $source', ({ importer, source, stub }) => {
    const file = `node_modules${importer.slice('/node_modules'.length)}`;
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`(from |require\\()['"]${source}['"]`));
    expect(existsSync(stub)).toBe(true);
  });

  it("antd's Radio.Group takes only toNamePathStr from the form hooks", () => {
    const group = readFileSync('node_modules/antd/es/radio/group.js', 'utf8');
    expect(group).toMatch(/import \{ toNamePathStr \} from '\.\.\/form\/hooks\/useForm';/);
    const real = readFileSync('node_modules/antd/es/form/hooks/useForm.js', 'utf8');
    expect(real).toMatch(
      /export function toNamePathStr\(name\) \{\n\s+const namePath = toArray\(name\);\n\s+return namePath\.join\('_'\);/,
    );
  });

  it('no table has a fixed or sticky header (the scrollbar stub measures nothing)', () => {
    const sources = readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => ({ file, text: readFileSync(join('src', file), 'utf8') }));
    expect(sources.length).toBeGreaterThan(50);
    const withHeader = sources.filter(({ text }) =>
      /<Table[\s\S]*?(\bsticky\b|scroll=\{\{[^}]*\by:)/.test(text),
    );
    expect(withHeader.map(({ file }) => file)).toEqual([]);
  });

  it("antd's filter dropdown exports what its stub does", () => {
    const real = readFileSync(
      'node_modules/antd/es/table/hooks/useFilter/FilterDropdown.js',
      'utf8',
    );
    expect(real.match(/^export .*$/gm)).toEqual([
      'export function flattenKeys(filters) {',
      'export default FilterDropdown;',
    ]);
  });
});
