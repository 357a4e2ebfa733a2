import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { portableRecipe } from '../../../server/bundles/portable-recipe.js';
import { resolveRecipe } from '../../../server/replay/recipe-resolver.js';
import type { StdioTarget } from '../../../shared/relay-protocol.js';

describe('portableRecipe', () => {
  it('writes paths under the directory the server ran in relative to it and keeps that directory aside', () => {
    const r = portableRecipe(
      { transport: 'stdio', command: '/repo/bin/server', args: ['--config', '/repo/conf/a.json', '/etc/hosts', 'plain'], env: { A: '1' }, cwd: '/repo' },
      '/repo',
      '/opt/node/bin/node',
    );
    expect(r.target).toEqual({ transport: 'stdio', command: 'bin/server', args: ['--config', 'conf/a.json', '/etc/hosts', 'plain'], env: { A: '1' } });
    expect(r.origin).toEqual({ cwd: '/repo', command: '/repo/bin/server', relativeArgs: [1], commandRelative: true });
  });

  it("keeps a command directly in the directory a path (./server), and turns the relay's own Node into node", () => {
    expect(portableRecipe({ transport: 'stdio', command: '/repo/server', args: [], env: {} }, '/repo', '/x/node').target).toMatchObject({
      command: './server',
    });
    const node = portableRecipe({ transport: 'stdio', command: '/opt/node/bin/node', args: ['/repo/s.js'], env: {} }, '/repo', '/opt/node/bin/node');
    expect(node.target).toMatchObject({ command: 'node', args: ['s.js'] });
    expect(node.origin).toMatchObject({ commandRelative: false, relativeArgs: [0] });
  });

  it('also makes the path in a --flag=/abs/path argument relative, and replay finds it there', () => {
    const r = portableRecipe(
      { transport: 'stdio', command: 'node', args: ['/repo/s.js', '--config=/repo/conf/a.json', '--out=/tmp/x', '-c=/repo/b'], env: {} },
      '/repo',
      '/x/node',
    );
    expect(r.target).toMatchObject({ args: ['s.js', '--config=conf/a.json', '--out=/tmp/x', '-c=b'] });
    expect(r.origin).toMatchObject({ relativeArgs: [0, 1, 3] });

    const dir = mkdtempSync(join(tmpdir(), 'recipe-'));
    mkdirSync(join(dir, 'conf'));
    writeFileSync(join(dir, 's.js'), '');
    writeFileSync(join(dir, 'conf', 'a.json'), '{}');
    writeFileSync(join(dir, 'b'), '');
    const resolved = resolveRecipe(r.target as StdioTarget, r.origin!, dir);
    expect(resolved.target).toMatchObject({ command: 'node', args: ['s.js', '--config=conf/a.json', '--out=/tmp/x', '-c=b'], cwd: dir });
    rmSync(join(dir, 'conf', 'a.json'));
    expect(() => resolveRecipe(r.target as StdioTarget, r.origin!, dir)).toThrow(/cannot find --config=conf\/a\.json.*argument 2/);
    rmSync(dir, { recursive: true });
  });

  it('leaves remote targets, and recipes whose directory is unknown, as they are', () => {
    const remote = { transport: 'http' as const, url: 'http://127.0.0.1:1/mcp', headers: {} };
    expect(portableRecipe(remote, '/repo')).toEqual({ target: remote, origin: null });
    const stdio = { transport: 'stdio' as const, command: 'node', args: ['/repo/s.js'], env: {} };
    expect(portableRecipe(stdio, null)).toEqual({ target: stdio, origin: null });
  });
});
