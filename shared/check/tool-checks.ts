// Tool checks: the list (every page), each inputSchema, calls with arguments made up from the schema (only tools the
// run may call), structuredContent against outputSchema, and an unknown tool answered on the JSON-RPC channel.
import { isPlainObject } from '../jsonrpc.js';
import { JsonSchemaValidator } from '../lint/json-schema-validator.js';
import { ask, gotten, listAll, type Asked } from './ask.js';
import type { CheckContext, CheckDefinition, CheckOutcome } from './check-types.js';
import { argumentsFor } from './schema-arguments.js';
import { ruleSentence } from './rule-sentence.js';
import { SENTENCES } from './spec-sentences.js';
import type { FrameRecord } from '../relay-protocol.js';

const NO_SUCH_TOOL = 'mcpscope-check-no-such-tool';

/** The tools (every page), listed once per run and kept for the checks after the first. */
export async function toolList(ctx: CheckContext): Promise<{ items: Record<string, unknown>[]; pages: number; frames: number[]; problem: string | null }> {
  const known = ctx.facts.get('tools') as Awaited<ReturnType<typeof toolList>> | undefined;
  if (known) return known;
  const listed = await listAll(ctx.main, 'tools/list', 'tools', ctx.timeoutMs);
  ctx.facts.set('tools', listed);
  return listed;
}

/** Why an inputSchema is unusable, or null. */
export function inputSchemaProblem(schema: unknown): string | null {
  if (!isPlainObject(schema)) return 'inputSchema is not an object';
  if (schema.type !== 'object') return `inputSchema's type is ${JSON.stringify(schema.type)}, not "object"`;
  if (schema.properties !== undefined && !isPlainObject(schema.properties)) return 'properties is not an object';
  if (schema.required !== undefined && !(Array.isArray(schema.required) && schema.required.every((r) => typeof r === 'string')))
    return 'required is not an array of names';
  try {
    new JsonSchemaValidator().getValidator(schema as never)({});
  } catch (err) {
    return `not a usable JSON Schema: ${(err as Error).message}`;
  }
  return null;
}

/** Arguments made up from the schema, or null when they do not satisfy it (a pattern, say): then the tool is not called. */
function validArguments(tool: Record<string, unknown>): Record<string, unknown> | null {
  const args = argumentsFor(tool.inputSchema);
  return new JsonSchemaValidator().getValidator(tool.inputSchema as never)(args).valid ? args : null;
}

/** `note`: a JSON-RPC error, which lint's rules grade on its frame (a tool failure there is the SHOULD on isError). */
async function callOne(
  ctx: CheckContext,
  tool: Record<string, unknown>,
  args: Record<string, unknown>,
): Promise<{ problem: string | null; note?: string; frames: number[] }> {
  const name = String(tool.name);
  const a = await ask(ctx.main, 'tools/call', { name, arguments: args }, ctx.timeoutMs, { progress: true });
  // A listed tool that fails with a JSON-RPC error broke no outputSchema sentence: what it did break (the SHOULD on
  // isError, mcp/tool-failure-channel, or nothing at all) is lint's to say, on the same frame, so both say the same.
  if (a.error) return { problem: null, note: `${name}: ${gotten(a)}`, frames: a.frames };
  if (!a.result) return { problem: `${name}: ${gotten(a)}`, frames: a.frames };
  if (!Array.isArray(a.result.content)) return { problem: `${name}: the result has no content array`, frames: a.frames };
  if (isPlainObject(tool.outputSchema) && a.result.isError !== true) {
    if (!isPlainObject(a.result.structuredContent)) return { problem: `${name}: declares an outputSchema but returned no structuredContent`, frames: a.frames };
    const v = new JsonSchemaValidator().getValidator(tool.outputSchema as never)(a.result.structuredContent);
    if (!v.valid) return { problem: `${name}: structuredContent fails its outputSchema: ${v.errorMessage}`, frames: a.frames };
  }
  return { problem: null, frames: a.frames };
}

export const TOOL_CHECKS: CheckDefinition[] = [
  {
    id: 'tools/list',
    group: 'tools',
    title: 'tools/list answers with tools, every page, each with a name',
    spec: SENTENCES.listResult,
    fix: 'Answer tools/list with {tools: [{name, inputSchema, …}], nextCursor?} and make each cursor lead to the next page.',
    requires: { capability: 'tools' },
    async run(ctx) {
      const l = await toolList(ctx);
      if (l.problem) return { ok: false, detail: l.problem, frames: l.frames };
      const unnamed = l.items.filter((t) => typeof t.name !== 'string' || t.name === '').length;
      if (unnamed > 0) return { ok: false, detail: `${unnamed} tool(s) without a name`, frames: l.frames };
      const names = l.items.map((t) => String(t.name));
      const twice = names.filter((n, i) => names.indexOf(n) !== i);
      if (twice.length > 0) return { ok: false, detail: `listed more than once: ${[...new Set(twice)].join(', ')}`, frames: l.frames };
      return { ok: true, detail: `${l.items.length} tool(s) on ${l.pages} page(s)`, frames: l.frames };
    },
  },
  {
    id: 'tools/input-schema',
    group: 'tools',
    title: 'each inputSchema is a JSON Schema object with type "object"',
    spec: SENTENCES.inputSchema,
    fix: 'Give every tool an inputSchema {"type":"object", "properties": {…}, "required": […]}, even one with no parameters.',
    requires: { capability: 'tools' },
    async run(ctx) {
      const l = await toolList(ctx);
      if (l.items.length === 0) return { skip: 'the server lists no tools' };
      const problems = l.items.flatMap((t) => {
        const p = inputSchemaProblem(t.inputSchema);
        return p === null ? [] : [`${String(t.name)}: ${p}`];
      });
      return problems.length === 0
        ? { ok: true, detail: `${l.items.length} schema(s) usable`, frames: l.frames }
        : { ok: false, detail: problems.join('; '), frames: l.frames };
    },
  },
  {
    id: 'tools/call',
    group: 'tools',
    title: 'tools called with arguments from their schema answer with content (and structuredContent fitting outputSchema)',
    spec: SENTENCES.outputSchema,
    fix: 'Answer tools/call with {content: […]} (isError: true when the tool failed); when the tool declares an outputSchema, return structuredContent that satisfies it.',
    requires: { capability: 'tools' },
    async run(ctx) {
      const tools = (await toolList(ctx)).items.filter((t) => ctx.mayCall(t) && inputSchemaProblem(t.inputSchema) === null);
      if (tools.length === 0) return { skip: 'no tool is annotated read-only (readOnlyHint) and none was allowed with --allow-tools' };
      const frames: number[] = [];
      const problems: string[] = [];
      const notes: string[] = [];
      const called: string[] = [];
      const unfit: string[] = [];
      const from = ctx.main.frames.length;
      for (const tool of tools) {
        const args = validArguments(tool);
        if (args === null) {
          unfit.push(String(tool.name));
          continue;
        }
        const r = await callOne(ctx, tool, args);
        called.push(String(tool.name));
        frames.push(...r.frames);
        if (r.problem) problems.push(r.problem);
        if (r.note) notes.push(r.note);
      }
      if (called.length === 0) return { skip: `no arguments fitting the schema could be made up for ${unfit.join(', ')}` };
      const notCalled = unfit.length > 0 ? ` (not called, no fitting arguments could be made up: ${unfit.join(', ')})` : '';
      const errors = notes.length > 0 ? `; answered with a JSON-RPC error (graded by lint on its frame): ${notes.join('; ')}` : '';
      const asked = serverRequests(ctx.main.frames.slice(from));
      return {
        ok: problems.length === 0,
        detail: `${problems.length === 0 ? `called ${called.join(', ')}${notCalled}` : problems.join('; ')}${errors}${asked}`,
        frames,
      };
    },
  },
  {
    id: 'tools/unknown-tool',
    group: 'tools',
    title: 'an unknown tool is a JSON-RPC error, not a result',
    spec: SENTENCES.unknownTool,
    fix: `Answer tools/call for a tool you do not have with a JSON-RPC error (-32602), not a result.`,
    requires: { capability: 'tools' },
    async run(ctx) {
      const a = await ask(ctx.main, 'tools/call', { name: NO_SUCH_TOOL, arguments: {} }, ctx.timeoutMs);
      // -32601 is still a protocol error, but it says "no such method": the tools page shows -32602 (lint: mcp/unknown-tool-method-not-found).
      if (a.malformedError !== null)
        return { ok: false, detail: `${NO_SUCH_TOOL} got ${a.malformedError}`, frames: a.frames, spec: ruleSentence('jsonrpc/error-object-shape')! };
      if (a.error)
        return {
          ok: true,
          detail: `error ${a.error.code}${a.error.code === -32601 ? ' (method not found; the spec’s example for an unknown tool is -32602)' : ''}`,
          frames: a.frames,
        };
      return unknownToolAnswered(a);
    },
  },
];

/**
 * An unknown tool answered with a result: lint grades that reply by mcp/unknown-tool-as-result, whose sentence has no
 * keyword (info), so check takes the same keyword and passes with an info note rather than warn where lint does not.
 * Silence stays a problem: the request was owed an answer.
 */
export function unknownToolAnswered(a: Asked): CheckOutcome {
  if (a.result === null) return { ok: false, detail: `${NO_SUCH_TOOL} got ${gotten(a)}`, frames: a.frames };
  const how = a.result.isError === true ? 'an isError result' : 'a result';
  return {
    ok: true,
    detail: `info (no keyword): ${NO_SUCH_TOOL} got ${how}, not a JSON-RPC error (-32602); lint mcp/unknown-tool-as-result (info)`,
    frames: a.frames,
    spec: ruleSentence('mcp/unknown-tool-as-result')!,
  };
}

/**
 * The requests the server sent the client while its tools ran (sampling, elicitation, roots), counted by method: with
 * `--answers` the check's connection answered them, so a tool that samples or elicits was graded on its whole flow.
 */
function serverRequests(frames: readonly FrameRecord[]): string {
  const counts = new Map<string, number>();
  for (const f of frames) if (f.dir === 'in' && f.kind === 'request' && f.method) counts.set(f.method, (counts.get(f.method) ?? 0) + 1);
  if (counts.size === 0) return '';
  return `; the server asked ${[...counts].map(([m, n]) => `${m} ×${n}`).join(', ')} on the way`;
}
