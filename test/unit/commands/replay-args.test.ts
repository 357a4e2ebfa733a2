import { describe, expect, it } from 'vitest';
import { USAGE, parseReplayArgs } from '../../../server/commands/replay-args.js';
import { usageMessage } from '../../helpers/usage-message.js';

const usage = (argv: string[]) => usageMessage(() => parseReplayArgs(argv));

describe('mcpscope replay arguments', () => {
  it('reads the bundle, a command after -- and the diff options', () => {
    const a = parseReplayArgs(['b.json', '--compare', 'ids, cursors', '--ignore', 'result.x', '--ignore', 'a.*.b', '--stderr', '--', 'node', 's.js', '--json']);
    expect(a).toMatchObject({ bundle: 'b.json', command: ['node', 's.js', '--json'], json: false, timeoutMs: 10_000, url: null, transport: null });
    expect(a.diff).toEqual({ includeStderr: true, ignorePaths: ['result.x', 'a.*.b'], ignoreIds: false, ignoreCursors: false });
  });

  it('takes a remote server with its transport, headers and timeout', () => {
    const a = parseReplayArgs(['b.json', '--url', 'ws://127.0.0.1:1/ws', '--header', 'Authorization: Bearer t', '--http-timeout', '900']);
    expect(a).toMatchObject({ url: 'ws://127.0.0.1:1/ws', transport: 'ws', headers: { Authorization: 'Bearer t' }, httpTimeoutMs: 900 });
    expect(parseReplayArgs(['b.json', '--url', 'http://h/mcp']).transport).toBe('auto');
  });

  it('takes the recipe confirmation and where confirmations are kept', () => {
    expect(parseReplayArgs(['b.json', '-y', '--data-dir', '/d'])).toMatchObject({ yes: true, dataDir: '/d' });
    expect(parseReplayArgs(['b.json'])).toMatchObject({ yes: false, dataDir: null });
  });

  it('lets --env and --header supply redacted secrets to the bundle’s own recipe', () => {
    expect(parseReplayArgs(['b.json', '--env', 'API_KEY=k', '--header', 'X-Key: v', '--cwd', '/w'])).toMatchObject({
      env: { API_KEY: 'k' },
      headers: { 'X-Key': 'v' },
      cwd: '/w',
    });
  });

  it('names each usage error', () => {
    expect(usage([])).toBe('expected one bundle file');
    expect(usage(['a.json', 'b.json'])).toBe('unexpected argument "b.json"');
    expect(usage(['b.json', '--url', 'http://h/', '--', 'node'])).toMatch(/exclude each other/);
    expect(usage(['b.json', '--'])).toBe('no command after --');
    expect(usage(['b.json', '--transport', 'sse'])).toMatch(/go with --url/);
    expect(usage(['b.json', '--url', 'http://h/', '--transport', 'carrier-pigeon'])).toMatch(/--transport must be one of auto, http, sse, ws, http-2026/);
    expect(usage(['b.json', '--protocol', '1999-01-01'])).toMatch(/--protocol must be one of/);
    expect(usage(['b.json', '--timeout', '50'])).toMatch(/--timeout needs a whole number of milliseconds from 100/);
    expect(usage(['b.json', '--compare', 'ids,colour'])).toBe('--compare takes ids, timestamps, session-ids, cursors; got "colour"');
  });

  it('asks for help without a bundle, and lists every flag in its usage', () => {
    expect(parseReplayArgs(['--help']).help).toBe(true);
    for (const flag of [
      '--url',
      '--transport',
      '--header',
      '--http-timeout',
      '--env',
      '--cwd',
      '--protocol',
      '--preserve-pacing',
      '--fresh-ids',
      '--compare',
      '--ignore',
      '--stderr',
      '--timeout',
      '--json',
      '-y, --yes',
      '--data-dir',
      '--help',
    ]) {
      expect(USAGE).toContain(flag);
    }
  });
});
