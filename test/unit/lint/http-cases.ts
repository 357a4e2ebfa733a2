// One failing and one passing example for every HTTP rule, over Streamable HTTP.
import { handshake, http, j, meta2026 } from './frames.js';
import type { RuleCase } from './rule-case.js';

const transport = { transport: 'http' } as const;
const note = j({ method: 'notifications/roots/list_changed' });
const list = j({ id: 1, method: 'tools/list' });
const unknownSession = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null });
const init = handshake('2025-06-18')[0]![1];
const modernList = j({ id: 1, method: 'tools/list', params: { _meta: meta2026() } });

export const HTTP_CASES: RuleCase[] = [
  {
    rule: 'http/accepted-expected',
    fails: 'a notification POST answered 200',
    bad: [['out', note], http({ body: note, status: 200, responseBody: '{}' })],
    passes: 'a notification POST answered 202',
    good: [['out', note], http({ body: note, status: 202 })],
    options: transport,
  },
  {
    rule: 'http/session-status',
    fails: 'a session id the server issued, refused with 400',
    bad: [
      http({ body: init, status: 200, responseHeaders: [['mcp-session-id', 'stale']] }),
      http({ headers: [['Mcp-Session-Id', 'stale']], body: list, status: 400, responseBody: unknownSession }),
    ],
    passes: 'the issued id, once ended, answered 404',
    good: [
      http({ body: init, status: 200, responseHeaders: [['mcp-session-id', 'stale']] }),
      http({ headers: [['Mcp-Session-Id', 'stale']], body: list, status: 404, responseBody: unknownSession }),
    ],
    options: transport,
  },
  {
    rule: 'http/unissued-session-status',
    fails: 'a session id the server never issued, refused with 400',
    bad: [
      http({ body: init, status: 200, responseHeaders: [['mcp-session-id', 'real']] }),
      http({ headers: [['Mcp-Session-Id', 'made-up']], body: list, status: 400, responseBody: unknownSession }),
    ],
    passes: 'the same id answered 404',
    good: [
      http({ body: init, status: 200, responseHeaders: [['mcp-session-id', 'real']] }),
      http({ headers: [['Mcp-Session-Id', 'made-up']], body: list, status: 404, responseBody: unknownSession }),
    ],
    options: transport,
  },
  {
    rule: 'http/foreign-origin-accepted',
    fails: 'a request with Origin: http://rebinding.mcpscope.invalid served 200',
    bad: [
      ...handshake('2025-11-25'),
      http({
        headers: [
          ['Origin', 'http://rebinding.mcpscope.invalid'],
          ['MCP-Protocol-Version', '2025-11-25'],
        ],
        body: list,
        status: 200,
      }),
    ],
    passes: 'the same request refused with 403',
    good: [
      ...handshake('2025-11-25'),
      http({
        headers: [
          ['Origin', 'http://rebinding.mcpscope.invalid'],
          ['MCP-Protocol-Version', '2025-11-25'],
        ],
        body: list,
        status: 403,
      }),
    ],
    options: transport,
  },
  {
    rule: 'http/foreign-origin-accepted',
    fails: 'a foreign Origin refused with 400 in 2025-11-25, which names 403',
    bad: [
      ...handshake('2025-11-25'),
      http({
        headers: [
          ['Origin', 'https://evil.example.com'],
          ['MCP-Protocol-Version', '2025-11-25'],
        ],
        body: list,
        status: 400,
      }),
    ],
    passes: 'a foreign Origin refused with 400 in 2025-06-18, which names no status',
    good: [
      ...handshake('2025-06-18'),
      http({
        headers: [
          ['Origin', 'https://evil.example.com'],
          ['MCP-Protocol-Version', '2025-06-18'],
        ],
        body: list,
        status: 400,
      }),
    ],
    options: transport,
  },
  {
    rule: 'http/foreign-host-accepted',
    fails: 'a request to 127.0.0.1 with Host: rebinding.mcpscope.invalid served 200',
    bad: [http({ headers: [['Host', 'rebinding.mcpscope.invalid:3001']], body: init, status: 200 })],
    passes: 'the same request with Host: 127.0.0.1:3001',
    good: [http({ headers: [['Host', '127.0.0.1:3001']], body: init, status: 200 })],
    options: transport,
  },
  {
    rule: 'http/foreign-host-accepted',
    fails: 'a request to localhost with a foreign Host served 200',
    bad: [http({ url: 'http://localhost:3001/mcp', headers: [['Host', 'evil.example.com']], body: init, status: 200 })],
    passes: 'a remote endpoint with a Host other than its own (rebinding aims at local servers)',
    good: [http({ url: 'https://mcp.example.net/mcp', headers: [['Host', 'other.example.net']], body: init, status: 200 })],
    options: transport,
  },
  {
    rule: 'http/session-missing-status',
    fails: 'a missing session id answered 404 after the server issued one',
    bad: [http({ body: init, status: 200, responseHeaders: [['mcp-session-id', 'abc']] }), http({ body: list, status: 404 })],
    passes: 'a missing session id answered 400',
    good: [
      http({ body: init, status: 200, responseHeaders: [['mcp-session-id', 'abc']] }),
      http({ body: list, status: 400, responseBody: 'Bad Request: Mcp-Session-Id header is required' }),
    ],
    options: transport,
  },
  {
    rule: 'http/missing-protocol-version',
    fails: 'a 2025-06-18 request after initialization without MCP-Protocol-Version',
    bad: [...handshake('2025-06-18'), ['out', list], http({ headers: [['Mcp-Session-Id', 's']], body: list, status: 200 })],
    passes: 'the same request with the header',
    good: [
      ...handshake('2025-06-18'),
      ['out', list],
      http({
        headers: [
          ['Mcp-Session-Id', 's'],
          ['MCP-Protocol-Version', '2025-06-18'],
        ],
        body: list,
        status: 200,
      }),
    ],
    options: transport,
  },
  {
    rule: 'http/protocol-version-mismatch',
    fails: 'a header naming another version than the negotiated one',
    bad: [...handshake('2025-11-25'), http({ headers: [['MCP-Protocol-Version', '2025-06-18']], body: list, status: 200 })],
    passes: 'the negotiated version in the header',
    good: [...handshake('2025-11-25'), http({ headers: [['MCP-Protocol-Version', '2025-11-25']], body: list, status: 200 })],
    options: transport,
  },
  {
    rule: 'http/missing-protocol-version',
    fails: 'a 2025-11-25 request after initialization without the header',
    bad: [...handshake('2025-11-25'), http({ body: list, status: 200 })],
    passes: 'a 2025-03-26 request without the header, which did not exist yet',
    good: [...handshake('2025-03-26'), http({ body: list, status: 200 })],
    options: transport,
  },
  {
    rule: 'http/protocol-version-meta-mismatch',
    fails: 'a 2026 POST whose header differs from its _meta version',
    bad: [['out', modernList], http({ headers: [['MCP-Protocol-Version', '2025-11-25']], body: modernList, status: 200 })],
    passes: 'header and _meta naming the same version',
    good: [['out', modernList], http({ headers: [['MCP-Protocol-Version', '2026-07-28']], body: modernList, status: 200 })],
    options: { ...transport, protocolVersion: '2026-07-28' },
  },
  {
    rule: 'http/missing-protocol-version',
    fails: 'a ping POST after the handshake without the header',
    bad: [...handshake('2025-06-18'), http({ body: j({ id: 9, method: 'ping' }), status: 200 })],
    passes: 'the initialize POST without it, sent before any version was negotiated',
    good: [...handshake('2025-06-18'), http({ body: init, status: 200 })],
    options: transport,
  },
];
