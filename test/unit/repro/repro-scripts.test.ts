import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../../../shared/http-exchange.js';
import { REDACTED } from '../../../shared/redaction/secret-patterns.js';
import { CurlScriptWriter } from '../../../shared/repro/curl-script.js';
import { harEntry } from '../../../shared/repro/har-log.js';
import { printfBytes, shQuote } from '../../../shared/repro/shell-quote.js';
import { StdioScriptWriter } from '../../../shared/repro/stdio-script.js';

const info = { name: 'demo', sessionId: 's1', startedAt: Date.UTC(2026, 0, 2) };

const exchange: HttpExchange = {
  id: 'x1',
  state: 'complete',
  purpose: 'message',
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:3001/mcp?tenant=a%20b',
    headers: [
      ['content-type', 'application/json'],
      ['Authorization', 'Bearer ••••'],
      ['mcp-session-id', 'abc'],
      ['host', '127.0.0.1:3001'],
    ],
    body: '{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
    bodySize: 46,
  },
  response: { status: 200, statusText: 'OK', headers: [['content-type', 'application/json']], body: '{"result":{}}', bodySize: 13 },
  timing: { startedAt: Date.UTC(2026, 0, 2), headersMs: 5, totalMs: 8 },
  sentSeq: 4,
  receivedSeqs: [5],
};

describe('shell quoting', () => {
  it('leaves plain words bare and single-quotes the rest', () => {
    expect(shQuote('node')).toBe('node');
    expect(shQuote("it's $HOME")).toBe(`'it'\\''s $HOME'`);
  });

  it('writes bytes that are not UTF-8 as printf octal escapes', () => {
    expect(printfBytes(new Uint8Array([0x7b, 0xff, 0x25, 0x7d]))).toBe("printf '{\\377\\045}\\n'");
  });
});

describe('the stdio script', () => {
  it('pipes the frames through a heredoc into the server, asking for redacted env values', () => {
    const w = new StdioScriptWriter(
      { transport: 'stdio', command: 'node', args: ['my server.js'], env: { API_TOKEN: REDACTED, UNITS: 'metric' }, cwd: '/srv/app' },
      info,
    );
    const script = w.head() + w.frame('{"jsonrpc":"2.0","id":1,"method":"ping"}') + w.frame('x', new Uint8Array([0xff])) + w.tail();
    expect(script).toContain(`: "\${MCP_ENV_API_TOKEN:?set MCP_ENV_API_TOKEN to the value of API_TOKEN (redacted from the recording)}"`);
    expect(script).toContain(
      'cd /srv/app\n{\ncat <<\'MCPSCOPE_FRAMES\'\n{"jsonrpc":"2.0","id":1,"method":"ping"}\nMCPSCOPE_FRAMES\nprintf \'\\377\\n\'\ncat <<\'MCPSCOPE_FRAMES\'\nMCPSCOPE_FRAMES\n',
    );
    expect(script.trimEnd().split('\n').at(-1)).toBe(`} | env API_TOKEN="$MCP_ENV_API_TOKEN" UNITS=metric node 'my server.js'`);
  });
});

describe('the curl script and HAR entries', () => {
  it('repeats each request once, with masked headers asked for as variables and the session id captured', () => {
    const w = new CurlScriptWriter(info);
    const text = w.head() + w.exchange({ ...exchange, state: 'open' }, '{"full":"body"}') + w.exchange(exchange, null) + w.tail();
    expect(text.match(/curl -sS/g)).toHaveLength(1);
    expect(text).toContain(`-H "Authorization: $MCP_HEADER_AUTHORIZATION"`);
    expect(text).toContain('${SID:+-H "Mcp-Session-Id: $SID"}');
    expect(text).toContain('--data-binary @- <<\'MCPSCOPE_BODY\'\n{"full":"body"}\nMCPSCOPE_BODY');
    expect(text).not.toContain('host: 127.0.0.1');
  });

  it('keeps a legacy SSE stream open in the background and POSTs to the endpoint it names, waiting for each answer', () => {
    const w = new CurlScriptWriter(info);
    const stream: HttpExchange = {
      ...exchange,
      id: 'g1',
      purpose: 'stream',
      request: { ...exchange.request, method: 'GET', url: 'http://127.0.0.1:9/sse', body: undefined, bodySize: 0 },
    };
    const post: HttpExchange = { ...exchange, id: 'p1', purpose: 'message', request: { ...exchange.request, url: 'http://127.0.0.1:9/message?sessionId=old' } };
    const text = w.head() + w.exchange(stream, null) + w.exchange(post, '{"jsonrpc":"2.0","id":"a","method":"tools/list"}') + w.tail();
    expect(text).toMatch(/curl -sS -N \\\n {2}http:\/\/127\.0\.0\.1:9\/sse[^&]*>"\$events" &\nSTREAM=\$!/);
    expect(text).toContain('ENDPOINT=$(wait_endpoint http://127.0.0.1:9 http://127.0.0.1:9/)');
    expect(text).toContain('"$ENDPOINT"');
    expect(text).not.toContain('sessionId=old');
    expect(text).toContain(`wait_answer '"a"'`);
    expect(text.trimEnd().endsWith('cat "$events"')).toBe(true);
  });

  it('makes a HAR entry with decoded query, body and timings', () => {
    expect(harEntry(exchange, null)).toMatchObject({
      startedDateTime: '2026-01-02T00:00:00.000Z',
      time: 8,
      request: { method: 'POST', queryString: [{ name: 'tenant', value: 'a b' }], postData: { mimeType: 'application/json', text: exchange.request.body } },
      response: { status: 200, content: { text: '{"result":{}}', mimeType: 'application/json' } },
      timings: { send: 0, wait: 5, receive: 3 },
    });
  });
});
