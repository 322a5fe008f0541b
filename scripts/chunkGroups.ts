/**
 * Fewer, larger chunks for the screens a visit opens first (build plugin `chunkGroups`).
 *
 * Left to itself the bundler makes one chunk for each set of lazy modules that share code: a
 * list's first load was 105 files. Each file is compressed on its own and carries its own import
 * and export lines, so the same code cost ~8% more bytes than in one file, and a phone on a slow
 * link queues the requests.
 *
 * The plugin first builds the app as the bundler would (in memory, the same config), and reads
 * from that graph which of the FIRST_LOADS below fetch each chunk: its signature, e.g.
 * `list-form-edit`. The real build then puts the modules of all chunks with one signature into
 * one chunk named after it, and a small group into the nearest group that every one of its first
 * loads fetches too. A first load fetches the code it fetched before (and the few small groups
 * merged into its own), in a handful of files. Chunks that none of the FIRST_LOADS fetch
 * (dnd-kit, date pickers, the editor, Form.io, maps, locales…) are left as they were: lazy,
 * under their own names.
 *
 * The graph pass is what makes this exact: the module graph before tree-shaking says that a list
 * "needs" all of antd (through antd's index), so a group built from it would drag the date
 * pickers and the form engine into every list.
 */
import type { Plugin, UserConfig } from 'vite';

/** The dashboard's shell: every dashboard page loads it. */
export const DASHBOARD = ['src/App.tsx', 'src/shell/AppLayout.tsx'];
/** A form renders its fields at once: the inputs' chunk belongs to its first load. */
export const FORM = [...DASHBOARD, 'src/crud/ResourceForm.tsx', 'src/crud/kinds/inputs.tsx'];

/** The first loads the chunks are grouped for, with the modules each renders at once. */
export const FIRST_LOADS: Record<string, string[]> = {
  login: ['src/features/auth/light/LightLogin.tsx'],
  home: [...DASHBOARD, 'src/features/home/HomePage.tsx'],
  list: [...DASHBOARD, 'src/crud/ResourceList.tsx'],
  form: FORM,
  // The amenity form (the bench's edit page) renders a photo upload and the place search at once.
  edit: [...FORM, 'src/crud/kinds/upload/ImageInput.tsx', 'src/features/amenities/PlaceSearch.tsx'],
  show: [...DASHBOARD, 'src/crud/ResourceShow.tsx'],
};

/**
 * Parts a page fetches at their first use, not at its first load, whose code a first load
 * fetches at once: grouped apart from that load's own code, or the part would bring all of it.
 * `on`: the first load the part is used on; the part's use fetches all that load fetches, so a
 * group both fetch keeps the load's name.
 */
export const FIRST_USES: Record<string, { on: string; modules: string[] }> = {
  // A form's reference input, first approached: @refinedev/antd (one module, its useTable with
  // antd's form engine), which a list fetches at once with its table.
  reference: { on: 'form', modules: ['src/crud/kinds/ReferenceOptions.tsx'] },
};

/** A group smaller than this (bytes of minified code) joins the nearest group that covers it. */
const MIN_GROUP_SIZE = 24_000;

export interface GraphChunk {
  file: string;
  /** The chunks it imports statically: they load with it. */
  imports: string[];
  /** Its modules, relative to the project's root where they are in it. */
  modules: string[];
  isEntry: boolean;
  /** Bytes of minified code. */
  size: number;
}

export const CHUNK_GRAPH = '.vite/chunk-graph.json';

/** The files a first load of these modules fetches: the entry, their chunks and all they import. */
export function loadedFiles(graph: GraphChunk[], modules: string[]): Set<string> {
  const byFile = new Map(graph.map((chunk) => [chunk.file, chunk]));
  const files = new Set<string>();
  const collect = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    byFile.get(file)?.imports.forEach(collect);
  };
  collect(graph.find((chunk) => chunk.isEntry)!.file);
  for (const module of modules) {
    const chunk = graph.find((entry) => entry.modules.includes(module));
    if (!chunk) throw new Error(`${module} is not in the build`);
    collect(chunk.file);
  }
  return files;
}

interface Group {
  loads: Set<string>;
  size: number;
  modules: string[];
  /** The bundler's chunks it is made of. */
  files: string[];
}

/** Which group each module goes to, from the graph of a build without groups. */
export function groupModules(graph: GraphChunk[], entryModule: string): Map<string, string> {
  const fetchedBy = [
    ...Object.entries(FIRST_LOADS).map(
      ([load, modules]) => [load, loadedFiles(graph, modules)] as const,
    ),
    ...Object.entries(FIRST_USES).map(
      ([use, { on, modules }]) =>
        [use, loadedFiles(graph, [...FIRST_LOADS[on]!, ...modules])] as const,
    ),
  ];
  // A use is named only where it fetches more than the first load it is used on.
  const nameOf = (loads: string[]) =>
    loads.filter((load) => !FIRST_USES[load] || !loads.includes(FIRST_USES[load].on)).join('-');
  const groups = new Map<string, Group>();
  const groupOfFile = new Map<string, Group>();
  for (const chunk of graph) {
    const loads = fetchedBy.filter(([, files]) => files.has(chunk.file)).map(([load]) => load);
    if (loads.length === 0) continue;
    const name = nameOf(loads);
    const group = groups.get(name) ?? {
      loads: new Set(loads),
      size: 0,
      modules: [],
      files: [],
    };
    group.size += chunk.size;
    group.files.push(chunk.file);
    // The entry module stays the entry chunk; what it imports joins a group like any other.
    group.modules.push(...chunk.modules.filter((module) => module !== entryModule));
    groups.set(name, group);
    groupOfFile.set(chunk.file, group);
  }
  // Smallest first, each small group joins the group fetched by the fewest first loads among
  // those fetched wherever it is: a first load that fetches that group but did not fetch the
  // small one now fetches it too (a few kB at most), for one file less everywhere. Not when the
  // small group imports a group that some of those first loads do not fetch: they would fetch
  // that one too (a show page's code would bring a list's into home).
  const byFile = new Map(graph.map((chunk) => [chunk.file, chunk]));
  const covers = (outer: Group, inner: Group) =>
    outer !== inner && [...inner.loads].every((load) => outer.loads.has(load));
  const importsCoveredBy = (group: Group, target: Group) =>
    group.files.every((file) =>
      byFile.get(file)!.imports.every((imported) => {
        const other = groupOfFile.get(imported);
        return !other || other === group || other === target || covers(other, target);
      }),
    );
  // Until nothing more joins: a merge can open the way for another.
  for (let merged = true; merged;) {
    merged = false;
    for (const [name, group] of [...groups].sort(([, a], [, b]) => a.size - b.size)) {
      if (group.size >= MIN_GROUP_SIZE) continue;
      const target = [...groups.values()]
        .filter((other) => covers(other, group) && importsCoveredBy(group, other))
        .sort((a, b) => a.loads.size - b.loads.size || b.size - a.size)[0];
      if (!target) continue;
      target.size += group.size;
      target.modules.push(...group.modules);
      target.files.push(...group.files);
      for (const file of group.files) groupOfFile.set(file, target);
      groups.delete(name);
      merged = true;
    }
  }
  const groupOf = new Map<string, string>();
  for (const [name, group] of groups) for (const module of group.modules) groupOf.set(module, name);
  return groupOf;
}

/** The chunk graph of a build's output. */
function graphOf(output: { type: string; fileName: string }[], root: string): GraphChunk[] {
  const chunks: GraphChunk[] = [];
  for (const item of output) {
    if (item.type !== 'chunk') continue;
    const chunk = item as unknown as {
      fileName: string;
      imports: string[];
      moduleIds: string[];
      isEntry: boolean;
      code: string;
    };
    chunks.push({
      file: chunk.fileName,
      imports: chunk.imports,
      modules: chunk.moduleIds.map((id) => (id.startsWith(root) ? id.slice(root.length) : id)),
      isEntry: chunk.isEntry,
      size: chunk.code.length,
    });
  }
  return chunks;
}

/** Set while the plugin's own graph pass runs: that build makes no groups. */
const GRAPH_PASS = 'STAY_CHUNK_GRAPH_PASS';
export const isGraphPass = () => process.env[GRAPH_PASS] === '1';

/**
 * An inline script for index.html: on a dashboard page (not /auth/…) it preloads the shell's
 * chunks and those of the page a path names (a list, a form, a record, the overview at
 * /dashboard/app, the landing page): the entry would fetch
 * them only once it has been downloaded and run, a second round of requests on a slow link.
 */
export function preloadScript(graph: GraphChunk[], base: string): string {
  const entry = loadedFiles(graph, []);
  const shell = loadedFiles(graph, DASHBOARD);
  const own = (modules: string[]) =>
    [...loadedFiles(graph, modules)].filter((file) => !shell.has(file));
  const files = {
    shell: [...shell].filter((file) => !entry.has(file)),
    list: own(FIRST_LOADS.list!),
    form: own(FIRST_LOADS.form!),
    show: own(FIRST_LOADS.show!),
    home: own(FIRST_LOADS.home!),
  };
  const urls = Object.fromEntries(
    Object.entries(files).map(([page, list]) => [
      page,
      list.filter((file) => file.endsWith('.js')).map((file) => `${base}${file}`),
    ]),
  );
  const pageOf = { list: 'list', new: 'form', edit: 'form', show: 'show', app: 'home' };
  return (
    `(function(){var p=location.pathname,f=${JSON.stringify(urls)},k=${JSON.stringify(pageOf)};` +
    `if(p.indexOf('/auth')===0)return;var page=k[p.split('/').pop()];` +
    `f.shell.concat(page?f[page]:[]).forEach(function(h){var e=document.createElement('link');` +
    `e.rel='modulepreload';e.crossOrigin='';e.href=h;document.head.appendChild(e)})})();`
  );
}

export function chunkGroups(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'chunk-groups',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    async config(config, { mode }): Promise<UserConfig | undefined> {
      root = `${config.root ?? process.cwd()}/`;
      if (isGraphPass()) return undefined;
      const { build } = await import('vite');
      process.env[GRAPH_PASS] = '1';
      let result;
      try {
        result = await build({
          root: config.root,
          mode,
          logLevel: 'silent',
          build: { write: false, manifest: false },
        });
      } finally {
        delete process.env[GRAPH_PASS];
      }
      if (!('output' in result)) throw new Error('chunk groups: the graph pass gave no output');
      const groupOf = groupModules(graphOf(result.output, root), 'src/main.tsx');
      const names = [...new Set(groupOf.values())];
      const groups = names.map((name) => ({
        name,
        // Each group is exactly the modules it names: following their imports before
        // tree-shaking would pull in code that only lazy parts use.
        includeDependenciesRecursively: false,
        test: (id: string) =>
          groupOf.get(id.startsWith(root) ? id.slice(root.length) : id) === name,
      }));
      return { build: { rolldownOptions: { output: { codeSplitting: { groups } } } } };
    },
    // A dashboard page's chunks start downloading with the entry's, not after it has run.
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle || isGraphPass()) return undefined;
        return [
          {
            tag: 'script',
            children: preloadScript(graphOf(Object.values(bundle), root), base),
            injectTo: 'head',
          },
        ];
      },
    },
    // The graph of the real build, for `npm run bench`.
    generateBundle(_options, bundle) {
      const graph = graphOf(Object.values(bundle), root);
      this.emitFile({ type: 'asset', fileName: CHUNK_GRAPH, source: JSON.stringify(graph) });
    },
  };
}
