// Checks the frames a packed `frames` message was unpacked into (shared/frames-wire.ts) field by field, without zod:
// unpackFrames has checked what its columns decide (seq runs, direction and kind codes, text lengths), this checks the
// rest. A frame (or a `sent`) of any other shape goes through the schema, which says what is wrong, so it is still
// reported and never acted on.
//
// Why: a zod parse per frame took 20 µs a frame, two of the three seconds a 100,000-frame share file took to read in
// the page; and the page reads every round trip's message, and every message of a flood, through
// parseRelayServerMessage, where zod's check of the frames was most of what reading a round trip cost once its answer
// was folded into one message (docs/performance.md, "Relay latency, round 5"). test/unit/share/share-data.test.ts and
// test/unit/frames-check.test.ts hold these checks to the schema's verdicts.
import { isFrameOrigin } from './frame-origin.js';
import type { SendAck } from './frames-wire.js';
import type { FrameRecord } from './relay-protocol.js';

/** What FrameRecordSchema would refuse in a frame unpackFrames made (the field's name), or null. */
export function frameProblem(f: FrameRecord): string | null {
  if (typeof f.ts !== 'number' || !Number.isFinite(f.ts)) return 'ts';
  if (!Number.isSafeInteger(f.size)) return 'size';
  if (f.method !== null && typeof f.method !== 'string') return 'method';
  if (f.rpcId !== null && typeof f.rpcId !== 'string') return 'rpcId';
  if (f.b64 !== undefined && typeof f.b64 !== 'string') return 'b64';
  if (f.origin !== undefined && !isFrameOrigin(f.origin)) return 'origin';
  return null;
}

/** Whether the frames message's schema would take an unpacked message's frames and `sent` as they are. */
export function plainFrames(frames: readonly FrameRecord[], sent: readonly SendAck[] | undefined): boolean {
  for (const f of frames) if (frameProblem(f) !== null) return false;
  if (sent !== undefined) for (const a of sent) if (typeof a.ref !== 'string' || !Number.isSafeInteger(a.seq)) return false;
  return true;
}
