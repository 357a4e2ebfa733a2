// Resource, prompt, completion and logging checks, each run only when the server declared the capability, and
// capability honesty: every declared feature's list method works.
import { isPlainObject } from '../jsonrpc.js';
import { ask, gotten, listAll } from './ask.js';
import type { CheckContext, CheckDefinition } from './check-types.js';
import { ruleSentence } from './rule-sentence.js';
import { SENTENCES } from './spec-sentences.js';

const declared = (ctx: CheckContext, capability: string) => isPlainObject(ctx.connection.serverCapabilities[capability]);

/** The declared capability → the request that shows it works. */
const LIST_OF: Record<string, [method: string, params: unknown]> = {
  tools: ['tools/list', {}],
  resources: ['resources/list', {}],
  prompts: ['prompts/list', {}],
  logging: ['logging/setLevel', { level: 'info' }],
  completions: ['completion/complete', { ref: { type: 'ref/prompt', name: 'mcpscope-check-no-such-prompt' }, argument: { name: 'x', value: '' } }],
};

async function cached(ctx: CheckContext, method: string, key: string) {
  const known = ctx.facts.get(method) as Awaited<ReturnType<typeof listAll>> | undefined;
  if (known) return known;
  const listed = await listAll(ctx.main, method, key, ctx.timeoutMs);
  ctx.facts.set(method, listed);
  return listed;
}

function listCheck(id: string, group: 'resources' | 'prompts', capability: string, method: string, key: string): CheckDefinition {
  return {
    id,
    group,
    title: `${method} answers with ${key}, every page`,
    spec: SENTENCES.listResult,
    fix: `Answer ${method} with {${key}: […], nextCursor?} and make each cursor lead to the next page.`,
    requires: { capability: capability },
    async run(ctx) {
      const l = await cached(ctx, method, key);
      // -32601 from a declared capability's method is lint's mcp/declared-capability-unsupported (info: no keyword binds
      // a server to serve what it declared), not a list that breaks its schema: the check says so and lets it pass.
      if (l.problem && l.methodNotFound)
        return {
          ok: true,
          detail: `info: ${l.problem} although ${capability} was declared (lint: mcp/declared-capability-unsupported, no keyword)`,
          frames: l.frames,
        };
      return l.problem ? { ok: false, detail: l.problem, frames: l.frames } : { ok: true, detail: `${l.items.length} on ${l.pages} page(s)`, frames: l.frames };
    },
  };
}

/** A value for a prompt argument: the server's first completion when it offers completions, else a placeholder. */
async function suggestedValue(ctx: CheckContext, prompt: string, argument: string, frames: number[]): Promise<string> {
  if (!declared(ctx, 'completions')) return 'mcpscope';
  const a = await ask(ctx.main, 'completion/complete', { ref: { type: 'ref/prompt', name: prompt }, argument: { name: argument, value: '' } }, ctx.timeoutMs);
  frames.push(...a.frames);
  const values = isPlainObject(a.result?.completion) ? (a.result.completion as Record<string, unknown>).values : undefined;
  return Array.isArray(values) && typeof values[0] === 'string' ? values[0] : 'mcpscope';
}

export const FEATURE_CHECKS: CheckDefinition[] = [
  {
    id: 'capabilities/declared-methods-work',
    group: 'capabilities',
    title: "each declared capability's methods answer",
    spec: SENTENCES.capabilityHonesty,
    fix: 'Declare only the capabilities whose methods you implement (tools → tools/list, logging → logging/setLevel…).',
    async run(ctx) {
      // 2026-07-28 has no logging/setLevel: its level rides on each request's _meta.
      const caps = Object.keys(LIST_OF).filter((c) => declared(ctx, c) && (c !== 'logging' || ctx.connection.era === 'legacy'));
      if (caps.length === 0) return { skip: 'the server declared none of tools, resources, prompts, logging, completions' };
      const frames: number[] = [];
      const broken: string[] = [];
      const notFound: string[] = [];
      for (const cap of caps) {
        const [method, params] = LIST_OF[cap]!;
        const a = await ask(ctx.main, method, params, ctx.timeoutMs);
        frames.push(...a.frames);
        // No answer is a request left unanswered (a MUST); method not found is lint's declared-capability-unsupported,
        // which no keyword binds (info): said here, graded as lint grades it. Any other error is the method working.
        if (a.failure !== null) broken.push(`${cap} declared but ${method} got ${gotten(a)}`);
        else if (a.error?.code === -32601) notFound.push(`${cap} declared but ${method} got ${gotten(a)}`);
      }
      const info = notFound.length > 0 ? `; info (no keyword, lint: mcp/declared-capability-unsupported): ${notFound.join('; ')}` : '';
      if (broken.length === 0) return { ok: true, detail: `${caps.join(', ')}: each answered${info}`, frames };
      return { ok: false, detail: `${broken.join('; ')}${info}`, frames, spec: ruleSentence('jsonrpc/unanswered-request')! };
    },
  },
  listCheck('resources/list', 'resources', 'resources', 'resources/list', 'resources'),
  listCheck('resources/templates', 'resources', 'resources', 'resources/templates/list', 'resourceTemplates'),
  {
    id: 'resources/read',
    group: 'resources',
    title: 'resources/read of a listed resource answers with its contents',
    spec: SENTENCES.readResult,
    fix: 'Answer resources/read with {contents: [{uri, mimeType?, text | blob}]} for every resource you list.',
    requires: { capability: 'resources' },
    async run(ctx) {
      const first = (await cached(ctx, 'resources/list', 'resources')).items.find((r) => typeof r.uri === 'string');
      if (!first) return { skip: 'the server lists no resources' };
      const a = await ask(ctx.main, 'resources/read', { uri: first.uri }, ctx.timeoutMs);
      if (!a.result) return { ok: false, detail: `${String(first.uri)}: ${gotten(a)}`, frames: a.frames };
      const contents = a.result.contents;
      if (
        !Array.isArray(contents) ||
        !contents.every((c) => isPlainObject(c) && typeof c.uri === 'string' && (typeof c.text === 'string' || typeof c.blob === 'string'))
      ) {
        return { ok: false, detail: `${String(first.uri)}: contents is not a list of {uri, text | blob}`, frames: a.frames };
      }
      return { ok: true, detail: `${String(first.uri)}: ${contents.length} item(s)`, frames: a.frames };
    },
  },
  {
    id: 'resources/subscribe',
    group: 'resources',
    title: 'resources/subscribe and unsubscribe answer when subscribe is declared',
    spec: SENTENCES.subscribe,
    fix: 'Implement resources/subscribe and resources/unsubscribe (empty results), or do not declare resources.subscribe.',
    requires: { era: { is: 'legacy', why: '2026-07-28 replaced resources/subscribe with subscriptions/listen' } },
    async run(ctx) {
      const caps = ctx.connection.serverCapabilities.resources;
      if (!isPlainObject(caps) || caps.subscribe !== true) return { skip: 'the server did not declare resources.subscribe' };
      const first = (await cached(ctx, 'resources/list', 'resources')).items.find((r) => typeof r.uri === 'string');
      if (!first) return { skip: 'the server lists no resources' };
      const sub = await ask(ctx.main, 'resources/subscribe', { uri: first.uri }, ctx.timeoutMs);
      const unsub = await ask(ctx.main, 'resources/unsubscribe', { uri: first.uri }, ctx.timeoutMs);
      const frames = [...sub.frames, ...unsub.frames];
      if (!sub.result) return { ok: false, detail: `subscribe got ${gotten(sub)}`, frames };
      if (!unsub.result) return { ok: false, detail: `unsubscribe got ${gotten(unsub)}`, frames };
      return { ok: true, detail: `subscribed to and unsubscribed from ${String(first.uri)}`, frames };
    },
  },
  listCheck('prompts/list', 'prompts', 'prompts', 'prompts/list', 'prompts'),
  {
    id: 'prompts/get',
    group: 'prompts',
    title: 'prompts/get with its required arguments answers with messages',
    spec: SENTENCES.promptResult,
    fix: 'Answer prompts/get with {messages: [{role, content}]} when the required arguments are given.',
    requires: { capability: 'prompts' },
    async run(ctx) {
      const prompts = (await cached(ctx, 'prompts/list', 'prompts')).items.filter((p) => typeof p.name === 'string');
      if (prompts.length === 0) return { skip: 'the server lists no prompts' };
      const frames: number[] = [];
      const problems: string[] = [];
      const refused: string[] = [];
      for (const p of prompts.slice(0, 10)) {
        const names = Array.isArray(p.arguments)
          ? p.arguments.filter((x) => isPlainObject(x) && x.required === true && typeof x.name === 'string').map((x) => String((x as { name: string }).name))
          : [];
        const args: Record<string, string> = {};
        for (const name of names) args[name] = await suggestedValue(ctx, String(p.name), name, frames);
        const a = await ask(ctx.main, 'prompts/get', { name: p.name, arguments: args }, ctx.timeoutMs);
        frames.push(...a.frames);
        // Made-up values may be ones the prompt cannot take: an error for them is a fair answer, silence is not.
        if (a.error) refused.push(`${String(p.name)} refused the made-up arguments (${gotten(a)})`);
        else if (!a.result) problems.push(`${String(p.name)}: ${gotten(a)}`);
        else if (!Array.isArray(a.result.messages)) problems.push(`${String(p.name)}: no messages array`);
      }
      const note = refused.length > 0 ? `; ${refused.join('; ')}` : '';
      return problems.length === 0
        ? { ok: true, detail: `asked for ${Math.min(prompts.length, 10)} prompt(s)${note}`, frames }
        : { ok: false, detail: problems.join('; ') + note, frames };
    },
  },
  {
    id: 'completion/complete',
    group: 'completion',
    title: 'completion/complete answers with at most 100 values',
    spec: SENTENCES.completion,
    fix: 'Answer completion/complete with {completion: {values: [...], total?, hasMore?}}, 100 values at most.',
    requires: { capability: 'completions' },
    async run(ctx) {
      const prompt = (declared(ctx, 'prompts') ? (await cached(ctx, 'prompts/list', 'prompts')).items : []).find(
        (p) => Array.isArray(p.arguments) && p.arguments.some((x) => isPlainObject(x) && typeof x.name === 'string'),
      );
      if (!prompt) return { skip: 'no prompt with an argument to complete' };
      const arg = (prompt.arguments as Record<string, unknown>[]).find((x) => isPlainObject(x) && typeof x.name === 'string')!;
      const a = await ask(
        ctx.main,
        'completion/complete',
        { ref: { type: 'ref/prompt', name: prompt.name }, argument: { name: arg.name, value: '' } },
        ctx.timeoutMs,
      );
      if (!a.result) return { ok: false, detail: gotten(a), frames: a.frames };
      const c = a.result.completion;
      if (!isPlainObject(c) || !Array.isArray(c.values)) return { ok: false, detail: 'the result has no completion.values', frames: a.frames };
      if (c.values.length > 100) return { ok: false, detail: `${c.values.length} values, more than 100`, frames: a.frames };
      return { ok: true, detail: `${c.values.length} value(s) for ${String(prompt.name)}.${String(arg.name)}`, frames: a.frames };
    },
  },
  {
    id: 'logging/set-level',
    group: 'logging',
    title: 'logging/setLevel takes every level',
    spec: SENTENCES.setLevel,
    fix: 'Answer logging/setLevel with an empty result for each of the eight syslog levels.',
    requires: { capability: 'logging', era: { is: 'legacy', why: "2026-07-28 removed logging/setLevel (the level rides on each request's _meta)" } },
    async run(ctx) {
      const frames: number[] = [];
      const refused: string[] = [];
      let notFound = 0;
      // From the quietest up, ending on one that keeps the rest of the run quiet.
      for (const level of ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency', 'warning']) {
        const a = await ask(ctx.main, 'logging/setLevel', { level }, ctx.timeoutMs);
        frames.push(...a.frames.slice(0, 2));
        if (!a.result) refused.push(`${level}: ${gotten(a)}`);
        if (a.error?.code === -32601) notFound++;
      }
      // Every level refused as method not found: the declared capability is not served, which lint gives info.
      if (notFound > 0 && notFound === refused.length)
        return {
          ok: true,
          detail: `info: logging/setLevel got -32601 although logging was declared (lint: mcp/declared-capability-unsupported, no keyword)`,
          frames,
        };
      return refused.length === 0 ? { ok: true, detail: 'all eight levels taken', frames } : { ok: false, detail: refused.join('; '), frames };
    },
  },
];
