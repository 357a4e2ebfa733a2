// Drives the real client engine over a real relay transport, with no relay in between: what the engine sends, what
// came back, every transport event and every HTTP exchange, for tests of an era over a transport.
import type { HttpExchange } from '../../shared/http-exchange.js';
import { ClientEngine } from '../../shared/engine/index.js';
import type { Transport, TransportEvent } from '../../server/transports/transport.js';
import { waitFor } from './relay-process.js';

export interface EngineOver {
  engine: ClientEngine;
  sent: string[];
  received: string[];
  events: TransportEvent[];
  /** Every record of every exchange (open and final); `done()` keeps the final record of each. */
  exchanges: HttpExchange[];
  done(): HttpExchange[];
  /** Waits for an event of that name (matching `match`) and returns it. */
  event<E extends TransportEvent['event']>(
    name: E,
    match?: (e: Extract<TransportEvent, { event: E }>) => boolean,
    ms?: number,
  ): Promise<Extract<TransportEvent, { event: E }>>;
  close(): Promise<void>;
}

export async function engineOver(transport: Transport, timeoutMs = 30_000): Promise<EngineOver> {
  const sent: string[] = [];
  const received: string[] = [];
  const events: TransportEvent[] = [];
  const exchanges: HttpExchange[] = [];
  let seq = 0;
  const engine = new ClientEngine({
    timeoutMs,
    serverRequests: 'answer',
    send: (text) => {
      sent.push(text);
      transport.send(Buffer.from(text, 'utf8'), ++seq);
    },
  });
  await transport.start({
    onMessage: (bytes) => {
      received.push(bytes.toString('utf8'));
      engine.receive(bytes.toString('utf8'));
      return ++seq;
    },
    onOversize: () => ++seq,
    onStderr: () => {},
    onEvent: (e) => events.push(e),
    // Progress deltas of open streams are not exchanges of their own; their final record carries all they did.
    onExchange: (x) => void (x.state !== 'progress' && exchanges.push(x)),
    onClosed: () => engine.close('the transport closed'),
  });
  const done = () => exchanges.filter((x) => x.state !== 'open');
  return {
    engine,
    sent,
    received,
    events,
    exchanges,
    done,
    event: (name, match = () => true, ms) => waitFor(() => events.find((e) => e.event === name && match(e as never)) as never, `a ${name} event`, ms),
    close: () => transport.close('test over'),
  };
}
