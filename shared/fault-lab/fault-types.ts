// The vocabulary of the fault lab: a preset to send, what the spec says must come back, and the graded verdict.
import { z } from 'zod';

/** stdio: only meaningful on a line-framed transport; http: only over HTTP; any: every transport. */
export type FaultTransport = 'stdio' | 'http' | 'any';

/**
 * error: one error response (codes null = any code; nullId: its id must be null, as for -32700).
 * silence: nothing may come back (notifications, cancels); `replySilent`: the spec does not say a reply is wrong
 * (a stray response), so one is graded "spec is silent" with this note instead of "deviates".
 * answer: each request gets some response, result or error. parseErrorOk: a -32700 with id null also counts;
 * refusalOk: any error response counts (with any id), the fault being the client's and the refusal's code unnamed;
 * acceptedSilent: a result is graded "spec is silent" with this note (the spec says nothing of accepting it).
 * batch: JSON-RPC 2.0 §6 at 2025-03-26 (which MUST receive batches); other versions may reject or ignore one.
 */
export type FaultExpectation =
  | { kind: 'error'; codes: readonly number[] | null; nullId?: boolean }
  | { kind: 'silence'; replySilent?: string }
  | { kind: 'answer'; parseErrorOk?: boolean; refusalOk?: boolean; acceptedSilent?: string; note?: string }
  | { kind: 'batch' }
  /** Two requests under one id: each must get a response (duplicate id in flight). */
  | { kind: 'duplicate' }
  /**
   * A raw HTTP exchange graded by its status. stream: a 2xx must be text/event-stream. session: only meaningful once
   * the server issued a session id (a stateless server may answer anything). since: the header exists from this
   * protocol version on, so an older session may also get a 2xx. specSilent: MCP says nothing of the server's answer
   * here, so whatever comes is "spec is silent", this note saying what `statuses` stands on instead (RFC 9110).
   * refuseBefore: before this version the spec requires a refusal but names no status, so any 4xx is as it says.
   */
  | { kind: 'http'; statuses: readonly number[]; stream?: boolean; session?: boolean; since?: string; specSilent?: string; refuseBefore?: string };

/** What a preset sends: text as typed, or exact bytes (base64) when the fault is in the encoding. */
export type FaultPayload = { text: string } | { b64: string };

export type HttpProbeMethod = 'POST' | 'GET' | 'DELETE' | 'PUT';

/** One raw HTTP exchange on the session's endpoint: the method, and header changes over what the session would send. */
export interface HttpFaultRequest {
  method: HttpProbeMethod;
  /** A string replaces (or adds) the header, null removes it; every other header is the session's own. */
  headers: Readonly<Record<string, string | null>>;
}

/** A tool known to take a while, for the duplicate-id preset: its first request must still be pending. */
export interface SlowTool {
  name: string;
  arguments: Record<string, unknown>;
}

export interface BuildContext {
  id: number;
  protocolVersion: string;
  /** A slow tool the server lists, when the preset needs one (see `pickSlowTool`). */
  slowTool?: SlowTool | null;
}

export interface FaultPreset {
  id: string;
  title: string;
  group: 'framing' | 'envelope' | 'session' | 'batch' | 'http';
  transport: FaultTransport;
  /** Must run on a session that has not been initialized yet. */
  freshSession?: boolean;
  /** What the spec says must happen, in one sentence, for the button's label and the report. */
  spec: string;
  expect: FaultExpectation;
  /** Set: the preset is one raw HTTP exchange (its payload is the body, empty for none), not a frame. */
  http?: HttpFaultRequest;
  /** The least time to wait for replies whatever the user set (a slow lead request, a 1 MiB body); settling still ends it early. */
  minWaitMs?: number;
  /** Set: this frame goes out first (a slow request), then the payload while it is still pending. */
  lead?: (ctx: BuildContext) => string;
  /** The payload, with `id` as the request id so presets never reuse an id the session already spent. */
  build: (ctx: BuildContext) => FaultPayload;
}

/** What one raw HTTP exchange got: the relay's answer to an `http-probe`. */
export const HttpProbeResultSchema = z.object({
  /** The seq of the recorded `http` frame, or null if none was recorded. */
  exchangeSeq: z.number().int().nullable(),
  /** The seq of the body as an outgoing message frame, when there was a body. */
  sentSeq: z.number().int().nullable(),
  /** Null when no response came at all (refused connection, timeout): `error` says why. */
  status: z.number().int().nullable(),
  statusText: z.string(),
  contentType: z.string(),
  /** The body as text (capped); for an SSE stream, what arrived within the wait. */
  body: z.string(),
  /** JSON-RPC messages the body carried (one JSON body, or SSE data), in order. */
  messages: z.array(z.unknown()),
  /** The session id the session holds (before the preset's changes); null when the server issued none. */
  sessionId: z.string().nullable(),
  error: z.string().nullable(),
  /** SSE only: the ids of the events read (before a cut), in order. */
  eventIds: z.array(z.string()).optional(),
});
export type HttpProbeResult = z.infer<typeof HttpProbeResultSchema>;

/** One frame the server sent within the wait: its raw text and, when it parsed, the JSON. */
export interface FaultReply {
  text: string;
  value?: unknown;
}

/**
 * as-spec: what the spec requires, or one of the answers it allows; spec-silent: the spec does not say what is owed;
 * died: the server exited (or the connection was refused) on this preset, which is the verdict, not "no reply".
 */
export type VerdictOutcome = 'as-spec' | 'spec-silent' | 'deviates' | 'no-reply' | 'died';

export interface FaultVerdict {
  outcome: VerdictOutcome;
  /** One or two sentences: what came back, and how it compares with the spec. */
  explanation: string;
  /**
   * The lint rule whose sentence this deviation breaks, when the grading found one sharper than the preset's own (a
   * malformed error object, a request left unanswered, noise on stdout): its keyword then sets the severity
   * (preset-sentences.ts, judgeVerdict), so lint and the lab cannot disagree about the same reply.
   */
  rule?: string;
  /** Made locally (the preset was not sent, or could not be): no verdict on the server, so no severity. */
  local?: boolean;
}
