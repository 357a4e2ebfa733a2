// Builds FrameRecords from [direction, text] pairs, as the relay would record them, for the linter tests.
import { classifyText, idKey } from '../../../shared/jsonrpc.js';
import type { FrameRecord } from '../../../shared/relay-protocol.js';
import { Linter, type Finding, type LinterOptions } from '../../../shared/lint/index.js';

/** `stderr` and `relay` are shorthands for dir 'in' + kind 'stderr' and dir 'relay' + kind 'event' (or the kind given). */
export type Pair = readonly ['out' | 'in' | 'stderr' | 'relay', string] | readonly ['out' | 'in' | 'relay', string, Partial<FrameRecord>];

export function frames(pairs: readonly Pair[], startSeq = 1): FrameRecord[] {
  return pairs.map(([dir, text, extra], i) => {
    const seq = startSeq + i;
    const base = { seq, ts: 1_000 + seq, text, size: new TextEncoder().encode(text).length };
    if (dir === 'stderr') return { ...base, dir: 'in', kind: 'stderr', method: null, rpcId: null };
    if (dir === 'relay') {
      if (extra) return { ...base, dir: 'relay', kind: 'event', method: null, rpcId: null, ...extra };
      const event = (JSON.parse(text) as { event: string }).event;
      return { ...base, dir: 'relay', kind: 'event', method: event, rpcId: null };
    }
    const c = classifyText(text);
    return { ...base, dir, kind: c.kind, method: c.method ?? null, rpcId: c.hasId ? idKey(c.id) : null, ...extra };
  });
}

/** JSON text of a JSON-RPC message: `j({id: 1, method: 'ping'})` adds "jsonrpc": "2.0" first. */
export function j(msg: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: '2.0', ...msg });
}

export function lint(pairs: readonly Pair[], options: Partial<LinterOptions> = {}): Finding[] {
  const linter = new Linter({ transport: 'stdio', ...options });
  const out: Finding[] = [];
  const all = frames(pairs);
  for (const f of all) out.push(...linter.push(f));
  // What a live view would show at the last frame: requests pending past the threshold (30 s unless set).
  out.push(...linter.pendingAt(all.at(-1)?.ts ?? 0));
  out.push(...linter.finish());
  return out;
}

export function ruleIds(findings: readonly Finding[]): string[] {
  return findings.map((f) => f.ruleId);
}

const CLIENT_INFO = { name: 'mcpscope', version: '0.1.0' };
const SERVER_INFO = { name: 'demo', version: '1.0.0' };

/** A complete legacy handshake for `version`, with the given server capabilities. */
export function handshake(version = '2025-11-25', serverCaps: Record<string, unknown> = { tools: {} }, clientCaps: Record<string, unknown> = {}): Pair[] {
  return [
    ['out', j({ id: 0, method: 'initialize', params: { protocolVersion: version, capabilities: clientCaps, clientInfo: CLIENT_INFO } })],
    ['in', j({ id: 0, result: { protocolVersion: version, capabilities: serverCaps, serverInfo: SERVER_INFO } })],
    ['out', j({ method: 'notifications/initialized' })],
  ];
}

/** `_meta` for a 2026-07-28 request. */
export function meta2026(caps: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': caps, ...extra };
}

export interface HttpSketch {
  method?: string;
  headers?: [string, string][];
  body?: string;
  status: number;
  responseBody?: string;
  responseHeaders?: [string, string][];
  /** The frames the exchange carried: the message it sent, and what its response delivered. */
  sentSeq?: number;
  receivedSeqs?: number[];
  state?: 'open' | 'complete' | 'failed';
  /** No response at all (the connection was refused): `status` is then ignored. */
  noResponse?: true;
  /** Default: the MCP endpoint, purpose `message`. */
  url?: string;
  purpose?: string;
  authStep?: string;
}

let exchanges = 0;

/** A relay frame of kind `http`: one recorded HTTP exchange, shaped like shared/http-exchange.ts. */
export function http(x: HttpSketch): Pair {
  const method = x.method ?? 'POST';
  const record = {
    id: `x${++exchanges}`,
    state: x.state ?? 'complete',
    purpose: x.purpose ?? 'message',
    ...(x.authStep ? { authStep: x.authStep } : {}),
    request: { method, url: x.url ?? 'http://127.0.0.1:3001/mcp', headers: x.headers ?? [], body: x.body, bodySize: x.body?.length ?? 0 },
    response: x.noResponse
      ? null
      : { status: x.status, statusText: '', headers: x.responseHeaders ?? [], body: x.responseBody ?? '', bodySize: x.responseBody?.length ?? 0 },
    timing: { startedAt: 0 },
    receivedSeqs: x.receivedSeqs ?? [],
    ...(x.sentSeq === undefined ? {} : { sentSeq: x.sentSeq }),
  };
  return ['relay', JSON.stringify(record), { kind: 'http', method }];
}
