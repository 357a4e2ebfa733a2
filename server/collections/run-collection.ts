// Runs a collection's steps in order on one connection that has done its handshake: variables filled from the
// environment and earlier results, each request sent as the user's, its frames linted as they come, its assertions
// graded. `mcpscope run` and the relay's run from the page both call this.
import { checkAssertions, type StepOutcome } from '../../shared/collections/assertions.js';
import type { Collection, StepResult } from '../../shared/collections/collection-schema.js';
import { resolveVariables } from '../../shared/collections/variables.js';
import type { ClientEngine } from '../../shared/engine/index.js';
import { JsonSchemaValidator, Linter, type Finding } from '../../shared/lint/index.js';
import type { TransportKind } from '../../shared/lint/lint-types.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';

export interface RunConnection {
  engine: ClientEngine;
  frames: readonly FrameRecord[];
  onFrame(listener: (frame: FrameRecord) => void): () => void;
}

export interface RunCollectionOptions {
  env(name: string): string | undefined;
  timeoutMs: number;
  /** Stop at the first step that does not pass; the rest are reported as skipped. */
  bail: boolean;
  transport: TransportKind;
  protocolVersion: string;
  onStep?(r: StepResult): void;
}

/** The server's requests among `frames` and whether each got a result from mcpscope (an answer, not an error). */
function serverRequests(frames: readonly FrameRecord[]): StepOutcome['serverRequests'] {
  const answered = new Set(frames.filter((f) => f.dir === 'out' && f.kind === 'response').map((f) => f.rpcId));
  return frames.filter((f) => f.dir === 'in' && f.kind === 'request' && f.method !== null).map((f) => ({ method: f.method!, answered: answered.has(f.rpcId) }));
}

export async function runCollection(c: Collection, conn: RunConnection, o: RunCollectionOptions): Promise<StepResult[]> {
  const linter = new Linter({ transport: o.transport, protocolVersion: o.protocolVersion, jsonSchemaValidator: new JsonSchemaValidator() });
  const findings: Finding[] = [];
  // The handshake's frames are linted too (a finding there belongs to no step, but sets the linter's state).
  for (const f of conn.frames) findings.push(...linter.push(f));
  const unwatch = conn.onFrame((f) => findings.push(...linter.push(f)));
  const validator = new JsonSchemaValidator();
  const results = new Map<string, unknown>();
  const out: StepResult[] = [];
  let stopped = false;
  try {
    for (const step of c.steps) {
      const started = performance.now();
      const done = (r: Omit<StepResult, 'name' | 'method' | 'durationMs'>) => {
        const result: StepResult = { name: step.name, method: step.method, ...r, durationMs: performance.now() - started };
        out.push(result);
        o.onStep?.(result);
        if (result.status !== 'pass' && o.bail) stopped = true;
      };
      if (stopped) {
        done({ status: 'skipped', latencyMs: null, response: null, assertions: [], error: 'an earlier step did not pass (--bail)', frames: [] });
        continue;
      }
      const filled = resolveVariables({ params: step.params, assert: step.assert }, { env: o.env, result: (name) => results.get(name) });
      if (!filled.ok) {
        done({ status: 'error', latencyMs: null, response: null, assertions: [], error: filled.error, frames: [] });
        continue;
      }
      const { params, assert } = filled.value as { params: unknown; assert: typeof step.assert };
      const first = conn.frames.length + 1;
      let response: Record<string, unknown> | null = null;
      let latencyMs: number | null = null;
      let error: string | undefined;
      const sent = performance.now();
      try {
        response = (await conn.engine.request(step.method, params, { origin: 'user', timeoutMs: o.timeoutMs })) as unknown as Record<string, unknown>;
        latencyMs = performance.now() - sent;
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
      const frames = conn.frames.slice(first - 1);
      const seqs = frames.filter((f) => f.dir !== 'relay' || f.kind === 'http').map((f) => f.seq);
      if (response !== null && 'result' in response) results.set(step.name, response.result);
      if (error !== undefined && response === null) {
        done({ status: 'error', ...(params === undefined ? {} : { params }), latencyMs, response, assertions: [], error, frames: seqs });
        continue;
      }
      const outcome: StepOutcome = {
        method: step.method,
        response,
        latencyMs,
        findings: findings.filter((f) => f.seq >= first),
        serverRequests: serverRequests(frames),
      };
      const assertions = checkAssertions(assert, outcome, validator);
      done({
        status: assertions.every((a) => a.pass) ? 'pass' : 'fail',
        ...(params === undefined ? {} : { params }),
        latencyMs,
        response,
        assertions,
        frames: seqs,
      });
    }
  } finally {
    unwatch();
  }
  return out;
}
