// Folds a session's frames into its OAuth flows for the auth debugger: each step's latest state, with the HTTP
// exchanges it made (their final records) and where the flow stopped. Pure; the log only ever appends.
import { HttpExchangeSchema, type HttpExchange } from '../http-exchange.js';
import { AuthStepEventSchema, type AuthStepEvent, type AuthStepName } from './auth-steps.js';

export interface FrameLike {
  seq: number;
  dir: string;
  kind: string;
  text: string;
}

export interface StepView extends Omit<AuthStepEvent, 'event' | 'exchanges'> {
  /** The seq of the event that last changed this step. */
  seq: number;
  exchanges: HttpExchange[];
  /** Exchange ids the step named that no record was found for (yet). */
  missing: string[];
}

export interface FlowView {
  id: string;
  steps: StepView[];
  /** ok: the request went again with a token; failed: stopped at `stoppedAt`; waiting: for a person; running. */
  outcome: 'ok' | 'failed' | 'waiting' | 'running';
  stoppedAt: AuthStepName | null;
  /** Why the connection gave up after this flow, when an AUTH_FAILED error followed it. */
  error: string | null;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function authFlows(frames: readonly FrameLike[]): FlowView[] {
  const exchanges = new Map<string, HttpExchange>();
  const flows = new Map<string, FlowView>();
  const idsOf = new Map<StepView, string[]>();
  let last: FlowView | null = null;
  for (const f of frames) {
    if (f.dir !== 'relay') continue;
    if (f.kind === 'http') {
      const x = HttpExchangeSchema.safeParse(parse(f.text));
      if (x.success && x.data.purpose === 'auth') exchanges.set(x.data.id, x.data);
      continue;
    }
    if (f.kind !== 'event') continue;
    const raw = parse(f.text) as { event?: unknown; code?: unknown; message?: unknown } | null;
    if (raw?.event === 'error' && raw.code === 'AUTH_FAILED' && last) {
      last.error = String(raw.message);
      if (last.outcome !== 'failed') last.outcome = 'failed';
      continue;
    }
    const e = AuthStepEventSchema.safeParse(raw);
    if (!e.success) continue;
    const ev = e.data;
    let flow = flows.get(ev.flow);
    if (!flow) flows.set(ev.flow, (flow = { id: ev.flow, steps: [], outcome: 'running', stoppedAt: null, error: null }));
    last = flow;
    const view: StepView = {
      flow: ev.flow,
      step: ev.step,
      status: ev.status,
      message: ev.message,
      findings: ev.findings,
      facts: ev.facts,
      seq: f.seq,
      exchanges: [],
      missing: [],
    };
    const at = flow.steps.findIndex((s) => s.step === ev.step);
    if (at === -1) flow.steps.push(view);
    else flow.steps[at] = view;
    idsOf.set(view, ev.exchanges);
    if (ev.status === 'failed') {
      flow.outcome = 'failed';
      flow.stoppedAt = ev.step;
    } else if (ev.step === 'retry' && ev.status === 'ok') flow.outcome = 'ok';
    else if (flow.outcome !== 'failed') flow.outcome = ev.status === 'waiting' ? 'waiting' : 'running';
  }
  for (const flow of flows.values()) {
    for (const s of flow.steps) {
      for (const id of idsOf.get(s) ?? []) {
        const x = exchanges.get(id);
        if (x) s.exchanges.push(x);
        else s.missing.push(id);
      }
    }
  }
  return [...flows.values()];
}
