// A merge that left its conflict markers in a file the type checker never reads (the docs, a fixture, a script) would
// otherwise land unnoticed: every tracked text file is read for them.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const TEXT = /\.(md|ts|tsx|js|mjs|cjs|json|css|html|sh|ya?ml)$/;
const MARKER = /^(<{7}|>{7})( |$)|^={7}$/m;

describe('the tracked files', () => {
  it('hold no merge-conflict markers', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => TEXT.test(f));
    expect(files.length).toBeGreaterThan(100);
    const marked = files.filter((f) => MARKER.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(marked).toEqual([]);
  });
});
