// Fault presets about framing and the JSON-RPC envelope: what a server must do with a malformed message.
import { asciiBytes, toBase64 } from './byte-payload.js';
import type { FaultPreset } from './fault-types.js';

const ping = (id: number | string | null) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"ping"}`;
const PARSE_ERROR = { kind: 'error', codes: [-32700], nullId: true } as const;
const INVALID_REQUEST = { kind: 'error', codes: [-32600] } as const;
/** The null and fractional ids: MCP forbids them to the client, JSON-RPC accepts them, and neither names the refusal's code. */
const ID_LENIENCY = (what: string) =>
  `A ${what} id breaks an MCP rule for the client, while JSON-RPC would process the request: the spec allows either, and names no code for a refusal.`;

export const ENVELOPE_PRESETS: FaultPreset[] = [
  {
    id: 'invalid-json',
    title: 'Invalid JSON',
    group: 'framing',
    transport: 'any',
    spec: 'one -32700 parse error with id null',
    expect: PARSE_ERROR,
    build: ({ id }) => ({ text: `{"jsonrpc":"2.0","id":${id},"method":ping}` }),
  },
  {
    id: 'truncated-json',
    title: 'Truncated JSON',
    group: 'framing',
    transport: 'any',
    spec: 'one -32700 parse error with id null',
    expect: PARSE_ERROR,
    build: ({ id }) => ({ text: `{"jsonrpc":"2.0","id":${id},"method":"pi` }),
  },
  {
    id: 'embedded-newline',
    title: 'Embedded newline (stdio)',
    group: 'framing',
    transport: 'stdio',
    spec: 'stdio forbids embedded newlines; each broken line gets -32700',
    expect: PARSE_ERROR,
    build: ({ id }) => ({ text: `{"jsonrpc":"2.0",\n"id":${id},"method":"ping"}` }),
  },
  {
    id: 'crlf',
    title: 'CRLF line ending (stdio)',
    group: 'framing',
    transport: 'stdio',
    spec: 'a trailing \\r is JSON whitespace: the ping is answered',
    expect: { kind: 'answer' },
    build: ({ id }) => ({ text: `${ping(id)}\r` }),
  },
  {
    id: 'invalid-utf8',
    title: 'Invalid UTF-8 bytes',
    group: 'framing',
    transport: 'any',
    spec: 'the sender MUST encode UTF-8; the spec is silent on the receiver: -32700 with id null, or bytes replaced and answered',
    expect: {
      kind: 'answer',
      parseErrorOk: true,
      acceptedSilent:
        'MCP requires the sender to encode UTF-8 and is silent on what a receiver does with other bytes: replacing them (as here) or refusing with -32700 are both seen.',
    },
    build: ({ id }) => ({
      b64: toBase64([...asciiBytes(`{"jsonrpc":"2.0","id":${id},"method":"ping","params":{"_meta":{"x":"`), 0xff, 0xfe, ...asciiBytes('"}}}')]),
    }),
  },
  {
    id: 'bom',
    title: 'Byte order mark',
    group: 'framing',
    transport: 'any',
    spec: 'RFC 8259: no BOM; a parser may ignore it (answer) or refuse it (-32700)',
    expect: { kind: 'answer', parseErrorOk: true },
    build: ({ id }) => ({ b64: toBase64([0xef, 0xbb, 0xbf, ...asciiBytes(ping(id))]) }),
  },
  {
    id: 'oversized',
    title: 'Oversized message (1 MiB)',
    group: 'framing',
    transport: 'any',
    spec: 'no size limit in the spec: answered, or refused with an error, never a crash',
    minWaitMs: 5000,
    expect: { kind: 'answer', parseErrorOk: true },
    build: ({ id }) => ({ text: `{"jsonrpc":"2.0","id":${id},"method":"ping","params":{"_meta":{"pad":"${'x'.repeat(1024 * 1024)}"}}}` }),
  },
  {
    id: 'wrong-jsonrpc',
    title: 'Wrong jsonrpc ("1.0")',
    group: 'envelope',
    transport: 'any',
    spec: 'jsonrpc must be exactly "2.0": -32600',
    expect: INVALID_REQUEST,
    build: ({ id }) => ({ text: `{"jsonrpc":"1.0","id":${id},"method":"ping"}` }),
  },
  {
    id: 'missing-jsonrpc',
    title: 'Missing jsonrpc',
    group: 'envelope',
    transport: 'any',
    spec: 'jsonrpc is required: -32600',
    expect: INVALID_REQUEST,
    build: ({ id }) => ({ text: `{"id":${id},"method":"ping"}` }),
  },
  {
    id: 'missing-method',
    title: 'Missing method',
    group: 'envelope',
    transport: 'any',
    spec: 'a request needs a method: -32600',
    expect: INVALID_REQUEST,
    build: ({ id }) => ({ text: `{"jsonrpc":"2.0","id":${id}}` }),
  },
  {
    id: 'method-number',
    title: 'method as a number',
    group: 'envelope',
    transport: 'any',
    spec: 'method must be a string: -32600',
    expect: INVALID_REQUEST,
    build: ({ id }) => ({ text: `{"jsonrpc":"2.0","id":${id},"method":42}` }),
  },
  {
    id: 'params-string',
    title: 'params as a string',
    group: 'envelope',
    transport: 'any',
    spec: 'params must be an object or array: -32600 (or -32602)',
    expect: { kind: 'error', codes: [-32600, -32602] },
    build: ({ id }) => ({ text: `{"jsonrpc":"2.0","id":${id},"method":"ping","params":"x"}` }),
  },
  {
    id: 'null-id',
    title: 'null id',
    group: 'envelope',
    transport: 'any',
    spec: 'MCP ids MUST NOT be null (a client fault; JSON-RPC allows them): the spec allows either, an answer or a refusal',
    expect: { kind: 'answer', refusalOk: true, note: ID_LENIENCY('null') },
    build: () => ({ text: ping(null) }),
  },
  {
    id: 'fractional-id',
    title: 'Fractional id',
    group: 'envelope',
    transport: 'any',
    spec: 'MCP ids MUST be integers (a client fault; JSON-RPC only says SHOULD NOT): the spec allows either, an answer echoing the id or a refusal',
    expect: { kind: 'answer', refusalOk: true, note: ID_LENIENCY('fractional') },
    build: ({ id }) => ({ text: ping(id + 0.5) }),
  },
];
