import { existsSync, readFileSync } from 'node:fs';
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
