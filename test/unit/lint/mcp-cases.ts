// One failing and one passing example for every MCP rule, each after the handshake its version needs.
import { handshake, j, meta2026, type Pair } from './frames.js';
import type { RuleCase } from './rule-case.js';

const TOOL = { name: 'echo', inputSchema: { type: 'object' } };
const listTools = (id = 1): Pair => ['out', j({ id, method: 'tools/list' })];
const tools = (id: number, list: unknown[]): Pair => ['in', j({ id, result: { tools: list } })];
const call = (id: number, name = 'echo', meta?: Record<string, unknown>): Pair => ['out', j({ id, method: 'tools/call', params: { name, arguments: {}, ...(meta ? { _meta: meta } : {}) } })];
const text = (id: number, extra: Record<string, unknown> = {}): Pair => ['in', j({ id, result: { content: [{ type: 'text', text: 'ok' }], ...extra } })];
const progress = (token: string, value: number): Pair => ['in', j({ method: 'notifications/progress', params: { progressToken: token, progress: value } })];
const cancel = (id: number): Pair => ['out', j({ method: 'notifications/cancelled', params: { requestId: id } })];
const modern = { protocolVersion: '2026-07-28' };
const cacheable = { resultType: 'complete', ttlMs: 0, cacheScope: 'private' };

export const MCP_CASES: RuleCase[] = [
  { rule: 'mcp/request-before-initialize', fails: 'tools/list before initialize', bad: [listTools(), tools(1, [TOOL])], passes: 'tools/list after the handshake', good: [...handshake(), listTools(), tools(1, [TOOL])] },
  {
    rule: 'mcp/request-before-initialized',
    fails: 'tools/list between the initialize result and notifications/initialized',
    bad: [...handshake().slice(0, 2), listTools(), tools(1, [TOOL])],
    passes: 'tools/list after notifications/initialized',
    good: [...handshake(), listTools(), tools(1, [TOOL])],
  },
  {
    rule: 'mcp/initialize-twice',
    fails: 'a second initialize after a successful handshake',
    bad: [...handshake(), ['out', handshake()[0]![1].replace('"id":0', '"id":1')], ['in', j({ id: 1, error: { code: -32600, message: 'Invalid Request: Server already initialized' } })]],
    passes: 'one handshake',
    good: handshake(),
  },
  {
    rule: 'mcp/initialize-cancelled',
    fails: 'a cancelled initialize',
    bad: [handshake()[0]!, cancel(0)],
    passes: 'a cancelled tools/call',
    good: [...handshake(), call(5), cancel(5)],
  },
  {
    rule: 'mcp/unknown-protocol-version',
    fails: 'a server answering initialize with an unpublished version',
    bad: [handshake()[0]!, ['in', j({ id: 0, result: { protocolVersion: '2099-01-01', capabilities: {}, serverInfo: { name: 's', version: '1' } } })]],
    passes: 'a published version',
    good: handshake('2025-06-18'),
  },
  {
    rule: 'mcp/method-not-in-version',
    fails: 'elicitation/create in 2025-03-26, before elicitation existed',
    bad: [...handshake('2025-03-26', {}, { elicitation: {} }), ['in', j({ id: 'e1', method: 'elicitation/create', params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } } })]],
    passes: 'elicitation/create in 2025-06-18',
    good: [...handshake('2025-06-18', {}, { elicitation: {} }), ['in', j({ id: 'e1', method: 'elicitation/create', params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } } })]],
  },
  {
    rule: 'mcp/method-not-in-version',
    fails: 'ping in 2026-07-28',
    bad: [['out', j({ id: 1, method: 'ping', params: { _meta: meta2026() } })]],
    passes: 'ping in 2025-11-25',
    good: [...handshake(), ['out', j({ id: 1, method: 'ping' })], ['in', j({ id: 1, result: {} })]],
    options: modern,
    goodOptions: { protocolVersion: '2025-11-25' },
  },
  {
    rule: 'mcp/method-not-in-version',
    fails: 'sampling/createMessage sent by the client',
    bad: [...handshake(), ['out', j({ method: 'sampling/createMessage', id: 9, params: { messages: [], maxTokens: 1 } })]],
    passes: 'sampling/createMessage sent by a server to a client that declared sampling',
    good: [...handshake('2025-11-25', { tools: {} }, { sampling: {} }), ['in', j({ method: 'sampling/createMessage', id: 9, params: { messages: [], maxTokens: 1 } })]],
  },
  { rule: 'mcp/unknown-method', fails: 'a method no MCP version defines', bad: [...handshake(), ['out', j({ id: 5, method: 'foo/bar' })]], passes: 'tools/list', good: [...handshake(), listTools(5), tools(5, [TOOL])] },
  {
    rule: 'mcp/unknown-method-in-mcp-namespace',
    fails: 'notifications/custom_thing, an unknown name under MCP’s notifications/ prefix',
    bad: [...handshake(), ['in', j({ method: 'notifications/custom_thing', params: { n: 1 } })]],
    passes: 'a private notification under a prefix of its own (acme/custom_thing: only the info-level unknown-method)',
    good: [...handshake(), ['in', j({ method: 'acme/custom_thing', params: { n: 1 } })]],
  },
  {
    rule: 'mcp/field-not-in-version',
    fails: 'an outputSchema on a tool in 2025-03-26',
    bad: [...handshake('2025-03-26'), listTools(), tools(1, [{ ...TOOL, outputSchema: { type: 'object' } }])],
    passes: 'the same tool in 2025-06-18',
    good: [...handshake('2025-06-18'), listTools(), tools(1, [{ ...TOOL, outputSchema: { type: 'object' } }])],
  },
  {
    rule: 'mcp/field-not-in-version',
    fails: 'audio content in 2024-11-05',
    bad: [...handshake('2024-11-05'), call(2), ['in', j({ id: 2, result: { content: [{ type: 'audio', data: 'AA==', mimeType: 'audio/wav' }] } })]],
    passes: 'audio content in 2025-03-26',
    good: [...handshake('2025-03-26'), call(2), ['in', j({ id: 2, result: { content: [{ type: 'audio', data: 'AA==', mimeType: 'audio/wav' }] } })]],
  },
  {
    rule: 'mcp/missing-request-meta',
    fails: 'a 2026 request without _meta',
    bad: [listTools()],
    passes: 'a 2026 request with protocolVersion and clientCapabilities in _meta',
    good: [['out', j({ id: 1, method: 'tools/list', params: { _meta: meta2026() } })], ['in', j({ id: 1, result: { tools: [TOOL], ...cacheable } })]],
    options: modern,
  },
  {
    rule: 'mcp/missing-result-type',
    fails: 'a 2026 result without resultType',
    bad: [['out', j({ id: 1, method: 'tools/list', params: { _meta: meta2026() } })], ['in', j({ id: 1, result: { tools: [TOOL], ttlMs: 0, cacheScope: 'public' } })]],
    passes: 'one with resultType "complete"',
    good: [['out', j({ id: 1, method: 'tools/list', params: { _meta: meta2026() } })], ['in', j({ id: 1, result: { tools: [TOOL], ...cacheable } })]],
    options: modern,
  },
  { rule: 'mcp/params-not-object', fails: 'positional params', bad: [...handshake(), ['out', j({ id: 1, method: 'ping', params: [] })]], passes: 'named params', good: [...handshake(), ['out', j({ id: 1, method: 'ping', params: {} })], ['in', j({ id: 1, result: {} })]] },
  {
    rule: 'mcp/id-reused',
    fails: 'an id used again after its request completed',
    bad: [...handshake(), listTools(1), tools(1, [TOOL]), listTools(1), tools(1, [TOOL])],
    passes: 'a fresh id for the next request',
    good: [...handshake(), listTools(1), tools(1, [TOOL]), listTools(2), tools(2, [TOOL])],
  },
  {
    rule: 'mcp/capability-not-declared',
    fails: 'prompts/list to a server without the prompts capability',
    bad: [...handshake('2025-11-25', { tools: {} }), ['out', j({ id: 1, method: 'prompts/list' })], ['in', j({ id: 1, result: { prompts: [] } })]],
    passes: 'prompts/list to a server that declared it',
    good: [...handshake('2025-11-25', { tools: {}, prompts: {} }), ['out', j({ id: 1, method: 'prompts/list' })], ['in', j({ id: 1, result: { prompts: [] } })]],
  },
  {
    rule: 'mcp/capability-not-declared',
    fails: 'tools/list_changed from a server that did not declare listChanged',
    bad: [...handshake('2025-11-25', { tools: {} }), ['in', j({ method: 'notifications/tools/list_changed' })]],
    passes: 'the same from a server that did',
    good: [...handshake('2025-11-25', { tools: { listChanged: true } }), ['in', j({ method: 'notifications/tools/list_changed' })]],
  },
  {
    rule: 'mcp/result-schema',
    fails: 'a tool without inputSchema',
    bad: [...handshake(), listTools(), tools(1, [{ name: 'broken' }])],
    passes: 'a tool with an object inputSchema',
    good: [...handshake(), listTools(), tools(1, [TOOL])],
  },
  {
    rule: 'mcp/structured-content-schema',
    fails: 'a result without structuredContent from a tool with an outputSchema',
    bad: [...handshake(), listTools(), tools(1, [{ ...TOOL, outputSchema: { type: 'object' } }]), call(2), text(2)],
    passes: 'a result with structuredContent',
    good: [...handshake(), listTools(), tools(1, [{ ...TOOL, outputSchema: { type: 'object' } }]), call(2), text(2, { structuredContent: {} })],
  },
  {
    rule: 'mcp/tool-failure-channel',
    fails: 'a tool failure sent as an application JSON-RPC error',
    bad: [...handshake(), call(2), ['in', j({ id: 2, error: { code: 1001, message: 'upstream API down' } })]],
    passes: 'the failure as an isError result',
    good: [...handshake(), call(2), text(2, { isError: true })],
  },
  {
    rule: 'mcp/progress-unknown-token',
    fails: 'progress for a token nobody sent',
    bad: [...handshake(), progress('zzz', 1)],
    passes: 'progress for the token of a call in flight',
    good: [...handshake(), call(2, 'echo', { progressToken: 't' }), progress('t', 1), text(2)],
  },
  {
    rule: 'mcp/progress-after-response',
    fails: 'progress after the result',
    bad: [...handshake(), call(2, 'echo', { progressToken: 't' }), text(2), progress('t', 1)],
    passes: 'progress before the result',
    good: [...handshake(), call(2, 'echo', { progressToken: 't' }), progress('t', 1), text(2)],
  },
  {
    rule: 'mcp/progress-not-increasing',
    fails: 'progress going from 5 back to 3',
    bad: [...handshake(), call(2, 'echo', { progressToken: 't' }), progress('t', 5), progress('t', 3), text(2)],
    passes: 'progress going from 1 to 2',
    good: [...handshake(), call(2, 'echo', { progressToken: 't' }), progress('t', 1), progress('t', 2), text(2)],
  },
  {
    rule: 'mcp/message-after-cancel',
    fails: 'a result after the request was cancelled',
    bad: [...handshake(), call(2), cancel(2), text(2)],
    passes: 'silence after the cancellation',
    good: [...handshake(), call(2), cancel(2)],
  },
  {
    rule: 'mcp/message-after-cancel',
    fails: 'progress after the request was cancelled',
    bad: [...handshake(), call(2, 'echo', { progressToken: 't' }), cancel(2), progress('t', 1)],
    passes: 'progress before the cancellation',
    good: [...handshake(), call(2, 'echo', { progressToken: 't' }), progress('t', 1), cancel(2)],
  },
  {
    rule: 'mcp/error-code-not-in-version',
    fails: '-32002 for a missing resource in 2026-07-28',
    bad: [['out', j({ id: 1, method: 'resources/read', params: { uri: 'file:///x', _meta: meta2026() } })], ['in', j({ id: 1, error: { code: -32002, message: 'Resource not found' } })]],
    passes: '-32602 for a missing resource in 2026-07-28',
    good: [['out', j({ id: 1, method: 'resources/read', params: { uri: 'file:///x', _meta: meta2026() } })], ['in', j({ id: 1, error: { code: -32602, message: 'Resource not found' } })]],
    options: modern,
  },
  {
    rule: 'mcp/error-code-not-in-version',
    fails: 'an unallocated code from the 2026 spec range',
    bad: [['out', j({ id: 1, method: 'tools/list', params: { _meta: meta2026() } })], ['in', j({ id: 1, error: { code: -32050, message: 'busy' } })]],
    passes: 'an implementation-defined code below -32020',
    good: [['out', j({ id: 1, method: 'tools/list', params: { _meta: meta2026() } })], ['in', j({ id: 1, error: { code: -32010, message: 'busy' } })]],
    options: modern,
  },
  {
    rule: 'mcp/batch-not-in-version',
    fails: 'a batch in 2025-06-18',
    bad: [...handshake('2025-06-18'), ['out', `[${j({ id: 1, method: 'ping' })},${j({ id: 2, method: 'ping' })}]`]],
    passes: 'a batch in 2025-03-26',
    good: [...handshake('2025-03-26'), ['out', `[${j({ id: 1, method: 'ping' })},${j({ id: 2, method: 'ping' })}]`], ['in', `[${j({ id: 1, result: {} })},${j({ id: 2, result: {} })}]`]],
  },
  {
    rule: 'mcp/initialize-in-batch',
    fails: 'initialize inside a batch',
    bad: [['out', `[${handshake('2025-03-26')[0]![1]}]`]],
    passes: 'initialize on its own',
    good: handshake('2025-03-26'),
  },
];
