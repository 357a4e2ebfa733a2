// Fault presets over Streamable HTTP: one raw exchange on the session's endpoint with a header or method made wrong.
import type { FaultPreset, HttpFaultRequest } from './fault-types.js';

const ping = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}`;
const post = (headers: HttpFaultRequest['headers']): HttpFaultRequest => ({ method: 'POST', headers });
const RFC9110_ACCEPT =
  'RFC 9110 lets a server answer an Accept it cannot satisfy with 406 Not Acceptable or disregard the header, and reads a missing one as "any type".';
/** A web origin no MCP server can mean to serve (.invalid never resolves, RFC 2606): what a DNS-rebinding page sends. */
const FOREIGN_ORIGIN = 'http://rebinding.mcpscope.invalid';
/** The Host a browser sends after DNS rebinding: the attacker's name, now resolving to the local server's address. */
export const FOREIGN_HOST = 'rebinding.mcpscope.invalid';
const HOST_SILENT =
  'MCP names only Origin against DNS rebinding ("Servers MUST validate the Origin header on all incoming connections to prevent DNS rebinding attacks") and is silent on Host; the conformance suite\'s dns-rebinding-protection expects a local server to refuse a foreign Host with a 4xx (a remote server is reached by its name, so its Host says nothing).';

/** The HTTP presets, in the order "Run all" sends them: DELETE ends the session, so it goes last. */
export const HTTP_PRESETS: FaultPreset[] = [
  {
    id: 'http-accept-missing',
    title: 'No Accept header',
    group: 'http',
    transport: 'http',
    spec: 'the client MUST send Accept; the spec is silent on the server’s answer (RFC 9110 reads a missing Accept as "anything")',
    http: post({ Accept: null }),
    expect: {
      kind: 'http',
      statuses: [406],
      specSilent: `MCP requires the client's Accept header and says nothing of the server's answer without one; ${RFC9110_ACCEPT}`,
    },
    build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-accept-wrong',
    title: 'Wrong Accept (text/html)',
    group: 'http',
    transport: 'http',
    spec: 'the client MUST accept JSON and SSE; the spec is silent on the server’s answer (RFC 9110: 406, or ignore the header)',
    http: post({ Accept: 'text/html' }),
    expect: {
      kind: 'http',
      statuses: [406],
      specSilent: `MCP requires the client to accept JSON and SSE and says nothing of the server's answer otherwise; ${RFC9110_ACCEPT}`,
    },
    build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-content-type-wrong',
    title: 'Wrong Content-Type (text/plain)',
    group: 'http',
    transport: 'http',
    spec: 'the spec is silent on a request Content-Type; RFC 9110 refuses content in a format it does not take with 415',
    http: post({ 'Content-Type': 'text/plain' }),
    expect: {
      kind: 'http',
      statuses: [415],
      specSilent:
        'MCP names no Content-Type for the POST body and no answer to a wrong one; RFC 9110 refuses content in a format the resource does not take with 415 Unsupported Media Type.',
    },
    build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-session-missing',
    title: 'No Mcp-Session-Id',
    group: 'http',
    transport: 'http',
    spec: 'once the server issued a session id, every request carries it: 400 Bad Request',
    http: post({ 'Mcp-Session-Id': null }),
    expect: { kind: 'http', statuses: [400], session: true },
    build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-session-wrong',
    title: 'Malformed Mcp-Session-Id',
    group: 'http',
    transport: 'http',
    spec: 'a session id is visible ASCII only; this one has spaces: 400 Bad Request (or 404, unknown)',
    http: post({ 'Mcp-Session-Id': 'not a session id' }),
    expect: { kind: 'http', statuses: [400, 404], session: true },
    build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-session-unknown',
    title: 'Unknown Mcp-Session-Id',
    group: 'http',
    transport: 'http',
    spec: 'a session id the server never issued: the spec is silent (its 404 sentence covers a session the server ended); 404 is what the SDK servers answer',
    http: post({ 'Mcp-Session-Id': 'mcpscope-unknown-session-0' }),
    expect: {
      kind: 'http',
      statuses: [404],
      session: true,
      specSilent:
        'MCP\'s 404 sentence is about a session the server terminated ("after which it MUST respond to requests containing that session ID with HTTP 404 Not Found") and is silent on an id it never issued; 404 is what the SDK servers answer, and what sends a client to initialize again. (A session it ended is `check`\'s http/delete-session.)',
    },
    build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-protocol-version-wrong',
    title: 'Wrong MCP-Protocol-Version',
    group: 'http',
    transport: 'http',
    spec: 'an invalid or unsupported MCP-Protocol-Version: 400 Bad Request (the header exists from 2025-06-18)',
    http: post({ 'MCP-Protocol-Version': '1999-01-01' }),
    expect: { kind: 'http', statuses: [400], since: '2025-06-18' },
    build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-origin-foreign',
    title: 'Foreign Origin',
    group: 'http',
    transport: 'http',
    spec: 'servers MUST validate Origin against DNS rebinding: refused; from 2025-11-25 with 403 Forbidden',
    http: post({ Origin: FOREIGN_ORIGIN }),
    expect: { kind: 'http', statuses: [403], refuseBefore: '2025-11-25' },
    build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-host-foreign',
    title: 'Foreign Host (DNS rebinding)',
    group: 'http',
    transport: 'http',
    spec: 'the spec is silent on Host (it names Origin); the conformance suite expects a local server to refuse a foreign Host with a 4xx',
    http: post({ Host: FOREIGN_HOST }),
    expect: { kind: 'http', statuses: [403], specSilent: HOST_SILENT },
    build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-get',
    title: 'GET on the endpoint',
    group: 'http',
    transport: 'http',
    spec: 'opens a server-to-client SSE stream (200 text/event-stream) or 405 Method Not Allowed',
    http: { method: 'GET', headers: {} },
    expect: { kind: 'http', statuses: [200, 405], stream: true },
    build: () => ({ text: '' }),
  },
  {
    id: 'http-put',
    title: 'PUT on the endpoint',
    group: 'http',
    transport: 'http',
    spec: 'the spec is silent on methods other than POST, GET and DELETE; RFC 9110 answers one the resource does not support with 405',
    http: { method: 'PUT', headers: {} },
    expect: {
      kind: 'http',
      statuses: [405],
      specSilent:
        'MCP names the methods its endpoint takes (POST, GET, DELETE) and is silent on others; RFC 9110 answers a method the resource does not support with 405 Method Not Allowed.',
    },
    build: ({ id }) => ({ text: ping(id) }),
  },
  {
    id: 'http-delete',
    title: 'DELETE on the endpoint (ends the session)',
    group: 'http',
    transport: 'http',
    spec: 'ends the session (2xx), or 405 if clients may not end it; later requests then get 404',
    http: { method: 'DELETE', headers: {} },
    expect: { kind: 'http', statuses: [200, 202, 204, 405] },
    build: () => ({ text: '' }),
  },
];
