// Drives one remote session through the relay the way a client would, and reads back its HTTP exchanges and events.
import type { HttpExchange, HttpExchangeProgress } from '../../shared/http-exchange.js';
import type { FrameRecord, SessionInfo, Target } from '../../shared/relay-protocol.js';
import type { RelayHandle } from './relay-process.js';
import type { RelaySocket } from './relay-socket.js';

/** Parsed JSON-RPC and event bodies, read deep in assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read deep into server JSON
type Json = any;

export interface RemoteSession {
  sid: string;
  sock: RelaySocket;
  frames(): FrameRecord[];
  /** Sends a request and resolves with the parsed response frame (result or error) that answers it. */
  request(id: number, method: string, params?: unknown, ms?: number): Promise<{ frame: FrameRecord; body: Json }>;
  notify(method: string): void;
  /** initialize with `version`, then notifications/initialized; resolves with the initialize result. */
  handshake(version?: string): Promise<Json>;
  /** The exchange records (open and final); the progress deltas of open streams are in `progress()`. */
  exchanges(): HttpExchange[];
  progress(): HttpExchangeProgress[];
  events(name?: string): Array<Json>;
  waitEvent(name: string, match?: (e: Json) => boolean, ms?: number): Promise<Json>;
  waitExchange(match: (x: HttpExchange) => boolean, what: string, ms?: number): Promise<HttpExchange>;
}

export async function openRemoteSession(relay: RelayHandle, target: Partial<Target> & { url: string }): Promise<RemoteSession> {
  const created = await relay.api<SessionInfo>('/api/sessions', {
    method: 'POST',
    body: JSON.stringify({ target: { transport: 'auto', ...target }, protocolVersion: '2025-11-25', handshake: true }),
  });
  if (created.status !== 201) throw new Error(`session not created: ${created.status} ${JSON.stringify(created.body)}`);
  return attachRemoteSession(relay, created.body.id);
}

export async function attachRemoteSession(relay: RelayHandle, sid: string): Promise<RemoteSession> {
  const sock = await relay.socket();
  sock.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
  const frames = () => sock.framesOf(sid);
  const parsed = (kind: FrameRecord['kind']) => frames().flatMap((f) => (f.kind === kind ? [JSON.parse(f.text) as Json] : []));
  const s: RemoteSession = {
    sid,
    sock,
    frames,
    async request(id, method, params, ms) {
      sock.send({ type: 'send', sessionId: sid, text: JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }) });
      const frame = await sock.frame(
        sid,
        (f) => f.dir === 'in' && f.rpcId === String(id) && (f.kind === 'response' || f.kind === 'error'),
        `the answer to ${method}`,
        ms,
      );
      return { frame, body: JSON.parse(frame.text) as Json };
    },
    notify(method) {
      sock.send({ type: 'send', sessionId: sid, text: JSON.stringify({ jsonrpc: '2.0', method }) });
    },
    async handshake(version = '2025-11-25') {
      const { body } = await s.request(1, 'initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 'mcpscope-test', version: '0' } });
      s.notify('notifications/initialized');
      return body.result as Json;
    },
    exchanges: () => parsed('http').filter((x) => x.state !== 'progress') as HttpExchange[],
    progress: () => parsed('http').filter((x) => x.state === 'progress') as HttpExchangeProgress[],
    events: (name) => parsed('event').filter((e) => name === undefined || e.event === name),
    waitEvent: (name, match = () => true, ms) => sock.until(() => s.events(name).find(match), `a ${name} event`, ms),
    waitExchange: (match, what, ms) => sock.until(() => s.exchanges().find(match), what, ms),
  };
  return s;
}

/** The value of a header line, case-insensitively. */
export function headerOf(lines: Array<[string, string]>, name: string): string | undefined {
  return lines.find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
}
