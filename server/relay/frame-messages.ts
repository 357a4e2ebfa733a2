// Encodes frames for the WebSocket once, for every socket that follows the session: `frames` messages of a few tens of
// KB each (packed: shared/frames-wire.ts), as UTF-8 bytes. Measured on Node 20 during a flood: one message per tick held 1,000–3,000 frames
// (0.4–1.1 MB), and strings and buffers that large cost several times more per frame to build than small ones (they
// live outside V8's young generation and in fresh pages of memory); the browser handles many messages as well.
import { packFrames } from '../../shared/frames-wire.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';

/** Characters of frame text per message, about: small enough for V8's young generation and malloc's reused memory. */
export const MESSAGE_TEXT_CHARS = 32 * 1024;

/**
 * The session's frames as `frames` messages in order, each a run of frames, every frame in exactly one; `refs`: the
 * page's own sends among them, by seq, each named in the message that carries it.
 */
export function encodeFrames(sessionId: string, frames: FrameRecord[], refs?: ReadonlyMap<number, string>): Buffer[] {
  const out: Buffer[] = [];
  let from = 0;
  let chars = 0;
  for (let i = 0; i < frames.length; i++) {
    chars += frames[i]!.text.length;
    if (chars >= MESSAGE_TEXT_CHARS || i === frames.length - 1) {
      out.push(utf8Bytes(packFrames(sessionId, frames, from, i + 1, refs)));
      from = i + 1;
      chars = 0;
    }
  }
  return out;
}

/**
 * A string's UTF-8 bytes. Nearly every batch is ASCII (the frames' own JSON escapes what is not), and an ASCII string's
 * Latin-1 bytes are its UTF-8 bytes: copied, where V8's UTF-8 encoder on Node 20 walks them one character at a time.
 * The Latin-1 copy comes first because it also flattens the string: JSON.stringify returns a rope of its parts, whose
 * UTF-8 length Node 20 measures far more slowly than a flat string's, and the length is what says it is ASCII.
 */
export function utf8Bytes(text: string): Buffer {
  const latin1 = Buffer.from(text, 'latin1');
  return Buffer.byteLength(text, 'utf8') === text.length ? latin1 : Buffer.from(text, 'utf8');
}
