// Pairs the replies to a JSON-RPC batch with its elements by id, in any order, and names what is missing or extra.
import { classifyValue, idKey } from './jsonrpc.js';

/** answered / missing: a request with a usable id; notification: nothing is owed; invalid: no reply can be matched to it. */
type ElementStatus = 'answered' | 'missing' | 'notification' | 'invalid';

export interface BatchElementOutcome {
  index: number;
  method: string | null;
  /** The element's id, for requests. */
  id?: unknown;
  status: ElementStatus;
  response?: unknown;
  /** Further responses carrying the same id after the first: a fault in the server. */
  duplicates?: unknown[];
}

export interface BatchCorrelation {
  elements: BatchElementOutcome[];
  /** Responses whose id matches no request of the batch (a -32700 or -32600 with id null lands here), and junk inside a reply array. */
  unexpected: unknown[];
  /** array: one array held the replies, as JSON-RPC asks; single / separate: one or more plain objects; none: nothing. */
  replyShape: 'array' | 'single' | 'separate' | 'mixed' | 'none';
  summary: { elements: number; requests: number; answered: number; missing: number; unexpected: number };
}

function isResponse(value: unknown): boolean {
  const kind = classifyValue(value).kind;
  return kind === 'response' || kind === 'error';
}

/** `replies` are the messages that came back after the batch went out, each as parsed (arrays included). */
export function correlateBatch(batch: readonly unknown[], replies: readonly unknown[]): BatchCorrelation {
  const waiting = new Map<string, BatchElementOutcome[]>();
  const elements = batch.map((el, index): BatchElementOutcome => {
    const c = classifyValue(el);
    const method = c.method ?? null;
    if (c.kind === 'notification') return { index, method, status: 'notification' };
    const key = c.kind === 'request' ? idKey(c.id) : null;
    if (key === null) return { index, method, ...(c.hasId ? { id: c.id } : {}), status: 'invalid' };
    const outcome: BatchElementOutcome = { index, method, id: c.id, status: 'missing' };
    waiting.set(key, [...(waiting.get(key) ?? []), outcome]);
    return outcome;
  });
  const unexpected: unknown[] = [];
  let arrays = 0;
  let singles = 0;
  const take = (response: unknown) => {
    const key = idKey(classifyValue(response).id);
    const owners = key === null ? undefined : waiting.get(key);
    if (!owners) return void unexpected.push(response);
    // Two elements sharing an id take the replies in order; anything beyond that is a duplicate.
    const open = owners.find((o) => o.status === 'missing');
    if (open) Object.assign(open, { status: 'answered', response });
    else (owners.at(-1)!.duplicates ??= []).push(response);
  };
  for (const reply of replies) {
    if (Array.isArray(reply)) {
      if (!reply.some(isResponse)) continue;
      arrays++;
      for (const item of reply) {
        if (isResponse(item)) take(item);
        else unexpected.push(item);
      }
    } else if (isResponse(reply)) {
      singles++;
      take(reply);
    }
  }
  const requests = elements.filter((e) => e.status === 'answered' || e.status === 'missing');
  const answered = requests.filter((e) => e.status === 'answered').length;
  const replyShape =
    arrays + singles === 0 ? 'none' : singles === 0 ? (arrays === 1 ? 'array' : 'mixed') : arrays > 0 ? 'mixed' : singles === 1 ? 'single' : 'separate';
  return {
    elements,
    unexpected,
    replyShape,
    summary: { elements: elements.length, requests: requests.length, answered, missing: requests.length - answered, unexpected: unexpected.length },
  };
}
