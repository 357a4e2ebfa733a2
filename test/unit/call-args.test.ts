import { describe, expect, it } from 'vitest';
import { parseCallArgs, wantsHelp } from '../../server/call/call-args.js';
import { UsageError } from '../../server/cli-args.js';

const usage = (argv: string[]) => {
  try {
    parseCallArgs(argv);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error('expected a usage error');
};

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
    expect(usage(['--method', 'a', '--bogus', '--', 'srv'])).toMatch(/unknown option --bogus/);
  });

  it('treats -h as help only before --', () => {
    expect(wantsHelp(['--method', 'a', '-h'])).toBe(true);
    expect(wantsHelp(['--method', 'a', '--', 'srv', '--help'])).toBe(false);
  });
});

describe('--fault with one preset, a list or all', () => {
  const stdioCmd = ['--', 'node', 'server.js'];
  it('takes one preset, a comma-separated list, or "all"', () => {
    expect(parseCallArgs(['--fault', 'null-id', ...stdioCmd]).mode).toEqual({ kind: 'fault', presetIds: ['null-id'] });
    expect(parseCallArgs(['--fault', 'null-id, http-put', '--url', 'http://127.0.0.1:1/mcp']).mode).toEqual({ kind: 'fault', presetIds: ['null-id', 'http-put'] });
    expect(parseCallArgs(['--fault', 'all', ...stdioCmd]).mode).toEqual({ kind: 'fault', presetIds: ['all'] });
  });

  it('names the unknown preset in a list', () => {
    expect(() => parseCallArgs(['--fault', 'null-id,nope', ...stdioCmd])).toThrow(/got "nope"/);
  });
});
