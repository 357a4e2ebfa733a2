// What every search of a campaign shares: the connection, the run and time budget, the rate limit, the failures
// already known (so each is found once), and the search loop over fast-check that finds a failure and shrinks it.
import fc, { type Arbitrary } from 'fast-check';
import type { CallSession } from '../call/call-session.js';
import type { FuzzFailure } from '../../shared/fuzz/fuzz-report.js';
import type { FuzzConnection, InFlight } from './fuzz-connection.js';
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
  /**
   * The next input may go out once this one is answered, before it is judged (tools/call: each is an exchange of its
   * own). Not for protocol mutations, whose replies are gathered over a wait and may answer a neighbour's id.
   */
  overlap?: boolean;
}

/** A failure the scan met: its input, which of the round's inputs it was, and what the oracles said. */
interface Hit<T> {
  key: string;
  input: T;
  /** Its place in the round's sequence of inputs: fast-check's path to it. */
  index: number;
  /** Its number in the campaign (the report's foundAtRun). */
  run: number;
  time: number;
  obs: Observed;
}

/**
 * Searches `runs` inputs of `s.arb` for a failure not known yet; on one, fast-check shrinks it, keeping only smaller
 * inputs that fail the same way (same oracle and signature), then `simpler` tries its own cuts. Rounds repeat with a
 * new seed until the runs are spent, so one campaign can find several failures of one subject.
 */
export async function search<T>(ctx: CampaignContext, s: Search<T>, runs: number, seed: number): Promise<void> {
  let left = runs;
  for (let round = 0; left > 0 && !ctx.timeUp(); round++) {
    const roundSeed = searchSeed(seed, s.subject, round);
    const { used, hits } = await scan(ctx, s, roundSeed, left);
    left -= used;
    if (hits.length === 0) return;
    for (const hit of hits) if (!ctx.known.has(hit.key)) await shrink(ctx, s, roundSeed, hit);
  }
}

/** One input sent and waited for, judged by the oracles; null when the server could not be started (ctx.fatal). */
async function runOne<T>(ctx: CampaignContext, s: Search<T>, input: T): Promise<Observed | null> {
  await ctx.pace();
  try {
    return await ctx.conn.attempt(s.act(input), s.lintRules, s.bareOf?.(input) ?? false);
  } catch (err) {
    ctx.fatal ??= err instanceof Error ? err : new Error(String(err));
    return null;
  }
}

/**
 * Sends the round's inputs until one fails in a way not known yet, or the budget or the time is spent. fc.check draws
 * them (so a failure's index is the path it replays to shrink it), but the property only sends: with `s.overlap`, an
 * input answered on a live session lets the next go out at once, and is judged (linted) while the server works on
 * that one, and fast-check draws the input after it meanwhile. The input after a failure is then on the wire already
 * and is judged as well (a second failure of its own is kept too). Whatever needs waiting for (a death, a timeout, a
 * bare session) is judged before anything else goes out. The property fails only to end the round.
 */
async function scan<T>(ctx: CampaignContext, s: Search<T>, seed: number, budget: number): Promise<{ used: number; hits: Hit<T>[] }> {
  const hits: Hit<T>[] = [];
  let used = 0;
  let last: { sent: InFlight; input: T; index: number; run: number } | null = null;
  const judged = async (x: NonNullable<typeof last>) => {
    const obs = await ctx.conn.judge(x.sent, s.lintRules);
    const subject = s.subjectOf?.(x.input) ?? s.subject;
    ctx.progress(subject);
    if (obs === null) return;
    const key = failureKey(obs.oracle, subject, obs.signature);
    if (!ctx.known.has(key) && !hits.some((h) => h.key === key)) hits.push({ key, input: x.input, index: x.index, run: x.run, time: Date.now(), obs });
  };
  /** Waits for the input in flight; judges it now unless the next may go out first. */
  const settled = async () => {
    if (last === null) return;
    if (s.overlap === true && (await ctx.conn.settle(last.sent))) return;
    if (s.overlap !== true) await ctx.conn.settle(last.sent);
    const x = last;
    last = null;
    await judged(x);
  };
  const prop = fc.asyncProperty(s.arb, async (input) => {
    try {
      await settled();
      if (hits.length > 0 || ctx.timeUp()) return false;
      await ctx.pace();
      const sent = await ctx.conn.begin(s.act(input), s.bareOf?.(input) ?? false);
      const x = { sent, input, index: used++, run: ++ctx.runs };
      // The last input is judged while this one is on the wire (and fast-check draws the next meanwhile).
      const previous = last;
      last = x;
      if (previous !== null) await judged(previous);
      return hits.length === 0;
    } catch (err) {
      ctx.fatal ??= err instanceof Error ? err : new Error(String(err));
      return false;
    }
  });
  await fc.check(prop, { seed, numRuns: budget, endOnFailure: true });
  try {
    await settled();
    if (last !== null) await judged(last);
  } catch (err) {
    ctx.fatal ??= err instanceof Error ? err : new Error(String(err));
  }
  return { used, hits };
}

/**
 * Shrinks a failure the scan met: fc.check replays the round from its seed along the path to that input (whose
 * verdict is known, so it is not sent again) and shrinks it, sending each smaller candidate alone and keeping those
 * that fail the same way; then `simpler` tries its own cuts. Shrinking is serial: each verdict decides the next try.
 */
async function shrink<T>(ctx: CampaignContext, s: Search<T>, seed: number, hit: Hit<T>): Promise<void> {
  let best = { input: hit.input, obs: hit.obs };
  let shrinks = 0;
  let first = true;
  const prop = fc.asyncProperty(s.arb, async (input) => {
    // The replay's first input is the one that failed (fast-check's path); should it ever differ, it is tried anew.
    if (first && ((first = false), fc.stringify(input) === fc.stringify(hit.input))) return false;
    if (shrinks >= MAX_SHRINK_RUNS || ctx.timeUp()) return true;
    shrinks++;
    ctx.shrinkRuns++;
    const obs = await runOne(ctx, s, input);
    ctx.progress(s.subjectOf?.(input) ?? s.subject);
    if (obs === null || failureKey(obs.oracle, s.subjectOf?.(input) ?? s.subject, obs.signature) !== hit.key) return true;
    best = { input, obs };
    return false;
  });
  await fc.check(prop, { seed, path: String(hit.index), numRuns: 1, endOnFailure: false });
  // Each cut that still fails the same way is kept, and the cuts of the smaller input are tried next.
  for (let improved = true; improved;) {
    improved = false;
    for (const smaller of s.simpler?.(best.input) ?? []) {
      if (shrinks >= MAX_SHRINK_RUNS || ctx.timeUp()) break;
      shrinks++;
      ctx.shrinkRuns++;
      const obs = await runOne(ctx, s, smaller);
      if (obs === null || failureKey(obs.oracle, s.subjectOf?.(smaller) ?? s.subject, obs.signature) !== hit.key) continue;
      best = { input: smaller, obs };
      improved = true;
      break;
    }
  }
  const { input, obs } = best;
  ctx.known.add(hit.key);
  ctx.found.push({
    key: hit.key,
    oracle: obs.oracle,
    mode: s.mode,
    subject: s.subjectOf?.(input) ?? s.subject,
    signature: obs.signature,
    summary: obs.summary,
    input,
    original: hit.input,
    foundAtRun: hit.run,
    shrinkRuns: shrinks,
    shrinkMs: Date.now() - hit.time,
    bare: s.bareOf?.(input) ?? false,
    observed: obs,
    act: s.act(input),
  });
  ctx.progress(s.subject);
}
