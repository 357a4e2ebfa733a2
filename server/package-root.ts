// Where the mcpscope package is on disk, found from this module whatever folder holds it: the relay runs from the
// bundle (dist/bundle/, one folder of chunks) and its sources compile to dist/server/ and its subfolders, so a fixed
// `../..` from import.meta.url would point elsewhere in each.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface PackageJson {
  name?: string;
  version?: string;
}

let found: { root: string; pkg: PackageJson } | null = null;

function locate(): { root: string; pkg: PackageJson } {
  if (found) return found;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
      if (pkg.name === 'mcpscope') return (found = { root: dir, pkg });
    } catch {
      // No package.json here (or not ours): look one folder up.
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`mcpscope: cannot find its package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
}

/** The package's folder (the one holding package.json, bin/ and dist/). */
export function packageRoot(): string {
  return locate().root;
}

/** The package's version from its package.json. */
export function packageVersion(): string {
  return locate().pkg.version ?? '0.0.0';
}
