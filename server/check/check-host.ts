// The scratch connections of `mcpscope check` (and of the Conformance tab): each one a fresh CallSession (its own
// server process, or its own HTTP session) whose every frame is recorded as made by 'check'. Nothing here touches a
// session under inspection.
import type { ScratchConnection } from '../../shared/check/index.js';
import type { FrameRecord, Target } from '../../shared/relay-protocol.js';
import { installScriptedClient, type ScriptedClient } from '../call/call-answers.js';
import { CallSession, type CallSessionOptions } from '../call/call-session.js';
import { startTracing } from '../traces/session-tracing.js';

/** Where a connection's frames are also kept (the relay's store): called before it starts, so it sees every frame. */
export interface CheckRecording {
  id: string;
  append(frame: FrameRecord): void;
  /** The connection closed: the recording ends with `lastSeq`. */
  end(lastSeq: number): void;
}

export class CheckHost {
  /** Every connection opened, by name, in order (for the report and the robustness presets). */
  readonly sessions = new Map<string, CallSession>();
  private readonly recordings = new Map<string, CheckRecording>();

  constructor(
    private readonly target: Target,
    private readonly timeoutMs: number,
    private readonly record?: (name: string) => CheckRecording,
    /**
     * `check --auth oauth`: where each connection's authorizer keeps its tokens. One token store for all of them (a file
     * in this data dir), so the first connection's flow gets the token and every later one sends it; a refusal (an
     * expired token) on any connection gets a new one (a refresh, or another client credentials grant) that the others
     * then pick up on their own next refusal.
     */
    private readonly oauth?: CallSessionOptions['oauth'],
    /** --trace: every connection's own requests carry W3C trace context, one trace per connection. */
    private readonly trace = false,
    /**
     * --answers: every connection answers the server's sampling, elicitation and roots requests from it (a server may
     * ask on any of them); what the handshake declares is the caller's (the main connection declares them).
     */
    private readonly client: ScriptedClient | null = null,
  ) {}

  /** A started connection, not yet initialized; throws with the reason when the server cannot be reached. */
  async open(name: string): Promise<ScratchConnection> {
    const session = new CallSession(this.target, {
      timeoutMs: this.timeoutMs,
      cancelOnTimeout: true,
      exchangeErrorsFatal: false,
      origin: 'check',
      ...(this.oauth ? { oauth: this.oauth } : {}),
    });
    this.sessions.set(name, session);
    const recording = this.record?.(name);
    if (recording) {
      this.recordings.set(name, recording);
      session.onFrame((f) => recording.append(f));
    }
    if (this.trace) startTracing(session, `check ${name}`);
    if (this.client) installScriptedClient(session.engine, this.client);
    await session.start();
    const overHttp = this.target.transport === 'http' || this.target.transport === 'auto';
    return {
      name,
      engine: session.engine,
      frames: session.frames,
      onFrame: (listener) => session.onFrame(listener),
      ...(overHttp ? { httpProbe: (spec) => session.httpProbe(spec) } : {}),
      close: () => session.close(),
    };
  }

  /** Each connection by name, its frame count and (when recorded) its session id in the store. */
  summary(): { name: string; frames: number; id?: string }[] {
    return [...this.sessions].map(([name, s]) => {
      const id = this.recordings.get(name)?.id;
      return { name, frames: s.frames.length, ...(id === undefined ? {} : { id }) };
    });
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((s) => s.close().catch(() => undefined)));
    for (const [name, r] of this.recordings) r.end(this.sessions.get(name)?.frames.length ?? 0);
    this.recordings.clear();
  }
}
