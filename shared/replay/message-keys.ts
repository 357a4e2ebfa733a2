// Names each message of a transcript by what it is (a tools/call request, the answer to it, a log notification), not
// by its id, seq or position, so two runs of the same traffic pair up however their ids, timing and ordering differ.
import { isPlainObject, parseJson } from '../jsonrpc.js';
import type { FrameRecord } from '../relay-protocol.js';

export type DiffFrame = Pick<FrameRecord, 'seq' | 'dir' | 'kind' | 'text' | 'method' | 'rpcId'>;

export interface KeyedMessage {
  frame: DiffFrame;
  /** Only messages of one group can pair: `out:request:tools/call`, `in:notification:notifications/message`… */
  group: string;
  /** For an answer: the index, in the same list, of the request it answers (the client's or the server's). */
  answers: number | null;
  /** For an answer: the method of that request, so a list result can be compared without regard to its order. */
  answerTo: string | null;
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

interface OpenRequest {
  index: number;
  id: string | null;
  what: string;
  method: string;
  answered: boolean;
}

/** The request an answer with `id` is for: the oldest still open with that id, else the latest that had it. */
function requestFor(list: OpenRequest[], id: string): OpenRequest | undefined {
  return list.find((r) => r.id === id && !r.answered) ?? list.findLast((r) => r.id === id);
}

/** The messages worth comparing, keyed; relay events and HTTP records are not messages, stderr only on request. */
export function keyMessages(frames: Iterable<DiffFrame>, includeStderr: boolean): KeyedMessage[] {
  const out: KeyedMessage[] = [];
  const client: OpenRequest[] = [];
  const server: OpenRequest[] = [];
  let n = 0;
  const push = (frame: DiffFrame, group: string, label: string, answered: OpenRequest | null = null) => {
    out.push({ frame, group, label, answers: answered?.index ?? null, answerTo: answered?.method ?? null });
  };
  for (const f of frames) {
    if (f.dir === 'relay') continue;
    if (f.kind === 'stderr') {
      if (includeStderr) push(f, 'in:stderr', '← stderr');
      continue;
    }
    if (!MESSAGE_KINDS.has(f.kind)) continue;
    const arrow = f.dir === 'out' ? '→' : '←';
    const method = f.method ?? '?';
    if (f.kind === 'request') {
      const what = f.dir === 'out' ? `${method}${toolOf(f.text)}` : method;
      if (f.dir === 'out') n++;
      (f.dir === 'out' ? client : server).push({ index: out.length, id: f.rpcId, what, method, answered: false });
      push(f, `${f.dir}:request:${method}`, f.dir === 'out' ? `→ ${what} #${n}` : `← ${what} (server request)`);
    } else if (f.kind === 'response' || f.kind === 'error') {
      const asked = f.dir === 'in' ? client : server;
      // JSON-RPC sends a null id when it could not read the request's (HTTP servers do it on 4xx too): the latest open one.
      const req = f.rpcId !== null ? requestFor(asked, f.rpcId) : f.kind === 'error' && f.dir === 'in' ? asked.findLast((r) => !r.answered) : undefined;
      if (req) req.answered = true;
      const label =
        f.dir === 'in'
          ? req
            ? `← answer to ${req.what} #${client.indexOf(req) + 1}`
            : `← ${f.kind} with an id no request used`
          : `→ answer to ${req ? req.what : 'an unknown server request'}`;
      push(f, `${f.dir}:answer${req ? '' : ':unmatched'}`, label, req ?? null);
    } else if (f.kind === 'notification') {
      push(f, `${f.dir}:notification:${method}`, `${arrow} ${method}`);
    } else {
      push(f, `${f.dir}:${f.kind}:${f.kind === 'batch' ? method : ''}`, `${arrow} ${f.kind}${f.method ? ` ${f.method}` : ''}`);
    }
  }
  return out;
}
