// The one-line gist of a frame for the log's summary column: what a reader scans for first, as plain text.
import { classifyValue, isPlainObject } from '../../../shared/jsonrpc.js';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import { formatSize } from '../../lib/ui/format.js';

const MAX = 240;

function clip(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX ? `${oneLine.slice(0, MAX)}…` : oneLine;
}

function brief(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  if (Array.isArray(value)) return `[${value.length}]`;
  if (isPlainObject(value)) return `{${Object.keys(value).slice(0, 4).join(', ')}${Object.keys(value).length > 4 ? ', …' : ''}}`;
  return String(value);
}

function requestGist(method: string, params: unknown): string {
  const p = isPlainObject(params) ? params : {};
  switch (method) {
    case 'initialize': {
      const info = isPlainObject(p.clientInfo) ? p.clientInfo : {};
      return `${String(p.protocolVersion ?? '?')} · ${String(info.name ?? '?')} ${String(info.version ?? '')}`;
    }
    case 'tools/call':
    case 'prompts/get':
      return `${String(p.name ?? '?')}${isPlainObject(p.arguments) ? ` ${brief(p.arguments)}` : ''}`;
    case 'resources/read':
    case 'resources/subscribe':
    case 'resources/unsubscribe':
      return String(p.uri ?? '?');
    case 'notifications/message':
      return `${String(p.level ?? '')} ${typeof p.data === 'string' ? p.data : brief(p.data)}`;
    case 'notifications/progress':
      return `${String(p.progress ?? '?')}${p.total !== undefined ? `/${String(p.total)}` : ''}${typeof p.message === 'string' ? ` ${p.message}` : ''}`;
    case 'notifications/cancelled':
      return `request ${JSON.stringify(p.requestId)}${typeof p.reason === 'string' ? `: ${p.reason}` : ''}`;
    default:
      return params === undefined ? '' : brief(params);
  }
}

function resultGist(result: unknown): string {
  if (!isPlainObject(result)) return brief(result);
  if (isPlainObject(result.serverInfo)) {
    const info = result.serverInfo;
    return `${String(info.name ?? '?')} ${String(info.version ?? '')} · ${String(result.protocolVersion ?? '?')}`;
  }
  if (result.isError === true) {
    const first = Array.isArray(result.content) ? (result.content[0] as unknown) : undefined;
    const text = isPlainObject(first) && typeof first.text === 'string' ? first.text : '';
    return `isError: ${text}`;
  }
  const lists = Object.entries(result).filter(([, v]) => Array.isArray(v));
  if (lists.length > 0) {
    return lists.map(([k, v]) => `${k}[${(v as unknown[]).length}]`).join(' ') + (result.nextCursor ? ' +more' : '');
  }
  const keys = Object.keys(result);
  return keys.length === 0 ? '{}' : keys.slice(0, 5).join(', ');
}

function messageGist(value: unknown): string {
  const c = classifyValue(value);
  const v = isPlainObject(value) ? value : {};
  switch (c.kind) {
    case 'request':
    case 'notification':
      return requestGist(c.method ?? '', v.params);
    case 'response':
      return resultGist(v.result);
    case 'error': {
      const err = isPlainObject(v.error) ? v.error : {};
      return `${String(err.code ?? '?')} ${String(err.message ?? '')}`;
    }
    case 'batch': {
      const items = value as unknown[];
      return `${items.length} item${items.length === 1 ? '' : 's'}${c.method ? `: ${c.method}` : ''}`;
    }
    default:
      return `not JSON-RPC: ${brief(value)}`;
  }
}

function eventGist(value: unknown): string {
  if (!isPlainObject(value)) return brief(value);
  const { event, ...rest } = value;
  const name = String(event ?? 'event');
  switch (name) {
    case 'spawned':
      return `spawned pid ${String(rest.pid ?? '?')}: ${String(rest.command ?? '')} ${Array.isArray(rest.args) ? rest.args.join(' ') : ''}`;
    case 'exited':
      return rest.signal ? `exited (signal ${String(rest.signal)})` : `exited (code ${String(rest.code ?? '?')})`;
    case 'error':
      return `error: ${String(rest.message ?? '')}`;
    default:
      return Object.keys(rest).length === 0 ? name : `${name} ${JSON.stringify(rest)}`;
  }
}

/** An HTTP exchange record (see shared/http-exchange.ts), read defensively: it is data from the wire. */
function httpGist(value: unknown): string {
  if (!isPlainObject(value)) return brief(value);
  if (value.state === 'progress') return progressGist(value);
  const req = isPlainObject(value.request) ? value.request : {};
  const res = isPlainObject(value.response) ? value.response : null;
  const err = isPlainObject(value.error) ? value.error : null;
  const timing = isPlainObject(value.timing) ? value.timing : {};
  const outcome = res
    ? `${String(res.status ?? '?')} ${String(res.statusText ?? '')}`.trim()
    : err
      ? `failed: ${String(err.message ?? err.code ?? '')}`
      : 'no response';
  const ms = typeof timing.totalMs === 'number' ? ` · ${timing.totalMs.toFixed(0)} ms` : '';
  return `${String(req.method ?? '?')} ${String(req.url ?? '')} → ${outcome} (${String(value.purpose ?? '?')}, ${String(value.state ?? '?')})${ms}`;
}

/** A progress record of a still-open stream: what arrived since the previous record of that exchange. */
function progressGist(value: Record<string, unknown>): string {
  const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  const plural = (n: number, word: string) => `+${n} ${word}${n === 1 ? '' : 's'}`;
  const ms = typeof value.elapsedMs === 'number' ? ` · ${value.elapsedMs.toFixed(0)} ms` : '';
  return `${String(value.method ?? '?')} ${String(value.id ?? '?')}: ${plural(count(value.events), 'event')}, ${plural(count(value.receivedSeqs), 'frame')} (open stream)${ms}`;
}

export function frameSummary(entry: FrameEntry): string {
  const { frame, value } = entry;
  switch (frame.kind) {
    case 'stderr':
      return clip(frame.text);
    case 'noise':
      return clip(frame.text);
    case 'oversize':
      return clip(`${formatSize(frame.size)} line, head kept: ${frame.text.slice(0, 120)}`);
    case 'event':
      return clip(eventGist(value));
    case 'http':
      return clip(httpGist(value));
    default:
      return value === undefined ? clip(frame.text) : clip(messageGist(value));
  }
}
