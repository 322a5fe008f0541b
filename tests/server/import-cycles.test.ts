import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run lint` refuses import cycles (import-x/no-cycle) and imports from the providers up into
// the shell; the code base itself is proven by lint. These prove the rules bite, on files made
// for the purpose.
const root = path.resolve(import.meta.dirname, '../..');
const probe = path.join(root, 'src', `.cycle-probe-${process.pid}`);
const eslint = new ESLint({ cwd: root });

afterAll(() => fs.rmSync(probe, { recursive: true, force: true }));

describe('import rules', () => {
  it('refuses two modules that import each other', async () => {
    fs.mkdirSync(probe, { recursive: true });
    fs.writeFileSync(
      path.join(probe, 'a.ts'),
      "import { b } from './b';\nexport const a = (): number => b() + 1;\n",
    );
    fs.writeFileSync(
      path.join(probe, 'b.ts'),
      "import { a } from './a';\nexport const b = (): number => (a.length > 0 ? 1 : 0);\n",
    );
    fs.writeFileSync(path.join(probe, 'c.ts'), "import { a } from './a';\nexport const c = a;\n");
    const results = await eslint.lintFiles([path.join(probe, '*.ts')]);
    const cycles = Object.fromEntries(
      results.map((result) => [
        path.basename(result.filePath),
        result.messages.filter((message) => message.ruleId === 'import-x/no-cycle').length,
      ]),
    );
    expect(cycles).toEqual({ 'a.ts': 1, 'b.ts': 1, 'c.ts': 0 });
  });

  it('refuses an import from the providers up into the shell', async () => {
    const lint = async (file: string) =>
      (
        await eslint.lintText(
          "import { SIZES } from '../shell/theme';\nexport const s = SIZES;\n",
          {
            filePath: path.join(root, file),
          },
        )
      )[0].messages.map((message) => message.ruleId);
    expect(await lint('src/providers/probe.ts')).toContain('no-restricted-imports');
    expect(await lint('src/crud/probe.ts')).not.toContain('no-restricted-imports');
  });
});
