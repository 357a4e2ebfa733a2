// The engine's settings: for the engine as a whole, per request, and for connecting; and how connect fills the gaps.
import type { FrameOrigin } from '../frame-origin.js';
import { DEFAULT_PROTOCOL_VERSION } from '../mcp-versions.js';
import type { Era, ResolvedConnect } from './connect-flow.js';
import type { JsonRpcResponse } from './engine-errors.js';
import { MODERN_PROTOCOL_VERSION } from './modern-meta.js';
import type { Clock, Scheduler } from './scheduler.js';

export interface ClientInfo {
  name: string;
  version: string;
  [key: string]: unknown;
}

export interface ClientEngineOptions {
  /** Writes one frame; `origin` says who made it, for the recording (see shared/frame-origin.ts). */
  send: (text: string, origin: FrameOrigin) => void | Promise<unknown>;
  /** Per-request timeout (default 30 s). */
  timeoutMs?: number;
  /** How long progress may keep a request alive in total (default 10 min; never below timeoutMs). */
  maxTotalTimeoutMs?: number;
  /** Whether progress pushes a request's timer back (default false; each request may say otherwise). */
  resetTimeoutOnProgress?: boolean;
  /** Send notifications/cancelled for a request that timed out, as the spec suggests (default false). */
  cancelOnTimeout?: boolean;
  /**
   * 'answer': run the handler for each request the server sends and send its response (-32601 when there is none).
   * 'ignore' (default): leave them to someone else, e.g. when the engine is fed frames replayed from history.
   */
  serverRequests?: 'answer' | 'ignore';
  schedule?: Scheduler;
  now?: Clock;
}

export interface RequestOptions {
  /**
   * Who asks (default 'panel': a person used a form). 'panel' and 'bookkeeping' wait for the handshake to complete;
   * 'bookkeeping' is also refused, unsent, when the server did not declare the capability the method needs.
   */
  origin?: FrameOrigin;
  timeoutMs?: number;
  maxTotalTimeoutMs?: number;
  resetTimeoutOnProgress?: boolean;
  /** Asks for progress (adds `_meta.progressToken`) and gets each notifications/progress params, in arrival order. */
  onProgress?: (params: Record<string, unknown>) => void;
  /** Modern era: answer input_required results through the handlers and retry (default true). */
  answerInputRequired?: boolean;
}

export interface OutgoingRequest {
  /** The id of the first request; a retry after input_required goes out under a new one. */
  id: number;
  response: Promise<JsonRpcResponse>;
  cancel(reason?: string): Promise<boolean>;
}

export interface ConnectOptions {
  era?: Era;
  /** The version to offer: in initialize, or (when it is 2026-07-28) in the modern `_meta`. */
  protocolVersion?: string;
  modernVersion?: string;
  clientInfo?: ClientInfo;
  /** Default: what the registered handlers can answer (roots, sampling, elicitation). */
  capabilities?: Record<string, unknown>;
  onUnexpectedVersion?: 'proceed' | 'fail';
  timeoutMs?: number;
  /** auto: how long to wait for server/discover before falling back (default: min(timeoutMs, 5 s)). */
  probeTimeoutMs?: number;
}

/**
 * Offering 2026-07-28 picks the modern era unless one is given; auto then still offers a legacy version when it
 * falls back, since initialize with 2026-07-28 only makes sense as a deliberate fault (era: 'legacy').
 */
export function resolveConnect(
  options: ConnectOptions,
  defaults: { clientInfo: ClientInfo; capabilities: Record<string, unknown>; timeoutMs: number },
): ResolvedConnect {
  const offered = options.protocolVersion ?? DEFAULT_PROTOCOL_VERSION;
  const offeredIsModern = offered === MODERN_PROTOCOL_VERSION;
  const era = options.era ?? (offeredIsModern ? 'modern' : 'legacy');
  const timeoutMs = options.timeoutMs ?? defaults.timeoutMs;
  return {
    era,
    protocolVersion: offeredIsModern && era !== 'legacy' ? DEFAULT_PROTOCOL_VERSION : offered,
    modernVersion: options.modernVersion ?? (offeredIsModern ? offered : MODERN_PROTOCOL_VERSION),
    clientInfo: options.clientInfo ?? defaults.clientInfo,
    capabilities: options.capabilities ?? defaults.capabilities,
    onUnexpectedVersion: options.onUnexpectedVersion ?? 'proceed',
    timeoutMs,
    probeTimeoutMs: options.probeTimeoutMs ?? Math.min(timeoutMs, 5000),
  };
}

/** The 2026-07-28 long-lived request that carries notifications (resource updates, list changes) until cancelled. */
export const LISTEN_METHOD = 'subscriptions/listen';

/** How long a request waits and what progress does to it: its own options over the engine's defaults. */
export function waitOptions(
  method: string,
  o: RequestOptions,
  defaults: { timeoutMs: number; maxTotalTimeoutMs: number; resetTimeoutOnProgress: boolean },
  progressToken?: string | number,
) {
  // A subscriptions/listen stream is meant to stay open until cancelled: it gets no timeout unless one is asked for.
  const timeoutMs = o.timeoutMs ?? (method === LISTEN_METHOD ? Infinity : defaults.timeoutMs);
  return {
    timeoutMs,
    maxTotalTimeoutMs: Math.max(o.maxTotalTimeoutMs ?? defaults.maxTotalTimeoutMs, timeoutMs),
    resetTimeoutOnProgress: o.resetTimeoutOnProgress ?? defaults.resetTimeoutOnProgress,
    ...(progressToken === undefined ? {} : { progressToken }),
    ...(o.onProgress ? { onProgress: o.onProgress } : {}),
  };
}
