// The chat loop's tool runner on a CallSession: each call is a tools/call through the client engine with provenance
// `model`, its frames' seqs collected as they are recorded, and Stop cancelling it with notifications/cancelled.
import { isErrorResponse, LocalEngineError } from '../../shared/engine/index.js';
import { isPlainObject, parseJson } from '../../shared/jsonrpc.js';
import type { ChatToolRunner, ToolRun } from '../../shared/model/chat-loop.js';
import type { ToolLike } from '../../shared/model/tool-functions.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import type { CallSession } from '../call/call-session.js';

/** A server that keeps handing out cursors should not keep the chat from starting. */
const MAX_PAGES = 20;

/** Whether `frame` belongs to request `id`: the request, its response, or the cancellation of it. */
function frameOfRequest(frame: FrameRecord, id: number): boolean {
  if (frame.rpcId === String(id) && (frame.kind === 'request' || frame.kind === 'response' || frame.kind === 'error')) return true;
  if (frame.dir !== 'out' || frame.method !== 'notifications/cancelled') return false;
  const parsed = parseJson(frame.text);
  return parsed.ok && isPlainObject(parsed.value) && isPlainObject(parsed.value.params) && parsed.value.params.requestId === id;
}

export function sessionToolRunner(session: CallSession, timeoutMs: number): ChatToolRunner {
  return {
    async call(name, args, stop): Promise<ToolRun> {
      const started = performance.now();
      const seqs: number[] = [];
      let id = -1;
      const unwatch = session.onFrame((f) => {
        if (id >= 0 && frameOfRequest(f, id)) seqs.push(f.seq);
      });
      // The request frame is recorded inside begin(); its id is the one the engine is about to take.
      id = session.engine.peekNextId();
      const request = session.engine.begin('tools/call', { name, arguments: args }, { origin: 'model', timeoutMs });
      id = request.id;
      let cancelled: Promise<unknown> | null = null;
      const forget = stop.onStop(() => (cancelled = request.cancel('stopped by the user').catch(() => false)));
      try {
        const response = await request.response;
        const ms = Math.round(performance.now() - started);
        if (isErrorResponse(response)) return { error: { code: response.error.code, message: response.error.message }, seqs, ms };
        return { result: response.result, seqs, ms };
      } catch (err) {
        const ms = Math.round(performance.now() - started);
        if (err instanceof LocalEngineError && err.code !== 'CONNECTION_CLOSED') return { error: { code: err.code, message: err.message }, seqs, ms };
        throw err;
      } finally {
        forget();
        // The cancellation's own frame is recorded after the request was rejected: wait for it, so its seq is listed.
        if (cancelled) await cancelled;
        unwatch();
      }
    },
  };
}

/** Every page of tools/list (bookkeeping: the chat needs the tools to offer them). */
export async function listAllTools(session: CallSession, timeoutMs: number): Promise<ToolLike[]> {
  const tools: ToolLike[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const response = await session.engine.request('tools/list', cursor === undefined ? undefined : { cursor }, { timeoutMs, origin: 'bookkeeping' });
    if (isErrorResponse(response)) throw new Error(`tools/list was answered with error ${String(response.error.code)}: ${response.error.message}`);
    const result = isPlainObject(response.result) ? response.result : {};
    for (const t of Array.isArray(result.tools) ? result.tools : []) {
      if (!isPlainObject(t) || typeof t.name !== 'string') continue;
      tools.push({
        name: t.name,
        title: typeof t.title === 'string' ? t.title : null,
        description: typeof t.description === 'string' ? t.description : null,
        inputSchema: t.inputSchema,
        annotations: isPlainObject(t.annotations) ? t.annotations : {},
      });
    }
    const next = result.nextCursor;
    if (typeof next !== 'string' || seen.has(next)) break;
    seen.add(next);
    cursor = next;
  }
  return tools;
}
