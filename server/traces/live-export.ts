// The inspector's --otlp / --otlp-file: each session it runs (or a tap records into its store) goes out as spans while
// it runs: every exchange is a span as soon as it is answered, sent by the SDK's batch processor (server/traces/
// live-spans.ts), and what is still open when the session ends goes then. Only the open exchanges are kept in memory.
import type { FrameRecord, SessionInfo } from '../../shared/relay-protocol.js';
import type { OtlpChoice } from '../cli/trace-flags.js';
import { LiveSpans } from './live-spans.js';

interface Live {
  name: string;
  /** Frames that came while the exporters were being made, fed once they are. */
  early: FrameRecord[] | null;
  spans: Promise<LiveSpans | null>;
  /** Set once the exporters are made: frames go straight to it, in order. */
  ready: LiveSpans | null;
}

export class LiveExport {
  private readonly live = new Map<string, Live>();
  /** Resolves once every session that ended has been sent (tests, and a clean exit). */
  idle: Promise<void> = Promise.resolve();

  constructor(
    private readonly choice: OtlpChoice,
    private readonly version: string,
    private readonly print: (line: string) => void,
  ) {}

  onSession(info: SessionInfo): void {
    const known = this.live.get(info.id);
    if (info.live) {
      if (known) return;
      const entry: Live = { name: info.name, early: [], spans: Promise.resolve(null), ready: null };
      entry.spans = LiveSpans.open(this.choice, info.target, info.name, this.version).then(
        (spans) => {
          for (const f of entry.early ?? []) spans.frame(f);
          entry.early = null;
          entry.ready = spans;
          return spans;
        },
        (err: Error) => {
          entry.early = null;
          this.print(`session "${info.name}": ${err.message}`);
          return null;
        },
      );
      this.live.set(info.id, entry);
      return;
    }
    if (!known) return;
    this.live.delete(info.id);
    this.idle = this.idle.then(async () => {
      const spans = await known.spans;
      if (!spans) return;
      try {
        for (const line of await spans.close()) this.print(`session "${known.name}": ${line}`);
      } catch (err) {
        this.print(`session "${known.name}": ${(err as Error).message}`);
      }
    });
  }

  onFrame(sessionId: string, frame: FrameRecord): void {
    const entry = this.live.get(sessionId);
    if (!entry) return;
    if (entry.ready) entry.ready.frame(frame);
    else entry.early?.push(frame);
  }
}
