// Lint is the mechanical guard for the process boundaries described in docs/ARCHITECTURE.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

// Every Node built-in, by bare name (and its subpaths, e.g. fs/promises) or with the node: prefix.
// A regex, not gitignore-style names, so a relative import such as './stream' is not caught.
const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const nodeBuiltins = `^(node:.*|(${builtinModules.map(escapeRegex).join('|')})(/.*)?)$`;

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'release/**',
      'node_modules/**',
      'test/e2e/artifacts/**',
      '*.config.mjs',
      '*.config.mts',
      '.dependency-cruiser.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.main.json', './tsconfig.renderer.json', './tsconfig.test.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['electron'], message: 'Only main/electron/ may import electron.' }],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: nodeBuiltins, message: 'shared/ is pure: no Node built-ins.' },
            { group: ['electron'], message: 'shared/ is pure: no electron.' },
            {
              group: ['**/main/**', '**/renderer/**'],
              message: 'shared/ must not import main/ or renderer/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: nodeBuiltins, message: 'The renderer runs in a browser: no Node built-ins.' },
            {
              group: ['electron'],
              message: 'The renderer talks to main only through renderer/api.',
            },
            { group: ['**/main/**'], message: 'renderer/ must not import main/; use shared/api.' },
          ],
        },
      ],
    },
  },
  {
    files: ['main/electron/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['main/**/*.ts', 'test/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // A shipped migration must keep meaning what it meant: a workspace migrated last year and
    // one created today have to end with the same schema. Migration 9 once imported its DDL
    // from main/retrieval, and a later change there reached new workspaces only (migration 20
    // repairs it). So a migration writes its SQL out and imports no project code: only its
    // Migration type, types (erased, they cannot change what runs) and node:crypto. The list
    // (index.ts) imports the migration files.
    files: ['main/db/migrations/**/*.ts'],
    ignores: ['main/db/migrations/index.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./migration$|node:crypto$)',
              allowTypeImports: true,
              message:
                'A migration holds its own SQL and imports no live code (eslint.config.mjs says why); write the DDL out in the migration.',
            },
          ],
        },
      ],
    },
  },
  {
    // A function a reader cannot hold in one screen hides its steps. Over 80 lines (blank lines
    // and comments not counted) a function is split, or says why it stays whole on the line
    // before it: `// eslint-disable-next-line max-lines-per-function -- <why>`. Tests are not
    // held to it: a describe block is a list of cases, not a procedure.
    files: ['main/**/*.ts', 'shared/**/*.ts', 'renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // Processes share a workspace: a DEFERRED transaction that reads before it writes fails at
    // once when another process commits in between. main/db/write-transaction.ts says why.
    files: ['main/**/*.ts'],
    ignores: ['main/db/write-transaction.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Open write transactions with writeTransaction (main/db/write-transaction.ts).',
        },
      ],
    },
  },
);
