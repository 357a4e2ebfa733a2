// The oracles' reading of a server's stderr: a stack trace is told from a log line, and the signature keeps the
// error's class (not its message, which may quote the input), for Node and for other runtimes.
import { describe, expect, it } from 'vitest';
import { errorName, hasStackTrace } from '../../../server/fuzz/fuzz-oracles.js';
import { searchSeed } from '../../../server/fuzz/fuzz-context.js';
import { parseFuzzArgs } from '../../../server/fuzz/fuzz-args.js';

const NODE_TRACE = [
  '/srv/server.mjs:40',
  '    if (a.query.length >= 40) throw new RangeError(`lookup buffer overflow`);',
  '                                    ^',
  '',
  'RangeError: lookup buffer overflow at 41 characters',
  '    at callTool (file:///srv/server.mjs:40:41)',
  '    at Socket.<anonymous> (file:///srv/server.mjs:98:5)',
].join('\n');

describe('fuzz oracles', () => {
  it('reads a Node stack trace and names its error by the line that starts with it', () => {
    expect(hasStackTrace(NODE_TRACE)).toBe(true);
    expect(errorName(NODE_TRACE)).toBe('RangeError');
  });

  it('knows Python and Go traces, and leaves a plain log line alone', () => {
    const python = 'Traceback (most recent call last):\n  File "s.py", line 3, in <module>\nKeyError: \'x\'';
    expect(hasStackTrace(python)).toBe(true);
    expect(errorName(python)).toBe('KeyError');
    expect(hasStackTrace('goroutine 1 [running]:\nmain.main()')).toBe(true);
    expect(hasStackTrace('listening at port 3000\nready: 5 tools')).toBe(false);
  });

  it('each search of a campaign has a seed of its own, the same for the same campaign', () => {
    expect(searchSeed(7, 'lookup', 0)).toBe(searchSeed(7, 'lookup', 0));
    expect(new Set([searchSeed(7, 'lookup', 0), searchSeed(7, 'lookup', 1), searchSeed(7, 'greet', 0), searchSeed(8, 'lookup', 0)]).size).toBe(4);
  });

  it('parses the flags the issue names, with a random seed when none is given', () => {
    const o = parseFuzzArgs(['--tools', 'a,b', '--time', '90s', '--seed', '5', '--mode', 'both', '--allow-tools', 'all', '--', 'node', 's.js'], () => 0.5);
    expect(o).toMatchObject({
      tools: ['a', 'b'],
      timeMs: 90_000,
      runs: null,
      seed: 5,
      seedGiven: true,
      mode: 'both',
      allowTools: 'all',
      target: { transport: 'stdio', command: 'node', args: ['s.js'] },
    });
    expect(parseFuzzArgs(['--', 'node'], () => 0.5)).toMatchObject({ runs: 300, seed: 2 ** 30, seedGiven: false, mode: 'args', tools: null, allowTools: null });
    expect(() => parseFuzzArgs(['--time', 'soon', '--', 'node'])).toThrow(/--time takes a duration such as 60s/);
  });
});
