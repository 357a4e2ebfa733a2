// The `http-answer` transport event: an HTTP answer that settles the requests its POST carried without a JSON-RPC
// response bearing their ids. Declared here because the relay writes it and both clients (CLI and browser) act on it.
import { z } from 'zod';
import { parseJson } from './jsonrpc.js';
import type { FrameRecord } from './relay-protocol.js';

export const HttpAnswerEventSchema = z.object({
  event: z.literal('http-answer'),
  /** The requests the POST carried (idKey text), none of which got a response with its id in this answer. */
  requestIds: z.array(z.string()),
  status: z.number().int(),
  /** The HTTP exchange that carried the request and its answer. */
  exchange: z.string(),
  message: z.string(),
  /** The frame holding the server's JSON-RPC error with a null id, which answers them; absent when the body held no JSON-RPC at all. */
  seq: z.number().int().optional(),
  /** The WWW-Authenticate challenge of a 401 (or 403), as sent: how the server asks for authorization. */
  challenge: z.string().optional(),
});
export type HttpAnswerEvent = z.infer<typeof HttpAnswerEventSchema>;


/** The http-answer events among recorded frames (relay event frames), in order. */
export function readHttpAnswers(frames: Iterable<Pick<FrameRecord, 'dir' | 'kind' | 'method' | 'text'>>): HttpAnswerEvent[] {
  const out: HttpAnswerEvent[] = [];
  for (const f of frames) {
    if (f.dir !== 'relay' || f.kind !== 'event' || f.method !== 'http-answer') continue;
    const parsed = parseJson(f.text);
    const ev = parsed.ok ? HttpAnswerEventSchema.safeParse(parsed.value) : null;
    if (ev?.success) out.push(ev.data);
  }
  return out;
}
