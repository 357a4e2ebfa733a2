// Records a short, deterministic session against the demo server through the relay, the way a client would drive it.
import type { FrameRecord, RelayConfig } from '../../shared/relay-protocol.js';
import type { RelayHandle } from './relay-process.js';

const rpc = (id: number, method: string, params?: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });

/** The client's side of the session: a handshake, a listing, and calls whose answers are known. */
const DEMO_SCRIPT: string[] = [
  rpc(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcpscope-test', version: '0' } }),
  '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  rpc(2, 'tools/list'),
  rpc(3, 'tools/call', { name: 'echo', arguments: { text: 'hello from the bundle' } }),
  rpc(4, 'tools/call', { name: 'log_message', arguments: { level: 'info', message: 'a logged line' } }),
  rpc(5, 'tools/call', { name: 'slow_count', arguments: { steps: 2, delayMs: 5 }, _meta: { progressToken: 'count-1' } }),
  rpc(6, 'tools/call', { name: 'divide', arguments: { a: 1, b: 0 } }),
  rpc(7, 'ping'),
];

/** Sends each frame of `script` and waits for the answer to each request; resolves with the session's frames. */
export async function driveSession(relay: RelayHandle, sid: string, script: string[] = DEMO_SCRIPT): Promise<FrameRecord[]> {
  const sock = await relay.socket();
  try {
    sock.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
    for (const text of script) {
      sock.send({ type: 'send', sessionId: sid, text });
      const id = (JSON.parse(text) as { id?: number }).id;
      if (id !== undefined)
        await sock.frame(sid, (f) => f.dir === 'in' && f.rpcId === String(id) && (f.kind === 'response' || f.kind === 'error'), `the answer to ${id}`);
    }
    return sock.framesOf(sid);
  } finally {
    sock.close();
  }
}

/** Drives the relay's launch session through the script, then stops it so it is a finished recording. */
export async function recordLaunchSession(relay: RelayHandle, script: string[] = DEMO_SCRIPT): Promise<string> {
  const { body: config } = await relay.api<RelayConfig>('/api/config');
  const sid = config.launchSessionId!;
  await driveSession(relay, sid, script);
  await relay.api(`/api/sessions/${sid}/stop`, { method: 'POST' });
  return sid;
}
