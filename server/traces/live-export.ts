// The inspector's --otlp / --otlp-file: each session it runs (or a tap records into its store) goes out as spans when
// it ends, read back from the store, so a long session costs no memory while it runs.
import type { SessionInfo } from '../../shared/relay-protocol.js';
import type { Recorder } from '../store/recorder.js';
import { iterateFrames } from '../store/archive/frame-cursor.js';
import type { OtlpChoice } from '../cli/trace-flags.js';
import { exportFrames } from './session-tracing.js';

export class LiveExport {
  private readonly live = new Set<string>();
  /** One export at a time, in the order sessions end; `idle` resolves once all queued ones are done. */
  idle: Promise<void> = Promise.resolve();

  constructor(
    private readonly recorder: Recorder,
    private readonly choice: OtlpChoice,
    private readonly version: string,
    private readonly print: (line: string) => void,
  ) {}

  onSession(info: SessionInfo): void {
    if (info.live) {
      this.live.add(info.id);
      return;
    }
    if (!this.live.delete(info.id)) return;
    const { id, name, target } = info;
    this.idle = this.idle.then(async () => {
      try {
        const frames = [];
        for await (const f of iterateFrames(this.recorder, id)) frames.push(f);
        for (const line of await exportFrames([{ name, frames }], target, this.choice, this.version)) this.print(`session "${name}": ${line}`);
      } catch (err) {
        this.print(`session "${name}": ${(err as Error).message}`);
      }
    });
  }
}
