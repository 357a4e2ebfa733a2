// Turns a SQLite native addon that is missing or does not load into one error that names the cause and the fix.
// better-sqlite3 builds its addon (better_sqlite3.node) in its install script. Installed with scripts blocked
// (`--ignore-scripts`, a package manager that asks before running them) on a machine with no prebuilt binary to fetch,
// or after a failed compile, the addon is not there, and the first `new Database()` throws bindings' "Could not locate
// the bindings file" with a list of thirteen paths; an addon built for another Node or platform throws a dlopen error.
// Neither tells a user what to run. The store is opened in one place (recorder.ts, before any worker opens it), which
// wraps its open in withSqliteAddon(); cli.ts prints the message alone, without a stack, and exits 1. Commands that
// need no store (--help, --version, call, lint, check without --record) never load the addon and keep working.
// This module imports no better-sqlite3 itself, so cli.ts can know its error class without loading the package.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

export class SqliteAddonError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'SqliteAddonError';
  }
}

/** 'missing': no addon file was found; 'unloadable': one was, and the dynamic loader refused it. */
function failure(err: unknown): { kind: 'missing' | 'unloadable'; detail: string } | null {
  if (!(err instanceof Error)) return null;
  if (err.message.startsWith('Could not locate the bindings file')) return { kind: 'missing', detail: '' };
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ERR_DLOPEN_FAILED' && err.message.includes('better_sqlite3.node')) return { kind: 'unloadable', detail: err.message.split('\n').join(' ') };
  return null;
}

/** The folder to run `npm rebuild` in: the one whose node_modules holds better-sqlite3 (the package, npx's cache…). */
function installRoot(): string | null {
  try {
    // …/node_modules/better-sqlite3/lib/index.js → …
    return dirname(dirname(dirname(dirname(createRequire(import.meta.url).resolve('better-sqlite3')))));
  } catch {
    return null;
  }
}

function sqliteAddonMessage(kind: 'missing' | 'unloadable', detail: string, root: string | null): string {
  const node = `Node ${process.version} (${process.platform}-${process.arch}, ABI ${process.versions.modules})`;
  const cause =
    kind === 'missing'
      ? "better-sqlite3's native addon (better_sqlite3.node) is not built, so the session store cannot open.\n" +
        '  Its install script builds it; here it did not run (installed with --ignore-scripts, or with install scripts not allowed) or its build failed.'
      : `better-sqlite3's native addon does not load in ${node}, so the session store cannot open:\n  ${detail}\n` +
        '  It was built for another Node version or platform, or its build is broken.';
  const where = root === null ? '' : `cd ${JSON.stringify(root)} && `;
  return (
    `${cause}\n` +
    `  Fix: ${where}npm rebuild better-sqlite3\n` +
    `  That fetches a prebuilt addon for ${node}, or compiles one, which needs python3, make and a C++ compiler.\n` +
    '  Reinstalling mcpscope with install scripts allowed for better-sqlite3 does the same.'
  );
}

/** Runs `open` (a `new Database(…)`); a missing or unloadable addon comes out as a SqliteAddonError, anything else as it was. */
export function withSqliteAddon<T>(open: () => T): T {
  try {
    return open();
  } catch (err) {
    const f = failure(err);
    if (f === null) throw err;
    throw new SqliteAddonError(sqliteAddonMessage(f.kind, f.detail, installRoot()), { cause: err });
  }
}
