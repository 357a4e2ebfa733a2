// The CLI's scratch connections for `mcpscope check`: each one a fresh CallSession (its own server process, or its
// own HTTP session) whose every frame is recorded as made by 'check'. Nothing here touches a session under inspection.
import type { ScratchConnection } from '../../shared/check/index.js';
import type { Target } from '../../shared/relay-protocol.js';
import { CallSession } from '../call/call-session.js';

export class CheckHost {
  /** Every connection opened, by name, in order (for the report and the robustness presets). */
  readonly sessions = new Map<string, CallSession>();

  constructor(
    private readonly target: Target,
    private readonly timeoutMs: number,
  ) {}

  /** A started connection, not yet initialized; throws with the reason when the server cannot be reached. */
  async open(name: string): Promise<ScratchConnection> {
    const session = new CallSession(this.target, { timeoutMs: this.timeoutMs, cancelOnTimeout: true, exchangeErrorsFatal: false, origin: 'check' });
    this.sessions.set(name, session);
    await session.start();
    const overHttp = this.target.transport === 'http' || this.target.transport === 'auto';
    return {
      name,
      engine: session.engine,
      frames: session.frames,
      ...(overHttp ? { httpProbe: (spec) => session.httpProbe(spec) } : {}),
      close: () => session.close(),
    };
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((s) => s.close().catch(() => undefined)));
  }
}
