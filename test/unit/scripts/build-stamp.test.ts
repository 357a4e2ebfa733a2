// The build stamp `npm start` checks instead of walking the source trees: every way a source can change since the build
// (written in place, added, removed, a config created) makes its part stale, and nothing else does.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snapshot, staleParts, writeStamp, type Part } from '../../../scripts/build-stamp.mjs';

const ALL: Part[] = ['server', 'web', 'share'];
let root: string;

function put(rel: string, text = 'x'): void {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
}

/** A file's mtime set a minute on, as an editor's save would make it (no sleep for the clock to move). */
function edit(rel: string): void {
  const later = new Date(Date.now() + 60_000);
  writeFileSync(join(root, rel), 'changed');
  utimesSync(join(root, rel), later, later);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'mcpscope-stamp-'));
  for (const f of ['server/cli.ts', 'server/relay/hub.ts', 'shared/jsonrpc.ts', 'web/main.tsx', 'package.json', 'vite.config.ts']) put(f);
  for (const out of ['dist/bundle/cli.js', 'dist/web/index.html', 'dist/share/viewer.html']) put(out);
  writeStamp(snapshot(ALL, root), root);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build stamp', () => {
  it('finds a build current when nothing changed since it was stamped', () => {
    expect(staleParts(ALL, root)).toEqual([]);
  });

  it('makes a part stale when one of its files is written in place, and only the parts built from it', () => {
    edit('server/relay/hub.ts');
    expect(staleParts(ALL, root)).toEqual(['server']);
    edit('shared/jsonrpc.ts');
    expect(staleParts(ALL, root)).toEqual(ALL);
  });

  it('makes a part stale when a file is added to or removed from one of its folders', () => {
    const later = new Date(Date.now() + 60_000);
    put('web/new-panel.tsx');
    utimesSync(join(root, 'web'), later, later);
    expect(staleParts(ALL, root)).toEqual(['web', 'share']);
    writeStamp(snapshot(['web', 'share'], root), root);
    expect(staleParts(ALL, root)).toEqual([]);
    rmSync(join(root, 'server', 'cli.ts'));
    expect(staleParts(ALL, root)).toEqual(['server']);
  });

  it('makes a part stale when a source it names appears after the build, or its output is gone', () => {
    put('vite.share.config.ts');
    expect(staleParts(ALL, root)).toEqual(['share']);
    writeStamp(snapshot(['share'], root), root);
    rmSync(join(root, 'dist', 'web', 'index.html'));
    expect(staleParts(ALL, root)).toEqual(['web']);
  });

  it('takes a missing or unreadable stamp for a stale build', () => {
    const stamp = join(root, 'node_modules', '.cache', 'mcpscope-build', 'stamp.json');
    writeFileSync(stamp, '{"version":1,"parts":');
    expect(staleParts(ALL, root)).toEqual(ALL);
    rmSync(stamp);
    expect(staleParts(['server'], root)).toEqual(['server']);
  });
});
