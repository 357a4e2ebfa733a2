// The vocabulary of the fault lab: a preset to send, what the spec says must come back, and the graded verdict.

/** stdio: only meaningful on a line-framed transport; http: only over HTTP; any: every transport. */
export type FaultTransport = 'stdio' | 'http' | 'any';

/**
 * error: one error response (codes null = any code; nullId: its id must be null, as for -32700).
 * silence: nothing may come back (notifications, responses, cancels).
 * answer: each request gets some response, result or error (parseErrorOk: a -32700 with id null also counts).
 * batch: JSON-RPC 2.0 §6: one array, one response per request, -32600 per invalid element, none for notifications.
 */
export type FaultExpectation =
  | { kind: 'error'; codes: readonly number[] | null; nullId?: boolean }
  | { kind: 'silence' }
  | { kind: 'answer'; parseErrorOk?: boolean }
  | { kind: 'batch' };

/** What a preset sends: text as typed, or exact bytes (base64) when the fault is in the encoding. */
export type FaultPayload = { text: string } | { b64: string };

export interface FaultPreset {
  id: string;
  title: string;
  group: 'framing' | 'envelope' | 'session' | 'batch';
  transport: FaultTransport;
  /** Must run on a session that has not been initialized yet. */
  freshSession?: boolean;
  /** What the spec says must happen, in one sentence, for the button's label and the report. */
  spec: string;
  expect: FaultExpectation;
  /** The payload, with `id` as the request id so presets never reuse an id the session already spent. */
  build: (ctx: { id: number; protocolVersion: string }) => FaultPayload;
}

/** One frame the server sent within the wait: its raw text and, when it parsed, the JSON. */
export interface FaultReply {
  text: string;
  value?: unknown;
}

export type VerdictOutcome = 'as-spec' | 'deviates' | 'no-reply';

export interface FaultVerdict {
  outcome: VerdictOutcome;
  /** One or two sentences: what came back, and how it compares with the spec. */
  explanation: string;
}
