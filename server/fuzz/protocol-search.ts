// Protocol fuzzing: mutations of valid frames (the id's type and value, params' shape, truncation, batches, duplicate
// ids in flight, notifications with ids, unknown methods, cancellation races) and the fault lab's own presets, each
// reply graded with the lab's verdicts, then a ping to learn whether the server still answers.
import fc, { type Arbitrary } from 'fast-check';
import { argumentsFor } from '../../shared/check/index.js';
import { appliesTo, FAULT_PRESETS, gradeFault, isSettled, type FaultExpectation, type FaultReply } from '../../shared/fault-lab/index.js';
import { parseJson } from '../../shared/jsonrpc.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import type { CallSession } from '../call/call-session.js';
import { collectReplies, sendRawText } from '../call/collect-replies.js';
import { probeFault } from '../call/probe-fault.js';
import { packageVersion } from '../package-root.js';
import type { ToolInfo } from './fuzz-connection.js';
import { failureKey, search, type CampaignContext } from './fuzz-context.js';
import { SERVER_ONLY_RULES } from './fuzz-oracles.js';

type Mutation =
  | { kind: 'id'; base: number; id: unknown }
  | { kind: 'params'; base: number; params: unknown }
  | { kind: 'truncate'; base: number; keep: number }
  | { kind: 'batch'; bases: number[] }
  | { kind: 'notification-with-id'; method: string }
  | { kind: 'duplicate-id'; base: number }
  | { kind: 'cancel-race'; base: number }
  | { kind: 'unknown-method'; method: string }
  /** A request sent after initialize was answered and before notifications/initialized: on a bare session. */
  | { kind: 'during-init'; base: number };

const NOTIFICATIONS = ['notifications/initialized', 'notifications/cancelled', 'notifications/progress', 'notifications/roots/list_changed'];
const PARSE_ERROR: FaultExpectation = { kind: 'error', codes: [-32700], nullId: true };

/** The valid requests mutations start from: a ping, a tools/list, and a call of each fuzzed tool with plain arguments. */
function baseRequests(tools: readonly ToolInfo[]): { method: string; params?: unknown }[] {
  const calls = tools.flatMap((t) => {
    const args = argumentsFor(t.inputSchema);
    return args === null ? [] : [{ method: 'tools/call', params: { name: t.name, arguments: args } }];
  });
  return [{ method: 'ping' }, { method: 'tools/list', params: {} }, ...calls.slice(0, 4)];
}

function mutationArb(bases: number): Arbitrary<Mutation> {
  const base = fc.integer({ min: 0, max: bases - 1 });
  const wrongId = fc.oneof(
    fc.boolean(),
    fc.constant(null),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string({ maxLength: 12 }),
    fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
    fc.array(fc.integer(), { maxLength: 2 }),
    fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
  );
  const params = fc.oneof(
    fc.constant([]),
    fc.string({ maxLength: 8 }),
    fc.integer(),
    fc.constant(null),
    fc.boolean(),
    fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  );
  return fc.oneof(
    fc.record({ kind: fc.constant('id' as const), base, id: wrongId }),
    fc.record({ kind: fc.constant('params' as const), base, params }),
    fc.record({ kind: fc.constant('truncate' as const), base, keep: fc.integer({ min: 0, max: 200 }) }),
    fc.record({ kind: fc.constant('batch' as const), bases: fc.array(base, { minLength: 0, maxLength: 4 }) }),
    fc.record({ kind: fc.constant('notification-with-id' as const), method: fc.constantFrom(...NOTIFICATIONS) }),
    fc.record({ kind: fc.constant('duplicate-id' as const), base }),
    fc.record({ kind: fc.constant('cancel-race' as const), base }),
    fc.record({ kind: fc.constant('unknown-method' as const), method: fc.string({ minLength: 1, maxLength: 24 }) }),
    fc.record({ kind: fc.constant('during-init' as const), base }),
  );
}

const frame = (id: unknown, method: string, params?: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });

/** The texts a mutation sends (the graded one last), and what the spec says must come back for it. */
function buildMutation(
  m: Mutation,
  bases: readonly { method: string; params?: unknown }[],
  takeId: () => number,
): { texts: string[]; expect: FaultExpectation } {
  const b = (i: number) => bases[Math.min(i, bases.length - 1)]!;
  switch (m.kind) {
    case 'id': {
      const echoable = typeof m.id === 'string' || Number.isInteger(m.id);
      return {
        texts: [frame(m.id, b(m.base).method, b(m.base).params)],
        expect: echoable
          ? { kind: 'answer' }
          : m.id === null || typeof m.id === 'number'
            ? { kind: 'answer', refusalOk: true }
            : { kind: 'error', codes: [-32600] },
      };
    }
    case 'params': {
      const scalar = m.params === null || typeof m.params !== 'object';
      return {
        texts: [frame(takeId(), b(m.base).method, m.params)],
        expect: scalar ? { kind: 'error', codes: [-32600, -32602] } : { kind: 'answer', refusalOk: true },
      };
    }
    case 'truncate': {
      const whole = frame(takeId(), b(m.base).method, b(m.base).params);
      return { texts: [whole.slice(0, Math.min(m.keep, whole.length - 1))], expect: PARSE_ERROR };
    }
    case 'batch':
      return { texts: [`[${m.bases.map((i) => frame(takeId(), b(i).method, b(i).params)).join(',')}]`], expect: { kind: 'batch' } };
    case 'notification-with-id':
      return { texts: [frame(takeId(), m.method, {})], expect: { kind: 'answer', refusalOk: true } };
    case 'duplicate-id': {
      const id = takeId();
      const text = frame(id, b(m.base).method, b(m.base).params);
      return { texts: [text, text], expect: { kind: 'duplicate' } };
    }
    case 'cancel-race': {
      const id = takeId();
      const cancel = JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: id, reason: 'mcpscope fuzz: a cancellation racing its request' },
      });
      return {
        texts: [frame(id, b(m.base).method, b(m.base).params), cancel],
        expect: { kind: 'answer', refusalOk: true, note: 'A cancelled request may still be answered when the cancellation raced it.' },
      };
    }
    case 'unknown-method':
      return { texts: [frame(takeId(), `mcpscope.fuzz/${m.method}`, {})], expect: { kind: 'error', codes: [-32601] } };
    case 'during-init':
      // The spec asks the client not to; a server may answer or refuse it, never fall over.
      return { texts: [frame(takeId(), b(m.base).method, b(m.base).params)], expect: { kind: 'answer', refusalOk: true } };
  }
}

const toReplies = (frames: readonly FrameRecord[]): FaultReply[] =>
  frames
    .filter((f) => f.dir === 'in')
    .map((f) => {
      const p = parseJson(f.text);
      return p.ok ? { text: f.text, value: p.value } : { text: f.text };
    });

/** initialize sent as raw text and its answer awaited, without notifications/initialized: the server is mid-start. */
async function initializeOnly(s: CallSession, protocolVersion: string, timeoutMs: number): Promise<void> {
  const init = JSON.stringify({
    jsonrpc: '2.0',
    id: s.engine.takeId(),
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'mcpscope-fuzz', version: packageVersion() } },
  });
  await collectReplies(
    s,
    () => sendRawText(s, init, 'fuzz'),
    timeoutMs,
    (frames) => frames.some((f) => f.dir === 'in'),
  );
}

/** After a mutation: the server must still answer a ping (else the hang oracle speaks). */
const alive = (session: CallSession, timeoutMs: number) => session.engine.request('ping', undefined, { timeoutMs });

export interface ProtocolOptions {
  tools: readonly ToolInfo[];
  seed: number;
  runs: number;
  timeoutMs: number;
  replyWaitMs: number;
  overHttp: boolean;
}

export async function protocolCampaign(ctx: CampaignContext, o: ProtocolOptions): Promise<void> {
  const bases = baseRequests(o.tools);
  // The fault lab's presets first, once each (those a live, initialized session can take on this transport).
  const presets = FAULT_PRESETS.filter((p) => appliesTo(p, o.overHttp ? 'http' : 'stdio') && !p.freshSession && !p.lead && (!p.http || o.overHttp));
  let used = 0;
  for (const preset of presets) {
    if (used >= o.runs || ctx.timeUp()) return;
    used++;
    ctx.runs++;
    await ctx.pace();
    const subject = `preset ${preset.id}`;
    const obs = await ctx.conn.attempt(async (s) => {
      const line = await probeFault(s, preset, { timeoutMs: o.replyWaitMs, protocolVersion: ctx.conn.protocolVersion, overHttp: o.overHttp, slowTool: null });
      ctx.verdict(preset.id, line.verdict.outcome);
      await alive(s, o.timeoutMs);
    }, SERVER_ONLY_RULES);
    ctx.progress(subject);
    if (obs === null || ctx.known.has(failureKey(obs.oracle, subject, obs.signature))) continue;
    const key = failureKey(obs.oracle, subject, obs.signature);
    ctx.known.add(key);
    const act = async (s: CallSession) => {
      await probeFault(s, preset, { timeoutMs: o.replyWaitMs, protocolVersion: ctx.conn.protocolVersion, overHttp: o.overHttp, slowTool: null });
      await alive(s, o.timeoutMs);
    };
    ctx.found.push({
      key,
      oracle: obs.oracle,
      mode: 'protocol',
      subject,
      signature: obs.signature,
      summary: obs.summary,
      input: { preset: preset.id },
      original: { preset: preset.id },
      foundAtRun: ctx.runs,
      shrinkRuns: 0,
      shrinkMs: 0,
      bare: false,
      observed: obs,
      act,
    });
  }
  const mutate = (m: Mutation) => async (s: CallSession) => {
    if (m.kind === 'during-init') await initializeOnly(s, ctx.conn.protocolVersion, o.timeoutMs);
    const { texts, expect } = buildMutation(m, bases, () => s.engine.takeId());
    const last = texts.at(-1)!;
    const got = await collectReplies(
      s,
      async () => {
        for (const t of texts) await sendRawText(s, t, 'fuzz');
      },
      o.replyWaitMs,
      (frames) => isSettled(expect, last, toReplies(frames)),
    );
    ctx.verdict(m.kind, gradeFault(expect, last, toReplies(got), { splitReplies: o.overHttp, protocolVersion: ctx.conn.protocolVersion }).outcome);
    // On a bare session the engine never connected: the crash and stack-trace oracles judge it, not a ping.
    if (m.kind === 'during-init') {
      if (s.failure === null) await sendRawText(s, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), 'fuzz');
    } else if (s.failure === null) await alive(s, o.timeoutMs);
  };
  await search(
    ctx,
    {
      mode: 'protocol',
      subject: 'mutation',
      arb: mutationArb(bases.length),
      act: mutate,
      subjectOf: (m) => m.kind,
      lintRules: SERVER_ONLY_RULES,
      bareOf: (m) => m.kind === 'during-init',
    },
    o.runs - used,
    o.seed,
  );
}
