import { describe, expect, it } from 'vitest';
import { portableRecipe } from '../../../server/bundles/portable-recipe.js';

describe('portableRecipe', () => {
  it('writes paths under the directory the server ran in relative to it and keeps that directory aside', () => {
    const r = portableRecipe({ transport: 'stdio', command: '/repo/bin/server', args: ['--config', '/repo/conf/a.json', '/etc/hosts', 'plain'], env: { A: '1' }, cwd: '/repo' }, '/repo', '/opt/node/bin/node');
    expect(r.target).toEqual({ transport: 'stdio', command: 'bin/server', args: ['--config', 'conf/a.json', '/etc/hosts', 'plain'], env: { A: '1' } });
    expect(r.origin).toEqual({ cwd: '/repo', command: '/repo/bin/server', relativeArgs: [1], commandRelative: true });
  });

  it('keeps a command directly in the directory a path (./server), and turns the relay\'s own Node into node', () => {
    expect(portableRecipe({ transport: 'stdio', command: '/repo/server', args: [], env: {} }, '/repo', '/x/node').target).toMatchObject({ command: './server' });
    const node = portableRecipe({ transport: 'stdio', command: '/opt/node/bin/node', args: ['/repo/s.js'], env: {} }, '/repo', '/opt/node/bin/node');
    expect(node.target).toMatchObject({ command: 'node', args: ['s.js'] });
    expect(node.origin).toMatchObject({ commandRelative: false, relativeArgs: [0] });
  });

  it('leaves remote targets, and recipes whose directory is unknown, as they are', () => {
    const remote = { transport: 'http' as const, url: 'http://127.0.0.1:1/mcp', headers: {} };
    expect(portableRecipe(remote, '/repo')).toEqual({ target: remote, origin: null });
    const stdio = { transport: 'stdio' as const, command: 'node', args: ['/repo/s.js'], env: {} };
    expect(portableRecipe(stdio, null)).toEqual({ target: stdio, origin: null });
  });
});
