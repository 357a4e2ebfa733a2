// The batch builder's model: editable elements, their templates and presets, and the one frame they become.

/** raw: text inserted verbatim, so an element can be deliberately invalid (a number, a broken object). */
export type ElementKind = 'request' | 'notification' | 'raw';

export interface BatchElement {
  key: number;
  kind: ElementKind;
  method: string;
  /** The id as JSON text (`7`, `"a"`), so strings, numbers and even broken ids can be sent. */
  id: string;
  /** params as JSON text; empty leaves the member out. */
  params: string;
  raw: string;
}

export interface ElementTemplate {
  key: string;
  label: string;
  kind: ElementKind;
  method: string;
  params: string;
}

export const ELEMENT_TEMPLATES: ElementTemplate[] = [
  { key: 'ping', label: 'ping', kind: 'request', method: 'ping', params: '' },
  { key: 'tools-list', label: 'tools/list', kind: 'request', method: 'tools/list', params: '' },
  { key: 'tools-call', label: 'tools/call', kind: 'request', method: 'tools/call', params: '{"name":"echo","arguments":{"message":"hello from a batch"}}' },
  {
    key: 'notification',
    label: 'notification',
    kind: 'notification',
    method: 'notifications/cancelled',
    params: '{"requestId":987654320,"reason":"mcpscope batch builder"}',
  },
];

let nextKey = 1;

export function newElement(t: Pick<ElementTemplate, 'kind' | 'method' | 'params'>, id: number, raw = ''): BatchElement {
  return { key: nextKey++, kind: t.kind, method: t.method, id: String(id), params: t.params, raw };
}

/** The next id to offer: above both the engine's next id and every numeric id already in the draft. */
export function nextElementId(elements: readonly BatchElement[], engineNext: number): number {
  const used = elements.map((e) => Number(e.id)).filter((n) => Number.isInteger(n));
  return Math.max(engineNext, ...used.map((n) => n + 1));
}

export function elementText(e: BatchElement): string {
  if (e.kind === 'raw') return e.raw;
  const id = e.kind === 'request' ? `"id":${e.id.trim() === '' ? 'null' : e.id},` : '';
  const params = e.params.trim() === '' ? '' : `,"params":${e.params}`;
  return `{"jsonrpc":"2.0",${id}"method":${JSON.stringify(e.method)}${params}}`;
}

/** One frame: written as text so broken elements go out exactly as edited. */
export function batchText(elements: readonly BatchElement[]): string {
  return `[${elements.map(elementText).join(',')}]`;
}

export function moveElement(elements: readonly BatchElement[], index: number, by: -1 | 1): BatchElement[] {
  const to = index + by;
  if (to < 0 || to >= elements.length) return [...elements];
  const next = [...elements];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export interface BatchPreset {
  key: string;
  label: string;
  /** What JSON-RPC 2.0 says must come back, shown on the button. */
  spec: string;
  build: (id: number, protocolVersion: string) => BatchElement[];
}

const initializeParams = (v: string) => `{"protocolVersion":"${v}","capabilities":{},"clientInfo":{"name":"mcpscope-batch","version":"0"}}`;
const NOTE = ELEMENT_TEMPLATES[3]!;

export const BATCH_PRESETS: BatchPreset[] = [
  {
    key: 'three',
    label: 'Three requests',
    spec: 'one array with three responses',
    build: (id) => [newElement(ELEMENT_TEMPLATES[0]!, id), newElement(ELEMENT_TEMPLATES[1]!, id + 1), newElement(ELEMENT_TEMPLATES[2]!, id + 2)],
  },
  { key: 'empty', label: 'Empty batch', spec: 'one -32600, not an array', build: () => [] },
  { key: 'notifications', label: 'All notifications', spec: 'no reply at all', build: (id) => [newElement(NOTE, id), newElement(NOTE, id + 1)] },
  {
    key: 'one-invalid',
    label: 'One invalid element',
    spec: 'the ping answered, -32600 for the invalid one',
    build: (id) => [newElement(ELEMENT_TEMPLATES[0]!, id), newElement({ kind: 'raw', method: '', params: '' }, id + 1, '1')],
  },
  {
    key: 'initialize',
    label: 'Containing initialize',
    spec: 'an error for initialize (never in a batch)',
    build: (id, v) => [newElement({ kind: 'request', method: 'initialize', params: initializeParams(v) }, id), newElement(ELEMENT_TEMPLATES[0]!, id + 1)],
  },
];

/**
 * Elements from a message published elsewhere (a tool form, a row of the log): a request keeps its kind but gets a
 * fresh id (`id`, counting up), a notification stays one, a batch adds each of its elements, anything else goes raw.
 */
export function elementsFromMessage(message: unknown, id: number): BatchElement[] {
  const items = Array.isArray(message) ? message : [message];
  let next = id;
  return items.map((m) => {
    if (typeof m === 'object' && m !== null && !Array.isArray(m) && typeof (m as { method?: unknown }).method === 'string') {
      const { method, params } = m as { method: string; params?: unknown };
      const kind: ElementKind = 'id' in m ? 'request' : 'notification';
      return newElement({ kind, method, params: params === undefined ? '' : JSON.stringify(params) }, kind === 'request' ? next++ : next);
    }
    return newElement({ kind: 'raw', method: '', params: '' }, next, typeof m === 'string' ? m : JSON.stringify(m));
  });
}
