// Fault presets over Streamable HTTP: one raw exchange on the session's endpoint with a header or method made wrong.
import type { FaultPreset, HttpFaultRequest } from './fault-types.js';

const ping = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}`;
const post = (headers: HttpFaultRequest['headers']): HttpFaultRequest => ({ method: 'POST', headers });

/** The HTTP presets, in the order "Run all" sends them: DELETE ends the session, so it goes last. */
export const HTTP_PRESETS: FaultPreset[] = [
  {
    id: 'http-accept-missing', title: 'No Accept header', group: 'http', transport: 'http',
    spec: 'a POST must accept application/json and text/event-stream: 406 Not Acceptable',
    http: post({ Accept: null }), expect: { kind: 'http', statuses: [406] }, build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-accept-wrong', title: 'Wrong Accept (text/html)', group: 'http', transport: 'http',
    spec: 'a POST must accept application/json and text/event-stream: 406 Not Acceptable',
    http: post({ Accept: 'text/html' }), expect: { kind: 'http', statuses: [406] }, build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-content-type-wrong', title: 'Wrong Content-Type (text/plain)', group: 'http', transport: 'http',
    spec: 'the body is JSON: 415 Unsupported Media Type',
    http: post({ 'Content-Type': 'text/plain' }), expect: { kind: 'http', statuses: [415] }, build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-session-missing', title: 'No Mcp-Session-Id', group: 'http', transport: 'http',
    spec: 'once the server issued a session id, every request carries it: 400 Bad Request',
    http: post({ 'Mcp-Session-Id': null }), expect: { kind: 'http', statuses: [400], session: true }, build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-session-wrong', title: 'Malformed Mcp-Session-Id', group: 'http', transport: 'http',
    spec: 'a session id is visible ASCII only; this one has spaces: 400 Bad Request (or 404, unknown)',
    http: post({ 'Mcp-Session-Id': 'not a session id' }), expect: { kind: 'http', statuses: [400, 404], session: true }, build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-session-unknown', title: 'Unknown Mcp-Session-Id', group: 'http', transport: 'http',
    spec: 'a session the server does not know (or ended): 404 Not Found',
    http: post({ 'Mcp-Session-Id': 'mcpscope-unknown-session-0' }), expect: { kind: 'http', statuses: [404], session: true }, build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-protocol-version-wrong', title: 'Wrong MCP-Protocol-Version', group: 'http', transport: 'http',
    spec: 'an invalid or unsupported MCP-Protocol-Version: 400 Bad Request (the header exists from 2025-06-18)',
    http: post({ 'MCP-Protocol-Version': '1999-01-01' }), expect: { kind: 'http', statuses: [400], since: '2025-06-18' }, build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-get', title: 'GET on the endpoint', group: 'http', transport: 'http',
    spec: 'opens a server-to-client SSE stream (200 text/event-stream) or 405 Method Not Allowed',
    http: { method: 'GET', headers: {} }, expect: { kind: 'http', statuses: [200, 405], stream: true }, build: () => ({ text: '' }),
  },
  {
    id: 'http-put', title: 'PUT on the endpoint', group: 'http', transport: 'http',
    spec: 'the endpoint takes POST, GET and DELETE only; RFC 9110 answers another method with 405 Method Not Allowed',
    http: { method: 'PUT', headers: {} }, expect: { kind: 'http', statuses: [405] }, build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-delete', title: 'DELETE on the endpoint (ends the session)', group: 'http', transport: 'http',
    spec: 'ends the session (2xx), or 405 if clients may not end it; later requests then get 404',
    http: { method: 'DELETE', headers: {} }, expect: { kind: 'http', statuses: [200, 202, 204, 405] }, build: () => ({ text: '' }),
  },
];
