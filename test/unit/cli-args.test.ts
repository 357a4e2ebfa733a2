import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, USAGE, UsageError, isLoopback, parseCliArgs } from '../../server/cli/cli-args.js';

const env = { HOME: '/home/u', XDG_DATA_HOME: '/xdg' };

describe('parseCliArgs', () => {
  it('defaults to a fixed port on 127.0.0.1 with a browser and no token', () => {
    const o = parseCliArgs([], env);
    expect(o).toMatchObject({ port: DEFAULT_PORT, host: '127.0.0.1', open: true, token: null, command: [], dataDir: '/xdg/mcpscope' });
  });

  it('takes the server command after --, untouched', () => {
    const o = parseCliArgs(['--port', '0', '--no-open', '--', 'node', 'server.js', '--port', '3'], env);
    expect(o.port).toBe(0);
    expect(o.open).toBe(false);
    expect(o.command).toEqual(['node', 'server.js', '--port', '3']);
  });

  it('reads the token from MCPSCOPE_TOKEN, and --token wins over it', () => {
    expect(parseCliArgs([], { ...env, MCPSCOPE_TOKEN: 'from-env-0123456789' }).token).toBe('from-env-0123456789');
    expect(parseCliArgs(['--token=from-flag-0123456789'], { ...env, MCPSCOPE_TOKEN: 'from-env-0123456789' }).token).toBe('from-flag-0123456789');
  });

  it('refuses a non-loopback host without --allow-remote', () => {
    expect(() => parseCliArgs(['--host', '0.0.0.0'], env)).toThrow(UsageError);
    expect(parseCliArgs(['--host', '0.0.0.0', '--allow-remote'], env).host).toBe('0.0.0.0');
    expect(parseCliArgs(['--host', 'localhost'], env).host).toBe('localhost');
  });

  it('reports bad values and unknown options as usage errors', () => {
    expect(() => parseCliArgs(['--port', 'abc'], env)).toThrow(/--port/);
    expect(() => parseCliArgs(['--port'], env)).toThrow(/needs a value/);
    expect(() => parseCliArgs(['--frobnicate'], env)).toThrow(/unknown option/);
    expect(() => parseCliArgs(['node'], env)).toThrow(/after --/);
    expect(() => parseCliArgs(['--protocol', '1999-01-01'], env)).toThrow(/--protocol/);
    expect(() => parseCliArgs(['--token', 'short'], env)).toThrow(/16/);
    expect(() => parseCliArgs(['--env', 'NOEQUALS'], env)).toThrow(/KEY=VALUE/);
  });

  it('answers -h and -v without checking the rest, even a token too short', () => {
    expect(parseCliArgs(['--port', 'x', '-h'], { ...env, MCPSCOPE_TOKEN: 'short' })).toMatchObject({ help: true, version: false });
    expect(parseCliArgs(['-v'], env)).toMatchObject({ help: false, version: true });
    expect(parseCliArgs(['--', 'srv', '--help'], env)).toMatchObject({ help: false, command: ['srv', '--help'] });
  });

  it('bounds --max-line-bytes and keeps --demo apart from a command', () => {
    expect(parseCliArgs(['--max-line-bytes', '1024'], env).maxLineBytes).toBe(1024);
    expect(() => parseCliArgs(['--max-line-bytes', '1023'], env)).toThrow('--max-line-bytes needs a whole number from 1024 to 2147483647, got "1023"');
    expect(() => parseCliArgs(['--demo', '--', 'node', 's.js'], env)).toThrow(/--demo and a command after -- exclude each other/);
    expect(() => parseCliArgs(['--no-open=yes'], env)).toThrow('--no-open takes no value');
  });

  it('lists every flag in its usage', () => {
    for (const flag of [
      '--port',
      '--host',
      '--allow-remote',
      '--token',
      '--data-dir',
      '--no-open',
      '--demo',
      '--protocol',
      '--max-line-bytes',
      '--env',
      '--cwd',
      '--url',
      '--transport',
      '--header',
      '--http-timeout',
      '-h, --help',
      '-v, --version',
    ]) {
      expect(USAGE).toContain(flag);
    }
    expect(USAGE).toContain('mcpscope help [command]');
  });

  it('collects --env pairs and --cwd for the server command', () => {
    const o = parseCliArgs(['--env', 'A=1', '--env', 'B=x=y', '--cwd', '/tmp'], env);
    expect(o.env).toEqual({ A: '1', B: 'x=y' });
    expect(o.cwd).toBe('/tmp');
  });
});

describe('parseCliArgs for remote servers', () => {
  it('takes --url with auto detection by default, and ws for a ws:// URL', () => {
    expect(parseCliArgs(['--url', 'http://127.0.0.1:3001/mcp'], env)).toMatchObject({ url: 'http://127.0.0.1:3001/mcp', transport: 'auto', headers: {} });
    expect(parseCliArgs(['--url=ws://127.0.0.1:3001/ws'], env).transport).toBe('ws');
  });

  it('pins the transport with --transport', () => {
    for (const t of ['http', 'sse', 'auto'] as const) expect(parseCliArgs(['--url', 'http://127.0.0.1:1/x', '--transport', t], env).transport).toBe(t);
  });

  it('collects --header pairs, splitting at the first colon and trimming', () => {
    const o = parseCliArgs(['--url', 'https://mcp.example.com/mcp', '--header', 'Authorization: Bearer a:b', '--header', 'X-Trace:1'], env);
    expect(o.headers).toEqual({ Authorization: 'Bearer a:b', 'X-Trace': '1' });
  });

  it('refuses remote options that do not fit together', () => {
    expect(() => parseCliArgs(['--url', 'not a url'], env)).toThrow(/absolute URL/);
    expect(() => parseCliArgs(['--url', 'file:///etc/passwd'], env)).toThrow(/http/);
    expect(() => parseCliArgs(['--url', 'http://h/', '--transport', 'carrier-pigeon'], env)).toThrow(/--transport must be/);
    expect(() => parseCliArgs(['--url', 'http://h/', '--transport', 'ws'], env)).toThrow(/does not go with/);
    expect(() => parseCliArgs(['--url', 'ws://h/', '--transport', 'sse'], env)).toThrow(/does not go with/);
    expect(() => parseCliArgs(['--url', 'http://h/', '--header', 'no colon here'], env)).toThrow(/Name: value/);
    expect(() => parseCliArgs(['--header', 'A: b'], env)).toThrow(/go with --url/);
    expect(() => parseCliArgs(['--url', 'http://h/', '--', 'node', 's.js'], env)).toThrow(/exclude/);
    expect(() => parseCliArgs(['--url', 'http://h/', '--demo'], env)).toThrow(/exclude/);
    expect(() => parseCliArgs(['--http-timeout', '100'], env)).toThrow(/go with --url/);
    expect(parseCliArgs(['--url', 'http://h/', '--http-timeout', '100'], env).httpTimeoutMs).toBe(100);
  });
});

describe('parseCliArgs for a server from a config file', () => {
  it('takes --config, --server, --input pairs, --env and --cwd, and names no command or URL', () => {
    const o = parseCliArgs(['--config', '.vscode/mcp.json', '--server', 'gh', '--input', 'tok=a=b', '--env', 'X=1', '--cwd', '/srv']);
    expect(o).toMatchObject({
      config: { file: '.vscode/mcp.json', server: 'gh', inputs: { tok: 'a=b' }, env: { X: '1' }, cwd: '/srv' },
      command: [],
      url: null,
    });
    expect(parseCliArgs([]).config).toBeNull();
  });

  it('keeps --config apart from --url, --demo and a command, and --server and --input with it', () => {
    expect(() => parseCliArgs(['--config', 'c.json', '--url', 'http://127.0.0.1:1/mcp'])).toThrow('--config and --url exclude each other');
    expect(() => parseCliArgs(['--config', 'c.json', '--demo'])).toThrow('--config and --demo exclude each other');
    expect(() => parseCliArgs(['--config', 'c.json', '--', 'node', 's.js'])).toThrow('--config and a command after -- exclude each other');
    expect(() => parseCliArgs(['--server', 'gh'])).toThrow('--server and --input go with --config');
  });
});

describe('isLoopback', () => {
  it('knows the loopback names', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) expect(isLoopback(h)).toBe(true);
    for (const h of ['0.0.0.0', '192.168.0.1', '::', 'example.com']) expect(isLoopback(h)).toBe(false);
  });
});
