import { describe, expect, it } from 'vitest';
import { FIRST_LOADS, groupModules, loadedFiles, type GraphChunk } from '../../scripts/chunkGroups';

/** A chunk of the bundler's own graph, its size in bytes of code. */
const chunk = (file: string, modules: string[], imports: string[] = [], size = 50_000) => ({
  file,
  modules,
  imports,
  isEntry: file === 'index.js',
  size,
});

// A build as the bundler splits it: the entry, the shell shared by the dashboard's pages, a
// table shared by a list and a show page, the form engine, a small piece shared by a list and a
// form, a lazy part (dnd-kit) that no first load fetches, and a form's lazy reference choice
// whose library a list fetches at once.
const graph: GraphChunk[] = [
  chunk('index.js', ['src/main.tsx', 'node_modules/react/index.js']),
  chunk('LightLogin.js', FIRST_LOADS.login!, ['index.js']),
  chunk('App.js', ['src/App.tsx', 'src/shell/AppLayout.tsx'], ['index.js']),
  chunk('HomePage.js', ['src/features/home/HomePage.tsx'], ['App.js']),
  chunk('table.js', ['node_modules/antd/es/table/index.js'], ['App.js']),
  chunk('ResourceList.js', ['src/crud/ResourceList.tsx'], ['table.js', 'select.js', 'antd.js']),
  chunk('antd.js', ['node_modules/@refinedev/antd/dist/index.mjs'], ['App.js']),
  chunk('ReferenceOptions.js', ['src/crud/kinds/ReferenceOptions.tsx'], ['antd.js'], 2_000),
  chunk('ResourceShow.js', ['src/crud/ResourceShow.tsx'], ['table.js']),
  chunk('select.js', ['node_modules/antd/es/select/index.js'], ['App.js'], 3_000),
  chunk(
    'ResourceForm.js',
    ['src/crud/ResourceForm.tsx', 'src/crud/kinds/inputs.tsx', 'node_modules/rc-input/index.js'],
    ['select.js'],
  ),
  chunk(
    'ImageInput.js',
    ['src/crud/kinds/upload/ImageInput.tsx', 'src/features/amenities/PlaceSearch.tsx'],
    ['ResourceForm.js'],
  ),
  chunk('sortable.js', ['src/crud/sortable.tsx'], ['App.js']),
];

describe('chunk groups', () => {
  const groupOf = groupModules(graph, 'src/main.tsx');

  it('puts the chunks fetched by the same first loads into one group, named after them', () => {
    expect(groupOf.get('src/App.tsx')).toBe('home-list-form-edit-show');
    expect(groupOf.get('src/shell/AppLayout.tsx')).toBe('home-list-form-edit-show');
    expect(groupOf.get('node_modules/antd/es/table/index.js')).toBe('list-show');
    expect(groupOf.get('src/crud/ResourceList.tsx')).toBe('list');
    expect(groupOf.get('src/crud/ResourceForm.tsx')).toBe('form-edit');
    expect(groupOf.get('node_modules/rc-input/index.js')).toBe('form-edit');
  });

  it('keeps the entry module in the entry chunk and what it imports in a group of its own', () => {
    expect(groupOf.has('src/main.tsx')).toBe(false);
    expect(groupOf.get('node_modules/react/index.js')).toBe('login-home-list-form-edit-show');
  });

  it('merges a small group into the group fetched by the fewest first loads that covers it', () => {
    // select.js (3 kB) was fetched by a list and the forms: it joins the dashboard's shell,
    // the only group fetched wherever it is.
    expect(groupOf.get('node_modules/antd/es/select/index.js')).toBe('home-list-form-edit-show');
    expect(new Set(groupOf.values()).has('list-form-edit')).toBe(false);
  });

  it("groups a part's first use apart from the first load that fetches its code at once", () => {
    // A list fetches @refinedev/antd with its table; a form's reference input only on its first
    // approach, with the table left out. Groups a form fetches keep their names.
    expect(groupOf.get('node_modules/@refinedev/antd/dist/index.mjs')).toBe('list-reference');
    expect(groupOf.get('src/crud/kinds/ReferenceOptions.tsx')).toBe('list-reference');
    expect(groupOf.get('node_modules/antd/es/table/index.js')).toBe('list-show');
  });

  it('leaves what no first load fetches to the bundler (lazy parts keep their chunks)', () => {
    expect(groupOf.has('src/crud/sortable.tsx')).toBe(false);
  });

  it('follows a first load through the chunks it imports', () => {
    expect([...loadedFiles(graph, FIRST_LOADS.list!)].sort()).toEqual([
      'App.js',
      'ResourceList.js',
      'antd.js',
      'index.js',
      'select.js',
      'table.js',
    ]);
    expect(() => loadedFiles(graph, ['src/missing.tsx'])).toThrow(/not in the build/);
  });
});

describe('a small group that imports what others do not fetch', () => {
  // The show page's own code is small, but it imports the table that a list shares: merged into
  // the group that home fetches too, it would bring the table into home.
  const graph: GraphChunk[] = [
    chunk('index.js', ['src/main.tsx']),
    chunk('LightLogin.js', FIRST_LOADS.login!, ['index.js']),
    chunk('App.js', ['src/App.tsx', 'src/shell/AppLayout.tsx'], ['index.js']),
    chunk('home-show.js', ['node_modules/antd/es/descriptions/index.js'], ['App.js']),
    chunk('HomePage.js', ['src/features/home/HomePage.tsx'], ['home-show.js']),
    chunk('table.js', ['node_modules/antd/es/table/index.js'], ['App.js']),
    chunk('ResourceList.js', ['src/crud/ResourceList.tsx'], ['table.js']),
    chunk('ResourceShow.js', ['src/crud/ResourceShow.tsx'], ['table.js', 'home-show.js'], 3_000),
    chunk('ResourceForm.js', ['src/crud/ResourceForm.tsx', 'src/crud/kinds/inputs.tsx'], []),
    chunk('ReferenceOptions.js', ['src/crud/kinds/ReferenceOptions.tsx'], ['App.js'], 2_000),
    chunk(
      'ImageInput.js',
      ['src/crud/kinds/upload/ImageInput.tsx', 'src/features/amenities/PlaceSearch.tsx'],
      ['ResourceForm.js'],
    ),
  ];
  const groupOf = groupModules(graph, 'src/main.tsx');

  it('stays a chunk of its own', () => {
    expect(groupOf.get('src/crud/ResourceShow.tsx')).toBe('show');
    expect(groupOf.get('node_modules/antd/es/descriptions/index.js')).toBe('home-show');
    expect(groupOf.get('node_modules/antd/es/table/index.js')).toBe('list-show');
  });
});
