// The linter's `toolArgumentFindings: false` (fuzz's linter, whose client breaks schemas on purpose): no finding about
// the client's tools/call arguments, and whether they fit is still worked out when a -32603 answers the call, so the
// tool-failure-channel rule judges the server exactly as with the option on.
import { describe, expect, it } from 'vitest';
import { JsonSchemaValidator } from '../../../shared/lint/index.js';
import { handshake, j, lint, ruleIds, type Pair } from './frames.js';

const WEATHER = { name: 'weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };
const call = (id: number, args: unknown): Pair => ['out', j({ id, method: 'tools/call', params: { name: 'weather', arguments: args } })];
const internalError = (id: number): Pair => ['in', j({ id, error: { code: -32603, message: 'Internal error: the database is down' } })];

const session: Pair[] = [
  ...handshake('2025-11-25', { tools: {} }),
  ['out', j({ id: 1, method: 'tools/list' })],
  ['in', j({ id: 1, result: { tools: [WEATHER] } })],
  // Arguments that break the schema, answered -32603: the server may refuse them so (no tool failure).
  call(2, { city: 42 }),
  internalError(2),
  // Arguments that fit, answered -32603: a tool that ran and failed, on the wrong channel.
  call(3, { city: 'Oslo' }),
  internalError(3),
];

describe('toolArgumentFindings: false', () => {
  it('reports nothing about the arguments, and judges a -32603 by whether they fit, as with the option on', () => {
    const on = lint(session, { jsonSchemaValidator: new JsonSchemaValidator() });
    const off = lint(session, { jsonSchemaValidator: new JsonSchemaValidator(), toolArgumentFindings: false });
    expect(ruleIds(on)).toContain('mcp/tool-arguments-schema');
    expect(ruleIds(off)).not.toContain('mcp/tool-arguments-schema');
    const channel = (findings: typeof on) => findings.filter((f) => f.ruleId === 'mcp/tool-failure-channel').map((f) => f.seq);
    // Frame 9 is the -32603 answering the call whose arguments fit (frame 8); frame 7 answers the one that broke them.
    expect(channel(on)).toEqual([9]);
    expect(channel(off)).toEqual([9]);
    expect(off.filter((f) => f.ruleId !== 'mcp/tool-arguments-schema')).toEqual(on.filter((f) => f.ruleId !== 'mcp/tool-arguments-schema'));
  });
});
