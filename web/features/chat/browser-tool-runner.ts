// The chat loop's tool runner in the page: a tools/call through the session's client engine with provenance `model`
// (the same engine and log as every panel), its frames found in the log by id, Stop cancelling it on the wire.
import type { ClientEngine } from '../../../shared/engine/index.js';
import { isPlainObject, parseJson } from '../../../shared/jsonrpc.js';
import type { ChatToolRunner } from '../../../shared/model/chat-loop.js';
import type { LogSource } from '../../lib/log/log-source.js';
import { McpCallError, mcpCall } from '../../lib/mcp/mcp-call.js';

/** The seqs of request `id`'s frames this page holds: the request, its response, a cancellation of it. */
function requestFrameSeqs(log: LogSource | undefined, id: number): number[] {
  if (!log) return [];
  const rpcId = JSON.stringify(id);
  const seqs: number[] = [];
  for (const { frame: f } of log.held) {
    if (f.rpcId === rpcId && (f.kind === 'request' ? f.dir === 'out' : f.dir === 'in' && (f.kind === 'response' || f.kind === 'error'))) seqs.push(f.seq);
    else if (f.dir === 'out' && f.method === 'notifications/cancelled') {
      const p = parseJson(f.text);
      if (p.ok && isPlainObject(p.value) && isPlainObject(p.value.params) && p.value.params.requestId === id) seqs.push(f.seq);
    }
  }
  return seqs.sort((a, b) => a - b);
}

/** How long a stopped call waits for its cancellation to come back from the relay into the log, to be listed. */
const ECHO_WAIT_MS = 2000;

/**
 * Resolves once `ready()` holds, or after `ms`: a frame this page sent reaches its log only when the relay echoes it,
 * so the cancellation a Stop sent is listed with the call only after that.
 */
function whenLogged(subscribe: (listener: () => void) => () => void, ready: () => boolean, ms: number): Promise<void> {
  if (ready()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = subscribe(() => ready() && done());
  });
}

/** `subscribe` hears each change of the page's logs (the message store's). */
export function browserToolRunner(
  engine: ClientEngine,
  log: () => LogSource | undefined,
  subscribe: (listener: () => void) => () => void,
  timeoutMs: number,
): ChatToolRunner {
  return {
    async call(name, args, stop) {
      const started = performance.now();
      let id = -1;
      let cancelled: Promise<unknown> | null = null;
      let cancel: ((reason?: string) => Promise<boolean>) | null = null;
      const forget = stop.onStop(() => (cancelled = cancel?.('stopped by the user').catch(() => false) ?? null));
      try {
        const r = await mcpCall(
          engine,
          'tools/call',
          { name, arguments: args },
          { origin: 'model', timeoutMs, onStart: (s) => ((id = s.id), (cancel = s.cancel)) },
        );
        return { result: r.result, seqs: requestFrameSeqs(log(), r.id), ms: Math.round(performance.now() - started) };
      } catch (err) {
        if (cancelled && (await cancelled) === true) {
          const isCancel = (seq: number) => log()?.frame(seq)?.frame.method === 'notifications/cancelled';
          await whenLogged(subscribe, () => requestFrameSeqs(log(), id).some(isCancel), ECHO_WAIT_MS);
        }
        const e = err instanceof McpCallError ? err : new McpCallError(true, 'UNKNOWN', String(err));
        if (e.local && e.code === 'CONNECTION_CLOSED') throw e;
        return { error: { code: e.code, message: e.message }, seqs: requestFrameSeqs(log(), id), ms: Math.round(performance.now() - started) };
      } finally {
        forget();
      }
    },
  };
}
