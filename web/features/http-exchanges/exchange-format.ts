// How an exchange reads in one glance: its status colour and label, its path, its duration, the methods it carried.
import type { HttpExchange } from '../../../shared/http-exchange.js';
import type { LogSource } from '../../lib/log/log-source.js';

export type StatusClass = 'ok' | 'redirect' | 'client-error' | 'server-error' | 'failed' | 'pending';

export function statusClass(x: HttpExchange): StatusClass {
  const status = x.response?.status;
  if (status === undefined) return x.state === 'open' ? 'pending' : 'failed';
  if (status >= 500) return 'server-error';
  if (status >= 400) return 'client-error';
  if (status >= 300) return 'redirect';
  return 'ok';
}

export const STATUS_TONE: Record<StatusClass, string> = {
  ok: 'text-emerald-300',
  redirect: 'text-sky-300',
  'client-error': 'text-amber-300',
  'server-error': 'text-red-300',
  failed: 'text-red-400',
  pending: 'text-dim',
};

/** `200`, `404`, `failed`, `(pending)`: what the Status column says. */
export function statusLabel(x: HttpExchange): string {
  if (x.response) return String(x.response.status);
  if (x.state === 'open') return '(pending)';
  return x.state === 'aborted' ? '(aborted)' : 'failed';
}

/** Path and query of a URL; the whole string when it is not a URL. */
export function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

export function durationText(x: HttpExchange): string {
  const ms = x.timing.totalMs ?? (x.state === 'open' ? undefined : x.timing.headersMs);
  if (ms === undefined) return x.state === 'open' ? 'open' : '—';
  return ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** The JSON-RPC methods of the frames this exchange carried, in order, without repeats. */
export function carriedMethods(log: LogSource, x: HttpExchange): string[] {
  const seqs = x.sentSeq !== undefined ? [x.sentSeq, ...x.receivedSeqs] : x.receivedSeqs;
  const out: string[] = [];
  for (const seq of seqs) {
    const m = log.frame(seq)?.method;
    if (m && !out.includes(m)) out.push(m);
  }
  return out;
}

/** A JSON value's top-level error objects (one message or a batch), for explaining a JSON-RPC error in an HTTP body. */
export function jsonRpcErrors(body: string): { code: unknown; message: unknown }[] {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return [];
  }
  const items: unknown[] = Array.isArray(value) ? value : [value];
  return items.flatMap((m) => {
    const err = typeof m === 'object' && m !== null ? (m as { error?: unknown }).error : undefined;
    return typeof err === 'object' && err !== null && !Array.isArray(err) ? [err as { code: unknown; message: unknown }] : [];
  });
}

/** The value of the first header with this name (case-insensitive). */
export function headerValue(lines: readonly (readonly [string, string])[], name: string): string | undefined {
  const lower = name.toLowerCase();
  return lines.find(([k]) => k.toLowerCase() === lower)?.[1];
}
