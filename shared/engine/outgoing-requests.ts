// Finds the requests inside a frame the client sends, so raw text and other tabs' frames never lead to a reused id.
import { classifyValue, idKey, parseJson } from '../jsonrpc.js';

export interface OutgoingRequestRef {
  id: unknown;
  method: string;
}

export function requestsInValue(value: unknown): OutgoingRequestRef[] {
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => {
    const c = classifyValue(item);
    return c.kind === 'request' && c.method !== undefined ? [{ id: c.id, method: c.method }] : [];
  });
}

export function requestsIn(text: string): OutgoingRequestRef[] {
  const parsed = parseJson(text);
  return parsed.ok ? requestsInValue(parsed.value) : [];
}

/** The requests a response can be matched to: an id that is null or not a string or number never is, so nobody waits. */
export function matchableRequests(requests: readonly OutgoingRequestRef[]): { key: string; method: string }[] {
  return requests.flatMap((r) => {
    const key = idKey(r.id);
    return key === null ? [] : [{ key, method: r.method }];
  });
}
