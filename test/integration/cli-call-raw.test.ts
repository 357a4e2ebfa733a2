// `mcpscope call --raw` tells the answer its frame calls for from the server's own traffic, against a real child process.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCallArgs } from '../../server/call/call-args.js';
import { CallSession } from '../../server/call/call-session.js';
import { runRaw } from '../../server/call/run-raw.js';
import { FIXTURES } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';

const server = (...flags: string[]) => ['--', process.execPath, join(FIXTURES, 'scripted-server.mjs'), ...flags];
const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const hello = {
  kind: 'notification',
  message: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'scripted-server started' } },
  unsolicited: true,
};

describe('mcpscope call --raw', () => {
  it('says "no reply" (exit 3) when only an unrelated start-up notification came, printed as unsolicited', async () => {
    const run = await runCli(['call', '--raw', 'this is not json', '--no-handshake', '--timeout', '1500', ...server('--hello', '--drop-unparseable')]);
    expect(run.code).toBe(3);
    expect(lines(run.stdout)).toEqual([{ seq: expect.any(Number), ...hello }]);
    expect(run.stderr).toMatch(/no reply within 1500 ms; 1 unsolicited message came meanwhile/);
  }, 30_000);

  it('reports the error with a null id that text which is not JSON calls for, apart from the unsolicited notification', async () => {
    const run = await runCli(['call', '--raw', 'this is not json', '--no-handshake', '--timeout', '10000', ...server('--hello')]);
    expect(run.code).toBe(0);
    expect(lines(run.stdout)).toEqual([
      { seq: expect.any(Number), ...hello },
      { seq: expect.any(Number), kind: 'error', message: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } } },
    ]);
  }, 30_000);

  // In a process of its own the CLI is still loading its code when a fast server speaks first (a loaded machine); here
  // the start-up notification has certainly arrived before the frame goes out, and is printed all the same.
  it('without a handshake prints what the server said before the frame went out, as unsolicited', async () => {
    const o = parseCallArgs(['--raw', 'this is not json', '--no-handshake', '--timeout', '10000', ...server('--hello')]);
    const session = new CallSession(o.target!, { timeoutMs: 10_000, cancelOnTimeout: false });
    const printed: unknown[] = [];
    try {
      await session.start();
      await expect.poll(() => session.frames.some((f) => f.text.includes('scripted-server started')), { timeout: 10_000 }).toBe(true);
      const code = await runRaw(
        session,
        { ...o, target: o.target!, mode: { kind: 'raw', text: 'this is not json' } },
        { json: () => undefined, line: (v) => printed.push(v), note: () => undefined },
      );
      expect(code).toBe(0);
    } finally {
      await session.close();
    }
    expect(printed).toEqual([
      { seq: expect.any(Number), ...hello },
      { seq: expect.any(Number), kind: 'error', message: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } } },
    ]);
  }, 30_000);

  it('takes an error bearing the id of an invalid request as its answer', async () => {
    const run = await runCli(['call', '--raw', '{"jsonrpc":"2.0","id":7}', '--timeout', '10000', ...server()]);
    expect(run.code).toBe(0);
    expect(lines(run.stdout)).toEqual([
      { seq: expect.any(Number), kind: 'error', message: expect.objectContaining({ id: 7, error: expect.objectContaining({ code: -32601 }) }) },
    ]);
  }, 30_000);

  it('expects nothing for a notification: exit 0 after collecting, whatever came', async () => {
    const run = await runCli(['call', '--raw', '{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}', '--timeout', '800', ...server()]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/notifications get no answer; collected what came within 800 ms/);
  }, 30_000);
});
