// Names each message of a transcript by what it is (the 3rd client request, the answer to it…), not by its id or seq,
// so two runs of the same traffic can be lined up however their ids and timing differ.
import { isPlainObject, parseJson } from '../jsonrpc.js';
import type { FrameRecord } from '../relay-protocol.js';

export type DiffFrame = Pick<FrameRecord, 'seq' | 'dir' | 'kind' | 'text' | 'method' | 'rpcId'>;

export interface KeyedMessage {
  frame: DiffFrame;
  /** Equal keys are candidates for pairing; the alignment never pairs different keys. */
  key: string;
  /** What a reader sees: "→ tools/call echo #3", "← answer to tools/call echo #3". */
  label: string;
}

const MESSAGE_KINDS = new Set<FrameRecord['kind']>(['request', 'notification', 'response', 'error', 'batch', 'invalid', 'noise', 'oversize']);

function toolOf(text: string): string {
  const p = parseJson(text);
  const params = p.ok && isPlainObject(p.value) && isPlainObject(p.value.params) ? p.value.params : null;
  const name = params?.name ?? params?.uri;
  return typeof name === 'string' ? ` ${name.slice(0, 80)}` : '';
}

/** The messages worth comparing, keyed; relay events and HTTP records are not messages, stderr only on request. */
export function keyMessages(frames: Iterable<DiffFrame>, includeStderr: boolean): KeyedMessage[] {
  const out: KeyedMessage[] = [];
  const clientRequests = new Map<string, { n: number; what: string }>();
  const serverRequests = new Map<string, string>();
  /** Client requests not answered yet, oldest first: an error with a null id answers the latest of them. */
  const unanswered: Array<{ n: number; what: string; id: string | null }> = [];
  let n = 0;
  for (const f of frames) {
    if (f.dir === 'relay') continue;
    if (f.kind === 'stderr') {
      if (includeStderr) out.push({ frame: f, key: 'stderr', label: '← stderr' });
      continue;
    }
    if (!MESSAGE_KINDS.has(f.kind)) continue;
    const arrow = f.dir === 'out' ? '→' : '←';
    if (f.kind === 'request' && f.dir === 'out') {
      const what = `${f.method ?? '?'}${toolOf(f.text)}`;
      n++;
      if (f.rpcId !== null) clientRequests.set(f.rpcId, { n, what });
      unanswered.push({ n, what, id: f.rpcId });
      out.push({ frame: f, key: `out:request:${n}:${f.method}`, label: `→ ${what} #${n}` });
    } else if (f.kind === 'request') {
      if (f.rpcId !== null) serverRequests.set(f.rpcId, f.method ?? '?');
      out.push({ frame: f, key: `in:request:${f.method}`, label: `← ${f.method} (server request)` });
    } else if ((f.kind === 'response' || f.kind === 'error') && f.dir === 'in') {
      // JSON-RPC sends a null id when it could not read the request's (HTTP servers do it on 4xx too).
      const req = f.rpcId === null ? (f.kind === 'error' ? unanswered.at(-1) : undefined) : clientRequests.get(f.rpcId);
      if (req) unanswered.splice(unanswered.findIndex((u) => u.n === req.n), 1);
      out.push(
        req
          ? { frame: f, key: `in:answer:${req.n}`, label: `← answer to ${req.what} #${req.n}` }
          : { frame: f, key: `in:answer:unmatched`, label: `← ${f.kind} with an id no request used` },
      );
    } else if (f.kind === 'response' || f.kind === 'error') {
      const method = f.rpcId === null ? undefined : serverRequests.get(f.rpcId);
      out.push({ frame: f, key: `out:answer:${method ?? '?'}`, label: `→ answer to ${method ?? 'an unknown server request'}` });
    } else if (f.kind === 'notification') {
      out.push({ frame: f, key: `${f.dir}:notification:${f.method}`, label: `${arrow} ${f.method}` });
    } else {
      out.push({ frame: f, key: `${f.dir}:${f.kind}:${f.kind === 'batch' ? f.method : ''}`, label: `${arrow} ${f.kind}${f.method ? ` ${f.method}` : ''}` });
    }
  }
  return out;
}
