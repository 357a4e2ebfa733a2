// The 2026-07-28 request headers, and the --http-timeout / http-2026 flags that reach them.
import { describe, expect, it } from 'vitest';
import { parseCallArgs } from '../../server/call/call-args.js';
import { parseCliArgs } from '../../server/cli/cli-args.js';
import { ToolHeaderCatalog, headerDeclarations, headerValue, readOutgoing } from '../../server/transports/modern-headers.js';

const env = { HOME: '/home/u', XDG_DATA_HOME: '/xdg' };
const msg = (m: unknown) => Buffer.from(JSON.stringify(m));

describe('2026-07-28 header values', () => {
  it('sends visible ASCII as is and wraps anything else in the Base64 sentinel', () => {
    expect(headerValue('eu-west-1')).toBe('eu-west-1');
    expect(headerValue('a b')).toBe('a b');
    expect(headerValue(' lead')).toBe(`=?base64?${Buffer.from(' lead').toString('base64')}?=`);
    expect(headerValue('zürich')).toBe(`=?base64?${Buffer.from('zürich').toString('base64')}?=`);
    expect(headerValue('line\nbreak')).toMatch(/^=\?base64\?/);
    expect(headerValue('')).toBe('=?base64??=');
  });

  it('finds x-mcp-header only through properties, at any depth', () => {
    const schema = {
      type: 'object',
      'x-mcp-header': 'Root',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        nested: { type: 'object', properties: { tenant: { type: 'string', 'x-mcp-header': 'Tenant' } } },
        list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } },
        bad: { type: 'string', 'x-mcp-header': 'has space' },
      },
    };
    expect(headerDeclarations(schema)).toEqual([
      { path: ['region'], headerName: 'Region' },
      { path: ['nested', 'tenant'], headerName: 'Tenant' },
    ]);
  });
});

describe('ToolHeaderCatalog', () => {
  it('learns declarations from the tools/list result and puts Mcp-Name and Mcp-Param-* on tools/call', () => {
    const cat = new ToolHeaderCatalog();
    cat.sent(readOutgoing(msg({ jsonrpc: '2.0', id: 'L', method: 'tools/list' })));
    const schema = {
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        n: { type: 'integer', 'x-mcp-header': 'N' },
        on: { type: 'boolean', 'x-mcp-header': 'On' },
      },
    };
    cat.received(msg({ jsonrpc: '2.0', id: 'L', result: { tools: [{ name: 'route', inputSchema: schema }] } }));
    const call = readOutgoing(
      msg({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'route', arguments: { region: 'eu', n: 42, on: false }, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
      }),
    );
    expect(call).toMatchObject({ method: 'tools/call', id: '2', version: '2026-07-28' });
    expect(cat.headersFor(call)).toEqual([
      ['Mcp-Method', 'tools/call'],
      ['Mcp-Name', 'route'],
      ['Mcp-Param-Region', 'eu'],
      ['Mcp-Param-N', '42'],
      ['Mcp-Param-On', 'false'],
    ]);
    // An absent or null argument sends no header; an object cannot be one.
    const partial = readOutgoing(msg({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'route', arguments: { region: null, n: { x: 1 } } } }));
    expect(cat.headersFor(partial)).toEqual([
      ['Mcp-Method', 'tools/call'],
      ['Mcp-Name', 'route'],
    ]);
  });

  it('mirrors uri for resources/read, and sends only Mcp-Method for a notification', () => {
    const cat = new ToolHeaderCatalog();
    expect(cat.headersFor(readOutgoing(msg({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'memo://x' } })))).toEqual([
      ['Mcp-Method', 'resources/read'],
      ['Mcp-Name', 'memo://x'],
    ]);
    expect(cat.headersFor(readOutgoing(msg({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } })))).toEqual([
      ['Mcp-Method', 'notifications/cancelled'],
    ]);
    expect(cat.headersFor(readOutgoing(Buffer.from('not json')))).toEqual([]);
  });

  it('ignores a tools/list result it did not ask for', () => {
    const cat = new ToolHeaderCatalog();
    cat.received(
      msg({ jsonrpc: '2.0', id: 9, result: { tools: [{ name: 't', inputSchema: { properties: { a: { type: 'string', 'x-mcp-header': 'A' } } } }] } }),
    );
    const call = readOutgoing(msg({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 't', arguments: { a: 'x' } } }));
    expect(cat.headersFor(call)).toEqual([
      ['Mcp-Method', 'tools/call'],
      ['Mcp-Name', 't'],
    ]);
  });
});

describe('--http-timeout and --transport http-2026', () => {
  it('takes them with --url, for the relay and for mcpscope call', () => {
    expect(parseCliArgs(['--url', 'http://h/mcp', '--transport', 'http-2026', '--http-timeout', '1500'], env)).toMatchObject({
      transport: 'http-2026',
      httpTimeoutMs: 1500,
    });
    expect(parseCliArgs(['--url', 'http://h/mcp'], env).httpTimeoutMs).toBeNull();
    const o = parseCallArgs(['--method', 'tools/list', '--url', 'http://h/mcp', '--transport', 'http-2026', '--http-timeout=250']);
    expect(o.target).toMatchObject({ transport: 'http-2026', url: 'http://h/mcp', timeoutMs: 250 });
  });

  it('refuses them without --url, or with a bad value', () => {
    expect(() => parseCliArgs(['--http-timeout', '100'], env)).toThrow(/go with --url/);
    expect(() => parseCliArgs(['--url', 'http://h/', '--http-timeout', '0'], env)).toThrow(/--http-timeout needs a whole number of milliseconds from 1/);
    expect(() => parseCallArgs(['--method', 'ping', '--http-timeout', '100', '--', 'node', 's.js'])).toThrow(/go with --url/);
    expect(() => parseCallArgs(['--method', 'ping', '--url', 'ws://h/', '--transport', 'http-2026'])).toThrow(/does not go with/);
  });
});
