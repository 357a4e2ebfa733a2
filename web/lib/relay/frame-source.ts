// The relay's windowed frame reads, token attached: a filter's index, a page of frames, one frame in full.
import type { FindingsSummary, FrameIndex, WindowFilter, WindowFrame } from '../../../shared/frame-window-api.js';
import type { FrameRecord } from '../../../shared/relay-protocol.js';

export interface FrameSource {
  index(sessionId: string, filter: WindowFilter): Promise<FrameIndex>;
  /** Matches with fromSeq ≤ seq < toSeq, after skipping `skip` of them. */
  page(sessionId: string, range: { fromSeq: number; toSeq: number; skip: number }, limit: number, filter: WindowFilter): Promise<WindowFrame[]>;
  /** A frame's head (its text cut to PREVIEW_CHARS), with its pair. */
  preview(sessionId: string, seq: number): Promise<WindowFrame>;
  /** A frame's whole text. */
  full(sessionId: string, seq: number): Promise<FrameRecord>;
  /** The exact bytes the wire carried, for a download. */
  bytes(sessionId: string, seq: number): Promise<Blob>;
  /** The relay's lint of the whole session, grouped by rule (it lints in the background: poll until done). */
  findingsSummary(sessionId: string): Promise<FindingsSummary>;
  /** The distinct methods of the whole session, sorted. */
  methods(sessionId: string): Promise<string[]>;
}

/** The query string of a filter, as the relay's routes read it. */
export function windowQuery(f: WindowFilter): string {
  const q = new URLSearchParams();
  if (f.text) q.set('text', f.text);
  if (f.method) q.set('method', f.method);
  if (f.dir) q.set('dir', f.dir);
  if (f.kinds && f.kinds.length > 0) q.set('kinds', f.kinds.join(','));
  if (f.findings) q.set('findings', '1');
  if (f.hideBookkeeping) q.set('hideBookkeeping', '1');
  return q.toString();
}

export function createFrameSource(token: string): FrameSource {
  async function get(path: string): Promise<Response> {
    const res = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`relay answered ${res.status} to ${path.split('?')[0]}`);
    return res;
  }
  const base = (id: string) => `/api/sessions/${encodeURIComponent(id)}`;
  return {
    index: async (id, filter) => (await (await get(`${base(id)}/frame-index?${windowQuery(filter)}`)).json()) as FrameIndex,
    page: async (id, { fromSeq, toSeq, skip }, limit, filter) => {
      const q = `fromSeq=${fromSeq}&toSeq=${toSeq}&skip=${skip}&limit=${limit}&${windowQuery(filter)}`;
      return ((await (await get(`${base(id)}/frame-page?${q}`)).json()) as { frames: WindowFrame[] }).frames;
    },
    preview: async (id, seq) => (await (await get(`${base(id)}/frames/${seq}`)).json()) as WindowFrame,
    full: async (id, seq) => (await (await get(`${base(id)}/frames/${seq}?full`)).json()) as FrameRecord,
    bytes: async (id, seq) => (await get(`${base(id)}/frames/${seq}?download`)).blob(),
    methods: async (id) => ((await (await get(`${base(id)}/methods`)).json()) as { methods: string[] }).methods,
    findingsSummary: async (id) => (await (await get(`${base(id)}/findings-summary`)).json()) as FindingsSummary,
  };
}
