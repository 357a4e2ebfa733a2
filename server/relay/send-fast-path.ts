// Reads the page's `send` message, the one message a round trip begins with, without zod: its usual shape (a text, a
// session id, maybe a ref and an origin) checked field by field, anything else left to RelayClientMessageSchema.
//
// Why: zod's parse of the union was the largest piece of the relay's own work between a request's arrival and its write
// to the server (2–3 µs a round trip, docs/performance.md "Relay latency, round 4"). What this accepts, the schema
// accepts too, with the same result (test/unit/relay/send-fast-path.test.ts compares them): extra keys are dropped as
// zod drops them, a missing origin is a user's, and a `b64` or a field of the wrong type goes to the schema, which says
// what is wrong.
import { isFrameOrigin, type FrameOrigin } from '../../shared/frame-origin.js';

/** A `send` message as the schema would give it, for the shape this reads (no `b64`). */
export interface PlainSend {
  type: 'send';
  sessionId: string;
  text: string;
  ref?: string;
  origin: FrameOrigin;
}

/** The message when it is a plain `send` (see above); null: let the schema read it. */
export function plainSend(raw: unknown): PlainSend | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const m = raw as Record<string, unknown>;
  if (m.type !== 'send' || typeof m.sessionId !== 'string' || typeof m.text !== 'string' || m.b64 !== undefined) return null;
  const { ref, origin } = m;
  if (ref !== undefined && typeof ref !== 'string') return null;
  if (origin !== undefined && !isFrameOrigin(origin)) return null;
  const msg: PlainSend = { type: 'send', sessionId: m.sessionId, text: m.text, origin: origin ?? 'user' };
  if (ref !== undefined) msg.ref = ref;
  return msg;
}
