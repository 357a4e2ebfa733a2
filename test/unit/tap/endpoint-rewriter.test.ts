import { describe, expect, it } from 'vitest';
import { EndpointRewriter, type EndpointRewrite } from '../../../server/tap/endpoint-rewriter.js';

function run(chunks: string[]) {
  const seen: EndpointRewrite[] = [];
  const r = new EndpointRewriter(new URL('https://mcp.example.com/sse'), 'http://127.0.0.1:7411', (x) => seen.push(x));
  const out = Buffer.concat([...chunks.map((c) => r.push(Buffer.from(c))), r.end()]).toString();
  return { out, seen };
}

describe('EndpointRewriter', () => {
  it('points an absolute endpoint on the upstream origin at the tap, even split across chunks, and says so', () => {
    const { out, seen } = run([
      'event: endpoint\r\nda',
      'ta: https://mcp.example.com/messages?sessionId=a1\r\n\r\n',
      'event: message\ndata: {"x":"https://mcp.example.com/y"}\n\n',
    ]);
    expect(out).toBe('event: endpoint\r\ndata: http://127.0.0.1:7411/messages?sessionId=a1\r\n\r\nevent: message\ndata: {"x":"https://mcp.example.com/y"}\n\n');
    expect(seen).toEqual([
      { from: 'https://mcp.example.com/messages?sessionId=a1', to: 'http://127.0.0.1:7411/messages?sessionId=a1', why: expect.stringContaining('rewritten') },
    ]);
  });

  it('leaves a relative endpoint and one on another origin as they are, and records why', () => {
    expect(run(['event: endpoint\ndata: /messages?sessionId=b\n\n'])).toEqual({
      out: 'event: endpoint\ndata: /messages?sessionId=b\n\n',
      seen: [expect.objectContaining({ to: null, why: expect.stringContaining('relative') })],
    });
    expect(run(['event: endpoint\ndata: https://other.example/m\n\n']).seen).toEqual([
      expect.objectContaining({ to: null, why: expect.stringContaining('another origin') }),
    ]);
  });

  it('passes a stream whose first event is not an endpoint unchanged, bytes included', () => {
    const bytes = Buffer.from([0x69, 0x64, 0x3a, 0x20, 0xff, 0x0a, 0x64, 0x61, 0x74, 0x61, 0x3a, 0x0a, 0x0a, 0xfe]);
    const r = new EndpointRewriter(new URL('http://a/'), 'http://127.0.0.1:1', () => {});
    expect(Buffer.concat([r.push(bytes), r.end()])).toEqual(bytes);
  });
});
