import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

/** The dashboard's own code, which the server never imports. */
const DASHBOARD_ONLY = {
  group: ['**/src/crud/**', '**/src/features/**', '**/src/shell/**', '**/src/providers/**'],
  message: 'The server shares only src/schema and src/resources with the dashboard.',
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'outbox', 'test-results', 'playwright-report'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // No import cycles: a module's imports are initialised before it (a cycle makes one side see
    // `undefined` at load time, depending on which file is imported first).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'tsconfig.node.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Route factories and registries (field kinds' widgets, features): they list lazy components
    // for the rest of the app; fast refresh does not apply.
    files: [
      'src/crud/resourceRoutes.tsx',
      'src/crud/kinds/registry.tsx',
      'src/features/*/index.tsx',
    ],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  // Import directions (DESIGN §2): schema <- resources <- crud, features, the server; the shell
  // and the generic pages know no feature. Declarations stay free of React and of the server.
  {
    files: ['src/schema/**', 'src/resources/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'antd', '@refinedev/*', '@ant-design/*', 'express'],
              message: 'Declarations are pure TypeScript, shared by the dashboard and the API.',
            },
            {
              group: ['**/crud/**', '**/features/**', '**/shell/**', '**/providers/**'],
              message: 'schema and resources import nothing of the dashboard.',
            },
            { group: ['**/mock-server/**'], message: 'Declarations do not import the server.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/schema/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/resources', '**/resources/**'],
              message: 'schema is the vocabulary; the declarations (resources) build on it.',
            },
            {
              group: ['react', 'react-*', 'antd', '@refinedev/*', '@ant-design/*', 'express'],
              message: 'schema is pure TypeScript, shared by the dashboard and the API.',
            },
            {
              group: ['**/crud/**', '**/features/**', '**/shell/**', '**/providers/**'],
              message: 'schema imports nothing of the dashboard.',
            },
            { group: ['**/mock-server/**'], message: 'schema does not import the server.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/crud/**', 'src/shell/**', 'src/providers/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**'],
              message: 'Generic code knows no feature: features plug into it (see App.tsx).',
            },
            { group: ['**/mock-server/**'], message: 'The dashboard talks to the API over HTTP.' },
          ],
        },
      ],
    },
  },
  {
    // Providers sit below the shell: the shell uses them, never the other way round.
    files: ['src/providers/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**'],
              message: 'Generic code knows no feature: features plug into it (see App.tsx).',
            },
            { group: ['**/mock-server/**'], message: 'The dashboard talks to the API over HTTP.' },
            { group: ['**/shell/**'], message: 'Providers do not import the shell above them.' },
          ],
        },
      ],
    },
  },
  {
    files: ['mock-server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [DASHBOARD_ONLY],
        },
      ],
    },
  },
  {
    // A store speaks store errors and holds what it is given: the HTTP edge answers its errors
    // (http/errors answerFor), and the composition root (mock-server/backends.ts) brings it the
    // registry, the seed and the uploads.
    files: ['mock-server/store/**'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            DASHBOARD_ONLY,
            {
              group: [
                '**/http/**',
                '**/src/resources',
                '**/src/resources/**',
                '**/seed/**',
                '**/uploads/**',
              ],
              // The record types derive from the registry's declarations (types only).
              allowTypeImports: true,
              message:
                'A store knows no HTTP, no product registry, no seed and no uploads (see backends.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Records are typed from the declarations at the store (mock-server/store/port `Row`): a
    // double cast would hide a record that is not what its collection says.
    files: ['mock-server/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSAsExpression > TSUnknownKeyword',
          message: 'Type the record (store/port Row, RecordOf) instead of `as unknown as`.',
        },
      ],
    },
  },
  {
    // Server, tests and scripts are not React components.
    files: ['mock-server/**', 'tests/**', 'scripts/**', 'src/schema/**', 'src/resources/**'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
);
