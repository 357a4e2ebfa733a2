// What every search of a campaign shares: the connection, the run and time budget, the rate limit, the failures
// already known (so each is found once), and the search loop over fast-check that finds a failure and shrinks it.
import fc, { type Arbitrary } from 'fast-check';
import type { CallSession } from '../call/call-session.js';
import type { FuzzFailure } from '../../shared/fuzz/fuzz-report.js';
import type { FuzzConnection } from './fuzz-connection.js';
import type { Observed } from './fuzz-oracles.js';

/** Shrinking stops after this many attempts for one failure (each is a real request, some a restart or a timeout). */
const MAX_SHRINK_RUNS = 200;

/** A failure found and shrunk, before it is kept: `act` sends its shrunk input alone, for the repro. */
export interface Found extends Omit<FuzzFailure, 'reproduced' | 'bundle' | 'sessionId' | 'frame' | 'stderr' | 'exitCode' | 'signal' | 'findings' | 'verdict'> {
  observed: Observed;
  /** Its input goes out on a bare session (see Search.bareOf). */
  bare: boolean;
  act: (session: CallSession) => Promise<unknown>;
}

export interface Progress {
  runs: number;
  shrinkRuns: number;
  failures: number;
  subject: string;
}

export class CampaignContext {
  runs = 0;
  shrinkRuns = 0;
  readonly known = new Set<string>();
  readonly found: Found[] = [];
  /** Protocol mode: the fault lab's verdicts on each mutation kind and preset, counted. */
  readonly verdicts: Record<string, Record<string, number>> = {};
  /** Set when the server could not be started at all: the campaign ends with it. */
  fatal: Error | null = null;
  stopped = false;
  private nextSlot = 0;

  constructor(
    readonly conn: FuzzConnection,
    readonly o: { timeoutMs: number; deadline: number | null; ratePerSecond: number | null },
    private readonly onProgress: (p: Progress) => void = () => undefined,
  ) {}

  timeUp(): boolean {
    return this.stopped || this.fatal !== null || (this.o.deadline !== null && Date.now() >= this.o.deadline);
  }

  /** The rate limit: at most ratePerSecond inputs a second, spaced evenly. */
  async pace(): Promise<void> {
    if (this.o.ratePerSecond === null) return;
    const now = Date.now();
    const wait = this.nextSlot - now;
    this.nextSlot = Math.max(now, this.nextSlot) + 1000 / this.o.ratePerSecond;
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }

  verdict(subject: string, outcome: string): void {
    const counts = (this.verdicts[subject] ??= {});
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }

  progress(subject: string): void {
    this.onProgress({ runs: this.runs, shrinkRuns: this.shrinkRuns, failures: this.found.length, subject });
  }
}

export const failureKey = (oracle: string, subject: string, signature: string) => `${oracle} · ${subject} · ${signature}`;

/** A 32-bit seed for one search, from the campaign's seed, the subject and the round: the same seed, the same searches. */
export function searchSeed(seed: number, subject: string, round: number): number {
  let h = seed | 0;
  for (const c of `${subject}#${round}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
  return h | 0;
}

export interface Search<T> {
  mode: 'args' | 'protocol';
  subject: string;
  arb: Arbitrary<T>;
  /** Sends one input and waits for what it brings. */
  act: (input: T) => (session: CallSession) => Promise<unknown>;
  /** The smaller inputs to try after fast-check's shrinking (an unknown member dropped…), best first. */
  simpler?: (input: T) => T[];
  /** The subject a failure of this input is grouped under, when it depends on the input (a mutation's kind). */
  subjectOf?: (input: T) => string;
  /** Protocol mutations break the lint's view of the exchange on purpose: only these rules are then oracles. */
  lintRules?: ReadonlySet<string>;
  /** Inputs that go out on a bare session, before its handshake is done (requests during initialization). */
  bareOf?: (input: T) => boolean;
}

/**
 * Searches `runs` inputs of `s.arb` for a failure not known yet; on one, fast-check shrinks it, keeping only smaller
 * inputs that fail the same way (same oracle and signature), then `simpler` tries its own cuts. Rounds repeat with a
 * new seed until the runs are spent, so one campaign can find several failures of one subject.
 */
export async function search<T>(ctx: CampaignContext, s: Search<T>, runs: number, seed: number): Promise<void> {
  let left = runs;
  for (let round = 0; left > 0 && !ctx.timeUp(); round++) {
    const st = {
      target: null as string | null,
      used: 0,
      shrinks: 0,
      foundAt: 0,
      foundTime: 0,
      original: undefined as T | undefined,
      best: null as { input: T; obs: Observed } | null,
    };
    const run = async (input: T): Promise<Observed | null> => {
      await ctx.pace();
      try {
        return await ctx.conn.attempt(s.act(input), s.lintRules, s.bareOf?.(input) ?? false);
      } catch (err) {
        ctx.fatal ??= err instanceof Error ? err : new Error(String(err));
        return null;
      }
    };
    const prop = fc.asyncProperty(s.arb, async (input) => {
      if (st.target === null) {
        if (ctx.timeUp()) return true;
        st.used++;
        ctx.runs++;
      } else {
        if (st.shrinks >= MAX_SHRINK_RUNS || ctx.timeUp()) return true;
        st.shrinks++;
        ctx.shrinkRuns++;
      }
      const obs = await run(input);
      const subject = s.subjectOf?.(input) ?? s.subject;
      ctx.progress(subject);
      if (obs === null) return true;
      const key = failureKey(obs.oracle, subject, obs.signature);
      if (st.target === null) {
        if (ctx.known.has(key)) return true;
        Object.assign(st, { target: key, foundAt: ctx.runs, foundTime: Date.now(), original: input, best: { input, obs } });
        return false;
      }
      if (key !== st.target) return true;
      st.best = { input, obs };
      return false;
    });
    await fc.check(prop, { seed: searchSeed(seed, s.subject, round), numRuns: left, endOnFailure: false });
    left -= st.used;
    if (st.target === null || st.best === null) return;
    // Each cut that still fails the same way is kept, and the cuts of the smaller input are tried next.
    for (let improved = true; improved;) {
      improved = false;
      for (const smaller of s.simpler?.(st.best.input) ?? []) {
        if (st.shrinks >= MAX_SHRINK_RUNS || ctx.timeUp()) break;
        st.shrinks++;
        ctx.shrinkRuns++;
        const obs = await run(smaller);
        if (obs === null || failureKey(obs.oracle, s.subjectOf?.(smaller) ?? s.subject, obs.signature) !== st.target) continue;
        st.best = { input: smaller, obs };
        improved = true;
        break;
      }
    }
    const { input, obs } = st.best;
    ctx.known.add(st.target);
    ctx.found.push({
      key: st.target,
      oracle: obs.oracle,
      mode: s.mode,
      subject: s.subjectOf?.(input) ?? s.subject,
      signature: obs.signature,
      summary: obs.summary,
      input,
      original: st.original,
      foundAtRun: st.foundAt,
      shrinkRuns: st.shrinks,
      shrinkMs: Date.now() - st.foundTime,
      bare: s.bareOf?.(input) ?? false,
      observed: obs,
      act: s.act(input),
    });
    ctx.progress(s.subject);
  }
}
