// A client engine wired to an in-memory outbox and a hand-driven clock, so every timeout in the engine tests is exact.
import { ClientEngine, type ClientEngineOptions, type Scheduler } from '../../../shared/engine/index.js';

export type Json = Record<string, unknown>;

export function harness(options: Partial<ClientEngineOptions> = {}) {
  const sent: string[] = [];
  /** Who made each frame in `sent`, as the engine told its transport. */
  const origins: string[] = [];
  let now = 0;
  const timers = new Map<() => void, number>();
  const schedule: Scheduler = (fn, ms) => {
    timers.set(fn, now + ms);
    return () => timers.delete(fn);
  };
  const engine = new ClientEngine({
    send: (text, origin) => void (sent.push(text), origins.push(origin)),
    schedule,
    now: () => now,
    timeoutMs: 1000,
    ...options,
  });
  const messages = (): Json[] => sent.map((t) => JSON.parse(t) as Json);
  const last = (): Json => messages().at(-1)!;
  return {
    engine,
    sent,
    origins,
    messages,
    last,
    /** Moves the clock on, firing due timers in order (a fired timer may schedule another one). */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers].filter(([, at]) => at <= until).sort((a, b) => a[1] - b[1])[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1];
        due[0]();
      }
      now = until;
    },
    activeTimers: () => timers.size,
    /** Answers the newest request with a result. */
    reply(result: unknown, to: Json = last()) {
      return engine.receive(JSON.stringify({ jsonrpc: '2.0', id: to.id, result }));
    },
    replyError(code: number, message: string, to: Json = last()) {
      return engine.receive(JSON.stringify({ jsonrpc: '2.0', id: to.id, error: { code, message } }));
    },
  };
}

/** Lets queued promise callbacks (the engine's async steps) run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function initializeResult(protocolVersion: unknown, capabilities: Json = { tools: {} }): Json {
  return { protocolVersion, capabilities, serverInfo: { name: 'test-server', version: '1.0.0' }, instructions: 'Be nice.' };
}
