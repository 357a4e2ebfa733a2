// Lint rules, mostly to enforce the import boundaries: shared imports nothing of server or web and no runtime
// APIs; web never imports server; features do not import each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltins = { group: ['node:*'], message: 'shared/ and web/ must not use Node APIs.' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'bench/out/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', setInterval: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly', URLSearchParams: 'readonly', performance: 'readonly', fetch: 'readonly' } },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/server/**', '**/web/**', '**/demo/**'], message: 'shared/ imports neither server/ nor web/.' },
          nodeBuiltins,
          { group: ['express', 'ws', 'better-sqlite3', 'react', 'react-dom', 'react/*'], message: 'shared/ stays free of runtime-specific packages.' },
        ],
      }],
    },
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/server/**', '**/demo/**'], message: 'web/ never imports server/.' },
          nodeBuiltins,
        ],
      }],
    },
  },
  {
    files: ['web/features/**/*.ts', 'web/features/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/server/**', '**/demo/**'], message: 'web/ never imports server/.' },
          nodeBuiltins,
          { regex: '^\\.\\./[^.]', message: 'features do not import each other; share through web/lib or compose in app.tsx.' },
          { regex: '^\\.\\./\\.\\./features/', message: 'features do not import each other; share through web/lib or compose in app.tsx.' },
        ],
      }],
    },
  },
);
