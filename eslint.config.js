// Lint rules, mostly to enforce the import boundaries: shared imports nothing of server or web and no runtime
// APIs; web never imports server; features do not import each other; server/'s rooms import only downward.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const nodeBuiltins = { group: ['node:*'], message: 'shared/ and web/ must not use Node APIs.' };

/**
 * server/'s rooms by line, top to bottom (docs/architecture.md, "server/ by job"): a room never imports one on a line
 * above its own (cli.ts, the entry, is above them all). Matched on an import's text as written, which climbs out of
 * its room to reach another (`../relay/hub.js`, `../../core/frame-factory.js`); `import()` is checked too.
 */
const SERVER_LINES = [
  ['commands'],
  ['relay'],
  ['core', 'call', 'check', 'collections', 'fuzz', 'tap', 'oauth', 'trust', 'replay', 'bundles', 'repro', 'model', 'traces'],
  ['store', 'transports', 'cli'],
];
const LAYOUT = 'docs/architecture.md, "server/ by job"';
const ENTRY = '^(\\.\\./)+cli\\.js$';
const into = (rooms) => `^(\\.\\./)+(${rooms.join('|')})/`;

/**
 * The rules for files of `rooms`: no import of `above` (nor of cli.ts), except a type-only one of `typesFrom` (erased
 * at build, so it loads nothing). Dynamic imports go through no-restricted-syntax, whose selectors cannot hold a `/`.
 */
function serverRooms(rooms, above, typesFrom = []) {
  const message = `server/${rooms.join(', ')} imports none of ${[...above, 'cli.ts'].join(', ')}: imports run one way (${LAYOUT}).`;
  const patterns = [{ regex: ENTRY, message }];
  if (above.length > 0) patterns.push({ regex: into(above), message });
  if (typesFrom.length > 0)
    patterns.push({ regex: into(typesFrom), message: `${message.slice(0, -1)} A type import of ${typesFrom.join(', ')} is allowed.`, allowTypeImports: true });
  const selectors = patterns.map(({ regex, message: m }) => ({ selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message: m }));
  return {
    files: rooms.map((room) => `server/${room}/**/*.ts`),
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }], 'no-restricted-syntax': ['error', ...selectors] },
  };
}

/** Each line's rooms, forbidden everything above; store/ and transports/ know nothing of each other either. */
const serverLayers = SERVER_LINES.flatMap((line, i) => {
  const above = SERVER_LINES.slice(0, i).flat();
  if (i !== 3) return [serverRooms(line, above)];
  // transports/remote-client.ts names the OAuth authorizer it is handed: a type, which loads nothing.
  return [
    serverRooms(['store'], [...above, 'transports']),
    serverRooms(['transports'], [...above.filter((r) => r !== 'oauth'), 'store'], ['oauth']),
    serverRooms(['cli'], above),
  ];
});

/** The floor (server/*.ts but the entry) imports no room at all: every room may use it. */
const floorMessage = `server/'s floor (errors.ts, package-root.ts, private-files.ts, url-host.ts) imports no room (${LAYOUT}).`;
const serverFloor = {
  files: ['server/*.ts'],
  ignores: ['server/cli.ts'],
  rules: {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex: '^\\./([^/]+/|cli\\.js$)', message: floorMessage }] }],
    'no-restricted-syntax': ['error', { selector: 'ImportExpression[source.value=/^\\.\\x2F([^\\x2F]+\\x2F|cli\\.js$)/]', message: floorMessage }],
  },
};

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
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setInterval: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        performance: 'readonly',
        fetch: 'readonly',
      },
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/web/**', '**/demo/**'], message: 'shared/ imports neither server/ nor web/.' },
            nodeBuiltins,
            { group: ['express', 'ws', 'better-sqlite3', 'react', 'react-dom', 'react/*'], message: 'shared/ stays free of runtime-specific packages.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**', '**/demo/**'], message: 'web/ never imports server/.' }, nodeBuiltins],
        },
      ],
    },
  },
  {
    files: ['web/features/**/*.ts', 'web/features/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/demo/**'], message: 'web/ never imports server/.' },
            nodeBuiltins,
            { regex: '^\\.\\./[^.]', message: 'features do not import each other; share through web/lib or compose in app.tsx.' },
            { regex: '^\\.\\./\\.\\./features/', message: 'features do not import each other; share through web/lib or compose in app.tsx.' },
          ],
        },
      ],
    },
  },
  // The two classic rules of hooks: a hook called conditionally is a bug (error); a missing effect dependency is a
  // stale value waiting to happen (error too: each exception says why in an eslint-disable comment).
  {
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...serverLayers,
  serverFloor,
);
