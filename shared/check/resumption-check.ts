// Streamable HTTP resumption: a POST's SSE stream cut right after its first event id, a second stream run to its end,
// then a GET with Last-Event-ID. Replaying is a MAY; replaying what belonged to the other stream is a MUST NOT.
import { isPlainObject } from '../jsonrpc.js';
import type { HttpProbeResult } from '../fault-lab/fault-types.js';
import type { CheckDefinition, ScratchConnection } from './check-types.js';
import { SENTENCES } from './spec-sentences.js';

/** How long the resumed stream is read: a replay comes at once, and all of it must be seen to know what it holds. */
const RESUME_WAIT_MS = 1500;

const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });
const framesOf = (...rs: HttpProbeResult[]) => rs.flatMap((r) => [r.sentSeq, r.exchangeSeq]).filter((s): s is number => s !== null);
/** The responses among a probe's messages, by id (JSON text). */
const answered = (r: HttpProbeResult) =>
  r.messages.filter((m) => isPlainObject(m) && m.method === undefined && 'id' in m).map((m) => JSON.stringify((m as { id: unknown }).id));

async function resumptionRun(conn: ScratchConnection, timeoutMs: number): Promise<{ ok: boolean; detail: string; frames: number[] } | { skip: string }> {
  const probe = conn.httpProbe!;
  const idA = conn.engine.takeId();
  const cut = await probe({ method: 'POST', headers: {}, body: ping(idA), waitMs: timeoutMs, cutAfterEventId: true });
  if (cut.status === null || cut.status >= 300) return { skip: `the POST got ${cut.status ?? cut.error}: nothing to resume` };
  if (cut.eventIds === undefined)
    return { skip: `the server answered the POST with ${cut.contentType || 'no content type'}, not an SSE stream: nothing to resume` };
  const lastEventId = cut.eventIds[0];
  if (lastEventId === undefined) return { skip: 'the server sends no SSE event ids, so a cut stream cannot be resumed (servers MAY attach ids)' };
  const a = JSON.stringify(idA);
  const gotA = answered(cut).includes(a);
  // A second stream, read to its end: what it carried belongs to it, never to a replay of the first.
  const idB = conn.engine.takeId();
  const b = JSON.stringify(idB);
  const other = await probe({ method: 'POST', headers: {}, body: ping(idB), waitMs: timeoutMs, untilResponse: b });
  const resumed = await probe({
    method: 'GET',
    headers: { 'Last-Event-ID': lastEventId },
    body: '',
    waitMs: Math.min(RESUME_WAIT_MS, timeoutMs),
    untilResponse: b,
  });
  const frames = framesOf(cut, other, resumed);
  const cutSaid = `the stream of ping ${a} cut after event ${lastEventId}${gotA ? ' (its answer had come with it)' : ''}`;
  if (resumed.status === null || resumed.status >= 300)
    return {
      ok: true,
      detail: `${cutSaid}; GET with Last-Event-ID got ${resumed.status ?? resumed.error}: no resumption (a server MAY replay, need not)`,
      frames,
    };
  const replayed = answered(resumed);
  if (replayed.includes(b))
    return { ok: false, detail: `${cutSaid}; the GET with Last-Event-ID replayed the answer to ping ${b}, which was delivered on another stream`, frames };
  if (gotA) return { ok: true, detail: `${cutSaid}; the GET with Last-Event-ID replayed nothing from the other stream`, frames };
  return replayed.includes(a)
    ? { ok: true, detail: `${cutSaid}; the GET with Last-Event-ID replayed its answer, and nothing from the other stream`, frames }
    : {
        ok: true,
        detail: `${cutSaid}; the GET with Last-Event-ID got ${resumed.status} but not its answer within ${Math.min(RESUME_WAIT_MS, timeoutMs)} ms (a server MAY replay, need not)`,
        frames,
      };
}

export const RESUMPTION_CHECK: CheckDefinition = {
  id: 'http/sse-resumption',
  group: 'http',
  title: 'a cut SSE stream resumes with Last-Event-ID, replaying nothing from another stream',
  spec: SENTENCES.resumption,
  fix: 'Keep event ids per stream (encode the stream in the id) and, on GET with Last-Event-ID, replay only the events of the stream that id belongs to, after it.',
  requires: { http: true, era: { is: 'legacy', why: '2026-07-28 removed SSE resumability (Last-Event-ID and event ids)' } },
  async run(ctx) {
    const conn = await ctx.fresh('resumption');
    try {
      await conn.engine.connect({ era: 'legacy', clientInfo: { name: 'mcpscope-check', version: '1' }, capabilities: {}, timeoutMs: ctx.timeoutMs });
      const outcome = await resumptionRun(conn, ctx.timeoutMs);
      return 'skip' in outcome ? outcome : { ...outcome, session: conn.name };
    } finally {
      await conn.close();
    }
  },
};
