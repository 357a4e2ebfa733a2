// Turns what a transport saw (bytes, stderr lines, events) into recorded frames: classified once, here, on the relay.
import { isUtf8 } from 'node:buffer';
import type { FrameOrigin } from '../shared/frame-origin.js';
import type { HttpExchangeRecord } from '../shared/http-exchange.js';
import { classifyFrame } from '../shared/frame-class.js';
import type { FrameDir, FrameRecord } from '../shared/relay-protocol.js';

export type FrameBody = Omit<FrameRecord, 'seq' | 'ts'>;

export function now(): number {
  return performance.timeOrigin + performance.now();
}

/** A JSON-RPC frame (either direction) from its exact bytes; an outgoing one says who made it. */
export function messageFrame(dir: FrameDir, bytes: Buffer, origin?: FrameOrigin): FrameBody {
  const text = bytes.toString('utf8');
  const c = classifyFrame(text);
  const body: FrameBody = { dir, kind: c.kind, text, size: bytes.length, method: c.method, rpcId: c.rpcId };
  if (!isUtf8(bytes)) body.b64 = bytes.toString('base64');
  if (origin !== undefined) body.origin = origin;
  return body;
}

export function oversizeFrame(dir: FrameDir, head: Buffer, size: number): FrameBody {
  const body: FrameBody = { dir, kind: 'oversize', text: head.toString('utf8'), size, method: null, rpcId: null };
  if (!isUtf8(head)) body.b64 = head.toString('base64');
  return body;
}

export function stderrFrame(bytes: Buffer): FrameBody {
  const body: FrameBody = { dir: 'in', kind: 'stderr', text: bytes.toString('utf8'), size: bytes.length, method: null, rpcId: null };
  if (!isUtf8(bytes)) body.b64 = bytes.toString('base64');
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
