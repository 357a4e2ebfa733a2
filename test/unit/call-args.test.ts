import { describe, expect, it } from 'vitest';
import { CALL_FLAGS, parseCallArgs } from '../../server/call/call-args.js';
import { wantsHelp } from '../../server/cli/flags.js';
import { usageMessage } from '../helpers/usage-message.js';

const usage = (argv: string[]) => usageMessage(() => parseCallArgs(argv));

describe('mcpscope call arguments', () => {
  it('reads a method, any JSON params and the command after --, leaving the command’s own flags alone', () => {
    const o = parseCallArgs(['--method', 'acme/x', '--params', '[1,"two"]', '--timeout=250', '--', 'node', 'server.js', '--method', 'no']);
    expect(o).toMatchObject({ mode: { kind: 'method', method: 'acme/x', params: [1, 'two'] }, timeoutMs: 250, handshake: true, era: undefined });
    expect(o.target).toEqual({ transport: 'stdio', command: 'node', args: ['server.js', '--method', 'no'], env: {} });
  });

  it('defaults a URL to auto for http and ws for ws, and takes headers with it', () => {
    expect(parseCallArgs(['--method', 'ping', '--url', 'http://127.0.0.1:3001/mcp', '--header', 'Authorization: Bearer t']).target).toEqual({
      transport: 'auto',
      url: 'http://127.0.0.1:3001/mcp',
      headers: { Authorization: 'Bearer t' },
    });
    expect(parseCallArgs(['--method', 'ping', '--url', 'ws://127.0.0.1:3001/']).target).toMatchObject({ transport: 'ws' });
  });

  it('takes raw text exactly, even when it is not JSON', () => {
    expect(parseCallArgs(['--raw', '{oops', '--no-handshake', '--', 'srv']).mode).toEqual({ kind: 'raw', text: '{oops' });
  });

  it('takes values that start with a dash as values, as the flag before them asks', () => {
    expect(parseCallArgs(['--method', 'm', '--params', '-1', '--', 'srv']).mode).toEqual({ kind: 'method', method: 'm', params: -1 });
    expect(parseCallArgs(['--raw', '--', '--', 'srv']).mode).toEqual({ kind: 'raw', text: '--' });
  });

  it('passes --http-timeout into the remote target and refuses --env with --url', () => {
    expect(parseCallArgs(['--method', 'ping', '--url', 'http://h/mcp', '--http-timeout', '500']).target).toMatchObject({ timeoutMs: 500 });
    expect(usage(['--method', 'a', '--url', 'http://h/mcp', '--env', 'A=1'])).toMatch(/--env, --env-file and --cwd go with a command/);
    expect(usage(['--method', 'a', '--http-timeout', '5', '--', 'srv'])).toMatch(/go with --url/);
  });

  it('makes --strict imply --lint', () => {
    expect(parseCallArgs(['--method', 'ping', '--strict', '--', 'srv'])).toMatchObject({ lint: true, strict: true });
  });

  it('names each usage error', () => {
    expect(usage(['--', 'srv'])).toMatch(/say what to send/);
    expect(usage(['--method', 'a', '--raw', 'b', '--', 'srv'])).toMatch(/--method and --raw exclude each other/);
    expect(usage(['--method', 'a', '--params', '{x', '--', 'srv'])).toMatch(/--params is not JSON/);
    expect(usage(['--method', 'a', '--timeout', '0', '--', 'srv'])).toMatch(/--timeout needs a whole number/);
    expect(usage(['--method', 'a', '--url', 'http://h/mcp', '--', 'srv'])).toMatch(/exclude each other/);
    expect(usage(['--method', 'a', '--transport', 'sse', '--', 'srv'])).toMatch(/go with --url/);
    expect(usage(['--method', 'a', '--url', 'ws://h/', '--transport', 'http'])).toMatch(/does not go with a ws URL/);
    expect(usage(['--method', 'a', '--bogus', '--', 'srv'])).toMatch(/unknown option '--bogus'/);
    expect(usage(['--method', 'a', '--era', 'future', '--', 'srv'])).toMatch(/--era must be one of legacy, modern, auto, got "future"/);
    expect(usage(['--method', 'a', '--protocol', ' ', '--', 'srv'])).toMatch(/--protocol needs a version/);
    expect(usage(['--method', 'a', '--progress=yes', '--', 'srv'])).toMatch(/--progress takes no value/);
    expect(usage(['--method', 'a', '--timeout'])).toMatch(/--timeout needs a value/);
    expect(usage(['--method', 'a', 'srv'])).toMatch(/unexpected argument "srv" \(put the server command after --\)/);
  });

  it('treats -h as help only before --', () => {
    expect(wantsHelp(['--method', 'a', '-h'], CALL_FLAGS)).toBe(true);
    expect(wantsHelp(['--method', 'a', '--', 'srv', '--help'], CALL_FLAGS)).toBe(false);
    // A value that looks like a flag belongs to the flag before it.
    expect(wantsHelp(['--raw', '--help', '--', 'srv'], CALL_FLAGS)).toBe(false);
    expect(wantsHelp(['--bogus', '--help'], CALL_FLAGS)).toBe(true);
  });
});

describe('--fault with one preset, a list or all', () => {
  const stdioCmd = ['--', 'node', 'server.js'];
  it('takes one preset, a comma-separated list, or "all"', () => {
    expect(parseCallArgs(['--fault', 'null-id', ...stdioCmd]).mode).toEqual({ kind: 'fault', presetIds: ['null-id'] });
    expect(parseCallArgs(['--fault', 'null-id, http-put', '--url', 'http://127.0.0.1:1/mcp']).mode).toEqual({
      kind: 'fault',
      presetIds: ['null-id', 'http-put'],
    });
    expect(parseCallArgs(['--fault', 'all', ...stdioCmd]).mode).toEqual({ kind: 'fault', presetIds: ['all'] });
  });

  it('names the unknown preset in a list', () => {
    expect(() => parseCallArgs(['--fault', 'null-id,nope', ...stdioCmd])).toThrow(/got "nope"/);
  });
});

describe('mcpscope call scripted answers', () => {
  it('takes an answers file and a capability list, each word once', () => {
    const o = parseCallArgs(['--method', 'ping', '--answers', 'a.json', '--capabilities', 'roots, elicitation,roots', '--', 'node', 's.js']);
    expect(o).toMatchObject({ answers: 'a.json', capabilities: ['roots', 'elicitation'] });
    expect(parseCallArgs(['--method', 'ping', '--', 'node'])).toMatchObject({ answers: null, capabilities: null });
  });

  it('names a capability it does not know', () => {
    expect(usageMessage(() => parseCallArgs(['--method', 'ping', '--capabilities', 'sampling,telepathy', '--', 'node']))).toBe(
      '--capabilities takes a comma-separated list of sampling, elicitation, roots, tasks, got "telepathy"',
    );
  });
});
