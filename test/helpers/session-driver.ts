// Drives one stdio session through the real relay as a scripted MCP client, answers the server's own requests,
// and hands back every recorded frame once the server has exited, for lint tests.
import type { FrameRecord, SessionInfo, StdioTarget } from '../../shared/relay-protocol.js';
import type { RelayHandle } from './relay-process.js';
import type { RelaySocket } from './relay-socket.js';

/** What the scripted client answers when the server asks: empty roots, pong, and -32601 for anything else. */
function answer(id: unknown, method: string): string {
  if (method === 'ping') return JSON.stringify({ jsonrpc: '2.0', id, result: {} });
  if (method === 'roots/list') return JSON.stringify({ jsonrpc: '2.0', id, result: { roots: [] } });
  return JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } });
}

/** Ids a client cannot echo reliably (null, objects) are left alone, as a careful client would. */
function answerable(request: FrameRecord): boolean {
  const { id } = JSON.parse(request.text) as { id: unknown };
  return typeof id === 'string' || typeof id === 'number';
}

export class SessionDriver {
  private answered = 0;

  private constructor(
    private readonly relay: RelayHandle,
    private readonly sock: RelaySocket,
    readonly sessionId: string,
  ) {}

  /** Starts the server with mcpscope leaving the handshake to the script. */
  static async open(relay: RelayHandle, command: string[], protocolVersion = '2025-11-25'): Promise<SessionDriver> {
    const [cmd, ...args] = command;
    const target: StdioTarget = { transport: 'stdio', command: cmd!, args, env: {} };
    const { status, body } = await relay.api<SessionInfo>('/api/sessions', {
      method: 'POST',
      body: JSON.stringify({ target, protocolVersion, handshake: false }),
    });
    if (status !== 201) throw new Error(`session not created: ${status} ${JSON.stringify(body)}`);
    const sock = await relay.socket();
    const driver = new SessionDriver(relay, sock, body.id);
    sock.ws.on('message', () => driver.answerServerRequests());
    sock.send({ type: 'subscribe', sessionId: body.id, afterSeq: 0 });
    // This script is the session's client: it holds the relay's answerer claim, so a page watching the session
    // (which would otherwise take a free claim and answer too) only watches.
    sock.send({ type: 'claim-answerer', sessionId: body.id, force: true });
    return driver;
  }

  private answerServerRequests(): void {
    const frames = this.sock.framesOf(this.sessionId);
    for (; this.answered < frames.length; this.answered++) {
      const f = frames[this.answered]!;
      if (f.dir !== 'in' || f.kind !== 'request') continue;
      const msg = JSON.parse(f.text) as { id: unknown; method: string };
      if (answerable(f)) this.raw(answer(msg.id, msg.method));
    }
  }

  raw(text: string): void {
    this.sock.send({ type: 'send', sessionId: this.sessionId, text });
  }

  notify(method: string, params?: unknown): void {
    this.raw(JSON.stringify({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) }));
  }

  /** Sends a request and waits for the frame answering it; null if none comes in time (a server may not answer). */
  async request(id: number, method: string, params?: unknown, ms = 5_000): Promise<FrameRecord | null> {
    this.raw(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }));
    return this.waitFor((f) => f.dir === 'in' && f.rpcId === String(id) && f.kind !== 'request', ms);
  }

  async waitFor(match: (f: FrameRecord) => boolean, ms: number): Promise<FrameRecord | null> {
    try {
      return await this.sock.frame(this.sessionId, match, 'a frame', ms);
    } catch {
      return null;
    }
  }

  /** Waits until every answer this script owes the server (see answerServerRequests) is recorded by the relay. */
  async settled(ms = 5_000): Promise<void> {
    await this.sock.until(
      () => {
        const owed = new Map<string, number>();
        for (const f of this.sock.framesOf(this.sessionId)) {
          if (f.rpcId === null || f.kind === 'batch') continue;
          if (f.dir === 'in' && f.kind === 'request' && answerable(f)) owed.set(f.rpcId, (owed.get(f.rpcId) ?? 0) + 1);
          else if (f.dir === 'out' && (f.kind === 'response' || f.kind === 'error') && owed.has(f.rpcId)) owed.set(f.rpcId, owed.get(f.rpcId)! - 1);
        }
        return [...owed.values()].every((n) => n <= 0) ? true : undefined;
      },
      "the answers to the server's requests",
      ms,
    );
  }

  /** Stops the server (the relay's shutdown ladder) and returns the whole recorded session. */
  async stop(): Promise<FrameRecord[]> {
    await this.relay.api(`/api/sessions/${this.sessionId}/stop`, { method: 'POST' });
    await this.waitFor((f) => f.kind === 'event' && f.method === 'exited', 10_000);
    this.sock.close();
    const { body } = await this.relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${this.sessionId}/frames?afterSeq=0&limit=10000`);
    return body.frames;
  }
}
