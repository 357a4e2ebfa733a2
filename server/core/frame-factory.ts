// Turns what a transport saw (bytes, stderr lines, events) into recorded frames: classified once, here, on the relay.
import { isUtf8 } from 'node:buffer';
import type { FrameOrigin } from '../../shared/frame-origin.js';
import type { HttpExchangeRecord } from '../../shared/http-exchange.js';
import { classifyFrame } from '../../shared/frame-class.js';
import type { FrameDir, FrameRecord } from '../../shared/relay-protocol.js';

export type FrameBody = Omit<FrameRecord, 'seq' | 'ts'>;

/**
 * The bytes' base64 when they are not valid UTF-8 (their text then holds U+FFFD where the decoder replaced them), else
 * undefined. A text without U+FFFD came from valid UTF-8, so the bytes are checked only when one is there.
 */
function rawOf(bytes: Buffer, text: string): string | undefined {
  return text.includes('\uFFFD') && !isUtf8(bytes) ? bytes.toString('base64') : undefined;
}

/** A JSON-RPC frame (either direction) from its exact bytes; an outgoing one says who made it. */
export function messageFrame(dir: FrameDir, bytes: Buffer, origin?: FrameOrigin): FrameBody {
  const text = bytes.toString('utf8');
  const c = classifyFrame(bytes, text);
  const body: FrameBody = { dir, kind: c.kind, text, size: bytes.length, method: c.method, rpcId: c.rpcId };
  const b64 = rawOf(bytes, text);
  if (b64 !== undefined) body.b64 = b64;
  if (origin !== undefined) body.origin = origin;
  return body;
}

export function oversizeFrame(dir: FrameDir, head: Buffer, size: number): FrameBody {
  const text = head.toString('utf8');
  const body: FrameBody = { dir, kind: 'oversize', text, size, method: null, rpcId: null };
  const b64 = rawOf(head, text);
  if (b64 !== undefined) body.b64 = b64;
  return body;
}

export function stderrFrame(bytes: Buffer): FrameBody {
  const text = bytes.toString('utf8');
  const body: FrameBody = { dir: 'in', kind: 'stderr', text, size: bytes.length, method: null, rpcId: null };
  const b64 = rawOf(bytes, text);
  if (b64 !== undefined) body.b64 = b64;
  return body;
}

export function eventFrame(event: { event: string } & Record<string, unknown>): FrameBody {
  const text = JSON.stringify(event);
  return { dir: 'relay', kind: 'event', text, size: Buffer.byteLength(text), method: event.event, rpcId: null };
}

/** One record of an HTTP exchange with a remote server; `method` holds the HTTP method so the log can filter on it. */
export function httpFrame(exchange: HttpExchangeRecord, origin: FrameOrigin): FrameBody {
  const text = JSON.stringify(exchange);
  const method = exchange.state === 'progress' ? exchange.method : exchange.request.method;
  return { dir: 'relay', kind: 'http', text, size: Buffer.byteLength(text), method, rpcId: null, origin };
}
