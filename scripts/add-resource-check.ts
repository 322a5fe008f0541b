// The README's "Adding a resource", followed by a machine (CI runs it: `npm run test:add-resource`).
// It declares a new resource that uses every field kind — owned, localized, orderable, with a
// reference and uploads — doing exactly the README's steps and nothing else (its migration file
// included), then runs the type check, lint on what it wrote, the unit tests, the contract tests (both stores) and the OpenAPI
// conformance tests with it in the registry. Whatever happens, it puts every file back as it found it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const NAME = 'concierge-tips';
const IDENT = 'conciergeTips';
const FILE = `src/resources/${IDENT}.ts`;
const REGISTRY = 'src/resources/index.ts';
const LOCALES = ['en', 'nl', 'de', 'fr', 'es'].map((lng) => `src/i18n/locales/${lng}.json`);
const DOCS = ['docs/api.md', 'docs/openapi.json'];
const MIGRATIONS = 'mock-server/migrations';
const MIGRATION_INDEX = [`${MIGRATIONS}/index.ts`, `${MIGRATIONS}/snapshot.ts`];
const NEW_MIGRATION = `-add-${NAME}.ts`;
/**
 * Not a README step: a use of its stored records' type, which the type check must accept only
 * if the records are typed from the declaration (an untyped record's fields are `unknown`).
 */
const TYPES_USE = 'mock-server/addResourceTypes.ts';
const TYPES_TEXT = `import type { Row } from './store/port';

// Written and removed by scripts/add-resource-check.ts.
export const typed = (tip: Row<'${NAME}'>): [string, number | undefined] => [tip.title, tip.rating];
`;

/** Step 1: the declaration, in src/resources/<name>.ts. */
const DECLARATION = `import { owner } from '../schema/access';
import {
  boolean,
  color,
  coordinates,
  date,
  dateTime,
  email,
  file,
  group,
  image,
  items,
  json,
  locale,
  locales,
  money,
  multiSelect,
  number,
  password,
  phone,
  reference,
  richText,
  select,
  slug,
  text,
  textarea,
  time,
  url,
} from '../schema/fields';
import { defineResource } from '../schema/resource';

export const ${IDENT} = defineResource({
  name: '${NAME}',
  route: '${NAME}',
  menu: { group: 'management', icon: 'file', items: ['list', 'create'] },
  owned: true,
  localized: true,
  orderable: true,
  access: owner(),
  labelField: 'title',
  timestamps: true,
  fields: {
    title: text({ required: true, translatable: true, list: { search: true } }),
    summary: textarea({ translatable: true, list: { none: true } }),
    body: richText({ translatable: true, list: { none: true } }),
    contact: email({ list: { hidden: true } }),
    website: url({ list: { hidden: true } }),
    phoneNumber: phone({ list: { hidden: true } }),
    handle: slug({ list: { hidden: true } }),
    passcode: password({ list: { none: true } }),
    rating: number({ min: 0, max: 5, integer: true }),
    price: money({ min: 0 }),
    active: boolean({ default: true, list: { filter: true } }),
    kind: select({ options: ['food', 'culture'], list: { filter: true } }),
    tags: multiSelect({ options: ['family', 'night'], list: { hidden: true } }),
    day: date({ list: { hidden: true } }),
    startsAt: dateTime({ list: { hidden: true } }),
    opensAt: time({ list: { hidden: true } }),
    accent: color({ list: { hidden: true } }),
    photo: image({ list: { hidden: true } }),
    brochure: file({ list: { hidden: true } }),
    categoryId: reference({
      resource: 'amenity-categories',
      labelField: 'name',
      sameOwner: true,
      match: ['locale'],
      list: { filter: true },
    }),
    spokenIn: locale({ list: { hidden: true } }),
    alsoIn: locales({ list: { hidden: true } }),
    spot: coordinates({ list: { none: true } }),
    steps: items({ of: { step: text({ required: true }) }, list: { none: true } }),
    styling: group({ of: { background: color(), font: select({ options: ['serif', 'sans'] }) } }),
    extra: json({ list: { none: true } }),
  },
});
`;

/** Step 3: its texts under resources.<name>, in each language. */
const TEXTS = {
  title: 'Concierge tips',
  singular: 'Concierge tip',
  menu: { title: 'Concierge tips', list: 'All tips', create: 'Add tip' },
  fields: {
    title: 'Title',
    summary: 'Summary',
    body: 'Body',
    contact: 'Contact',
    website: 'Website',
    phoneNumber: 'Phone number',
    handle: 'Handle',
    passcode: 'Passcode',
    rating: 'Rating',
    price: 'Price',
    active: 'Active',
    kind: 'Kind',
    tags: 'Tags',
    day: 'Day',
    startsAt: 'Starts at',
    opensAt: 'Opens at',
    accent: 'Accent',
    photo: 'Photo',
    brochure: 'Brochure',
    categoryId: 'Category',
    spokenIn: 'Spoken in',
    alsoIn: 'Also in',
    spot: 'Spot',
    steps: 'Steps',
    background: 'Background',
    font: 'Font',
    extra: 'Extra',
  },
  groups: { styling: 'Styling' },
  options: {
    kind: { food: 'Food', culture: 'Culture' },
    tags: { family: 'Family', night: 'Night' },
    font: { serif: 'Serif', sans: 'Sans' },
  },
};

const saved = new Map<string, string | undefined>();
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const write = (file: string, text: string) => {
  if (!saved.has(file)) {
    const full = path.join(root, file);
    saved.set(file, fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : undefined);
  }
  fs.writeFileSync(path.join(root, file), text);
};

/** Every file as it was: rewritten, or removed when the check created it. */
function restore(): void {
  for (const [file, text] of saved) {
    const full = path.join(root, file);
    if (text === undefined) fs.rmSync(full, { force: true });
    else fs.writeFileSync(full, text);
  }
  saved.clear();
}

function run(title: string, command: string, args: string[]): void {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (result.status !== 0) throw new Error(`${title} failed (${seconds} s)`);
  console.log(`✔ ${title} (${seconds} s)`);
}

/**
 * A server test file on one store; it must have run on the new resource itself (its tests named
 * `<prefix>…`, naming the resource): the contract tests, and the OpenAPI answers' conformance.
 */
function ownTests(project: 'server' | 'server-pg', title: string, file: string, prefix: string) {
  const report = path.join(os.tmpdir(), `add-resource-${process.pid}-${project}.json`);
  try {
    run(`${title} (${project})`, 'npx', [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      file,
    ]);
    const { testResults } = JSON.parse(fs.readFileSync(report, 'utf8')) as {
      testResults: { assertionResults: { fullName: string; status: string }[] }[];
    };
    const own = testResults
      .flatMap((result) => result.assertionResults)
      .filter((test) => test.fullName.startsWith(prefix));
    if (!own.length || own.some((test) => test.status !== 'passed')) {
      throw new Error(`${title} (${project}) did not run and pass on ${NAME}`);
    }
    console.log(`  ${own.length} ${title} ran on ${NAME}`);
  } finally {
    fs.rmSync(report, { force: true });
  }
}

const contract = (project: 'server' | 'server-pg') =>
  ownTests(project, 'contract tests', 'tests/server/contract.test.ts', `${NAME}:`);

/** Its OpenAPI: docs:api wrote its routes, and its real answers match their schemas. */
function openApi(): void {
  const paths = (JSON.parse(read('docs/openapi.json')) as { paths: Record<string, unknown> }).paths;
  for (const route of [`/${NAME}`, `/${NAME}/{id}`, `/${NAME}/sync`, `/${NAME}/reorder`]) {
    if (!paths[route]) throw new Error(`docs/openapi.json has no ${route}`);
  }
  ownTests(
    'server',
    'OpenAPI conformance tests',
    'tests/server/openapi.test.ts',
    `the answers of ${NAME} `,
  );
}

function addResource(): void {
  if (fs.existsSync(path.join(root, FILE))) throw new Error(`${FILE} exists already`);
  // 1. Declare it in src/resources/<name>.ts.
  write(FILE, DECLARATION);
  // 2. Add it to the registry in src/resources/index.ts.
  const registry = read(REGISTRY);
  // After the last import statement (an import may span lines: `import {\n  a,\n} from …;`).
  const withImport = registry.replace(
    /^(import [^;]*;\n)(?!import)/m,
    `$1import { ${IDENT} } from './${IDENT}';\n`,
  );
  const withEntry = withImport.replace(
    /(export const registry = \[\n[\s\S]*?)(\n\] as const;)/,
    `$1\n  ${IDENT},$2`,
  );
  if (withEntry === withImport || withImport === registry) {
    throw new Error(`${REGISTRY}: the registry's shape changed; update this check`);
  }
  write(REGISTRY, withEntry);
  // 3. Its texts under resources.<name> in the five locale files.
  for (const file of LOCALES) {
    const messages = JSON.parse(read(file)) as { resources: Record<string, unknown> };
    messages.resources[NAME] = TEXTS;
    write(file, `${JSON.stringify(messages, null, 2)}\n`);
  }
  // 4. npm run docs:api (docs/api.md's tables and docs/openapi.json).
  for (const file of DOCS) saved.set(file, read(file));
  run('docs:api', 'npm', ['run', '--silent', 'docs:api']);
  // 5. npm run db:migrate:new <name>: its migration file (both stores start with it).
  for (const file of MIGRATION_INDEX) saved.set(file, read(file));
  const before = new Set(fs.readdirSync(path.join(root, MIGRATIONS)));
  const written = () =>
    fs.readdirSync(path.join(root, MIGRATIONS)).filter((file) => !before.has(file));
  try {
    run('db:migrate:new', 'npm', ['run', '--silent', 'db:migrate:new', `add ${NAME}`]);
  } finally {
    for (const file of written()) saved.set(`${MIGRATIONS}/${file}`, undefined);
  }
  const [file, ...more] = written();
  if (!file || more.length || !file.endsWith(NEW_MIGRATION)) {
    throw new Error(
      `db:migrate:new wrote ${written().join(', ') || 'nothing'}, not *${NEW_MIGRATION}`,
    );
  }
  if (!read(`${MIGRATIONS}/${file}`).includes(`CREATE TABLE IF NOT EXISTS "${NAME}"`)) {
    throw new Error(`The migration ${file} does not create the table "${NAME}"`);
  }
}

const signals = ['SIGINT', 'SIGTERM'] as const;
for (const signal of signals) {
  process.on(signal, () => {
    restore();
    process.exit(130);
  });
}

// `--quick`: the declaration-driven unit tests and the JSON store's contract only (for a try-out).
const quick = process.argv.includes('--quick');
const started = Date.now();
let failed = false;
try {
  addResource();
  run('format the new declaration', 'npx', [
    'prettier',
    '--write',
    '--log-level',
    'warn',
    FILE,
    REGISTRY,
  ]);
  write(TYPES_USE, TYPES_TEXT);
  run('typecheck (its records typed from its declaration)', 'npm', [
    'run',
    '--silent',
    'typecheck',
  ]);
  run('lint what was added', 'npx', [
    'eslint',
    '--max-warnings',
    '0',
    FILE,
    REGISTRY,
    ...[...saved.keys()].filter((file) => file.startsWith(MIGRATIONS)),
  ]);
  run('docs are current', 'npm', ['run', '--silent', 'docs:check']);
  run('migrations are current', 'npm', ['run', '--silent', 'db:migrate:check']);
  run('unit tests', 'npx', [
    'vitest',
    'run',
    '--project',
    'unit',
    ...(quick ? ['tests/unit/engine.test.ts', 'tests/unit/i18n.test.ts'] : []),
  ]);
  contract('server');
  openApi();
  if (!quick) {
    contract('server-pg');
  }
} catch (error) {
  failed = true;
  console.error(`\n✘ ${(error as Error).message}`);
} finally {
  restore();
}
const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(
  failed
    ? `\nThe README's "Adding a resource" does not hold (${minutes} min); files restored.`
    : `\nA new resource (${NAME}) following the README got its migration file and passed typecheck, unit, contract and OpenAPI tests (${minutes} min); files restored.`,
);
process.exitCode = failed ? 1 : 0;
