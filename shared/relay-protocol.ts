// The messages between browser and relay, named by direction. MCP payloads travel opaque inside them as raw text.
import { z } from 'zod';
import { HttpProbeResultSchema } from './fault-lab/fault-types.js';
import { FRAME_ORIGINS } from './frame-origin.js';
import { plainFrames } from './frames-check.js';
import { isPacked, unpackFrames } from './frames-wire.js';
import { FRAME_KINDS } from './jsonrpc.js';
import { describeIssues } from './zod-issues.js';
import { OAuthConfigSchema } from './oauth/auth-config.js';
import { REMOTE_TRANSPORTS, type RemoteTransport } from './remote-transports.js';
import { envError } from './trust/env-names.js';

/** Who made an outgoing frame (shared/frame-origin.ts). */
export const FrameOriginSchema = z.enum(FRAME_ORIGINS);

/** out: client → server, in: server → client (stdout and stderr), relay: something the relay saw or did. */
export const FrameDirSchema = z.enum(['out', 'in', 'relay']);
export type FrameDir = z.infer<typeof FrameDirSchema>;

export const FrameRecordSchema = z.object({
  seq: z.number().int(),
  /** Milliseconds since the epoch, with sub-millisecond precision. */
  ts: z.number(),
  dir: FrameDirSchema,
  kind: z.enum(FRAME_KINDS),
  /** The raw text as UTF-8 (with U+FFFD where the bytes were not UTF-8); only the head for oversize frames. */
  text: z.string(),
  /** Size of the whole frame on the wire, in bytes. */
  size: z.number().int(),
  method: z.string().nullable(),
  /** The JSON-RPC id as JSON text (`1`, `"1"`), so numbers and strings never pair. */
  rpcId: z.string().nullable(),
  /** The exact bytes, base64, only when they were not valid UTF-8. */
  b64: z.string().optional(),
  /** Who made an outgoing frame (and the relay's own HTTP exchanges); absent for what the server sent, and in old recordings. */
  origin: FrameOriginSchema.optional(),
});
export type FrameRecord = z.infer<typeof FrameRecordSchema>;

const StdioTargetSchema = z.object({
  transport: z.literal('stdio'),
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().optional(),
});
export type StdioTarget = z.infer<typeof StdioTargetSchema>;

export { REMOTE_TRANSPORTS, type RemoteTransport };

/** Deliberately wrong protocol headers, to reproduce a server's header bugs. Unset means "behave correctly". */
const HeaderOverridesSchema = z.object({
  /** Send no Accept header at all. */
  dropAccept: z.boolean().optional(),
  /** A string: send this MCP-Protocol-Version on every request, initialize included. null: never send one. */
  protocolVersion: z.string().nullable().optional(),
  /** A string: send this Mcp-Session-Id on every request, initialize included. null: never send one. */
  sessionId: z.string().nullable().optional(),
});
export type HeaderOverrides = z.infer<typeof HeaderOverridesSchema>;

/** RFC 9110 token characters for a header name; values may not break the header block. */
const HeaderNameSchema = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'not a valid HTTP header name');
const HeaderValueSchema = z.string().regex(/^[^\r\n\0]*$/, 'a header value may not contain CR, LF or NUL');

const RemoteTargetSchema = z
  .object({
    transport: z.enum(REMOTE_TRANSPORTS),
    /** http(s):// for http, sse and auto; ws(s):// for ws. */
    url: z.url({ protocol: /^(https?|wss?)$/ }),
    /** Sent on every request (Authorization and the like). Never recorded: frames and stored sessions show them masked. */
    headers: z.record(HeaderNameSchema, HeaderValueSchema).default({}),
    overrides: HeaderOverridesSchema.optional(),
    /** How long to wait for the response headers of each HTTP request, in ms; unset: each transport's default. */
    timeoutMs: z.number().int().min(1).max(3_600_000).optional(),
    /** OAuth 2.1 for servers that answer 401 (shared/oauth/auth-config.ts). */
    auth: OAuthConfigSchema.optional(),
  })
  .refine((t) => (t.transport === 'ws') === /^wss?:/i.test(t.url), {
    message: 'ws needs a ws:// or wss:// URL; http, http-2026, sse and auto need http:// or https://',
    path: ['url'],
  });
export type RemoteTarget = z.infer<typeof RemoteTargetSchema>;

export const TargetSchema = z.discriminatedUnion('transport', [StdioTargetSchema, RemoteTargetSchema]);
export type Target = z.infer<typeof TargetSchema>;

/**
 * A target as it enters, from an API body, a bundle, a profile or a config file: a stdio recipe's variable names are
 * checked (shared/trust/env-names.ts), so a bad one is refused there with its name. What the relay stored is read with
 * TargetSchema, so recordings and profiles kept before the check still load (and are refused only if they are run).
 */
export const RecipeTargetSchema = TargetSchema.superRefine((t, ctx) => {
  if (t.transport !== 'stdio') return;
  const error = envError(t.env);
  if (error !== null) ctx.addIssue({ code: 'custom', message: error, path: ['env'] });
});

/** `stdout-closed`: a stdio server that closed its stdout but keeps running; it can take frames but answer none. */
export const SessionStatusSchema = z.enum(['starting', 'running', 'exited', 'stopped', 'failed', 'stdout-closed']);

export const SessionInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  target: TargetSchema,
  status: SessionStatusSchema,
  /** True while the relay holds a transport for it (it can send and restart). */
  live: z.boolean(),
  startedAt: z.number(),
  endedAt: z.number().nullable(),
  pid: z.number().nullable(),
  exitCode: z.number().nullable(),
  signal: z.string().nullable(),
  lastSeq: z.number().int(),
  /** The protocol version the client should offer when it performs the handshake for this session. */
  protocolVersion: z.string(),
  /** True until a client claims the right to perform the handshake (see POST /api/sessions/:id/claim-handshake). */
  handshakePending: z.boolean(),
  /** Recorded by `mcpscope tap` between a host and its server: the host owns it, so it is read-only here. */
  tapped: z.boolean().optional(),
  /** Running in another relay that shares this data dir (its server process is alive): read-only here. */
  elsewhere: z.boolean().optional(),
  /**
   * Made by a tool (the fault lab, a check, a replay, a fuzz or collection run) for this other session: the connection
   * bar's picker keeps such sessions out of its list, as the history nests them under that session.
   */
  scratchFor: z.string().nullable().optional(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const CreateSessionBodySchema = z.object({
  target: RecipeTargetSchema,
  protocolVersion: z.string().min(1),
  /** Whether the creating client will perform initialize / initialized. */
  handshake: z.boolean().default(true),
  name: z.string().optional(),
});
export type CreateSessionBody = z.infer<typeof CreateSessionBodySchema>;

export const RelayConfigSchema = z.object({
  version: z.string(),
  /** The target the CLI was started with, or the bundled demo server. */
  defaultTarget: TargetSchema,
  defaultProtocolVersion: z.string(),
  protocolVersions: z.array(z.string()),
  /** The session the CLI started at launch, if any. */
  launchSessionId: z.string().nullable(),
  dataDir: z.string(),
  maxLineBytes: z.number().int(),
  /** --trace: the page's requests carry W3C trace context from the start (the connection bar's toggle can change it). */
  trace: z.boolean().optional(),
});
export type RelayConfig = z.infer<typeof RelayConfigSchema>;

// ---- browser → relay over the WebSocket

export const RelayClientMessageSchema = z.discriminatedUnion('type', [
  /** Stream the session's frames after `afterSeq` (history first, then live). */
  z.object({
    type: z.literal('subscribe'),
    sessionId: z.string(),
    afterSeq: z.number().int().min(0),
    /**
     * For a huge history: replay only the first `head` and the last `tail` frames; the page reads the gap in
     * windows over HTTP. Without them everything after afterSeq is replayed.
     */
    head: z.number().int().min(0).optional(),
    tail: z.number().int().min(1).optional(),
  }),
  z.object({ type: z.literal('unsubscribe'), sessionId: z.string() }),
  /** Write one frame to the server exactly as given: `text`, or the bytes in `b64` when set. */
  z.object({
    type: z.literal('send'),
    sessionId: z.string(),
    text: z.string(),
    b64: z.string().optional(),
    /** Given back with the answer that the frame went out (`frames`' `sent`, or a `sent` message), so the sender can match it. */
    ref: z.string().optional(),
    /** Who made the frame (see shared/frame-origin.ts); a client that does not say is a user typing. */
    origin: FrameOriginSchema.default('user'),
  }),
  /**
   * Ask to be the one socket that answers the session's server→client requests. Granted when nobody holds it, or
   * always with `force` (the tab that just performed the handshake). Released when the holding socket closes.
   */
  z.object({ type: z.literal('claim-answerer'), sessionId: z.string(), force: z.boolean().optional() }),
  /**
   * The page's engine starts (a trace id) or stops (null) adding trace context to its own requests: the relay records
   * it as a `trace-context` event, the provenance of those `_meta` keys (shared/trace/trace-exchanges.ts).
   */
  z.object({
    type: z.literal('trace-context'),
    sessionId: z.string(),
    traceId: z
      .string()
      .regex(/^[0-9a-f]{32}$/)
      .nullable(),
  }),
  /**
   * The fault lab: one raw HTTP exchange on a Streamable HTTP session's endpoint, with the session's own headers
   * (session id, protocol version) changed as given (a string replaces, null removes), recorded as an `http` frame.
   */
  z.object({
    type: z.literal('http-probe'),
    sessionId: z.string(),
    method: z.enum(['POST', 'GET', 'DELETE', 'PUT']),
    headers: z.record(HeaderNameSchema, HeaderValueSchema.nullable()).default({}),
    /** Empty or absent: no body. */
    body: z.string().optional(),
    /** How long to read a response body that is a stream before closing it. */
    waitMs: z.number().int().min(50).max(60_000).default(2000),
    ref: z.string().optional(),
    origin: FrameOriginSchema.default('lab'),
  }),
]);
/** What a client may write: fields with a default (a send's origin) may be left out. */
export type RelayClientMessage = z.input<typeof RelayClientMessageSchema>;

// ---- relay → browser over the WebSocket

const AnswererHolderSchema = z.enum(['you', 'other', 'none']);
export type AnswererHolder = z.infer<typeof AnswererHolderSchema>;

/** Checked by the browser on arrival: a message that does not match is reported, never acted on. */
const RelayServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), version: z.string() }),
  z.object({
    type: z.literal('frames'),
    sessionId: z.string(),
    frames: z.array(FrameRecordSchema),
    /**
     * This page's sends whose echo (its frame, recorded under `seq`) is in this message: the answer that each went out,
     * to be taken before the frames. A send whose echo this page does not get live is answered by a `sent` message.
     */
    sent: z.array(z.object({ ref: z.string(), seq: z.number().int() })).optional(),
  }),
  /** All history up to `seq` has been delivered; what follows is live. */
  z.object({ type: z.literal('synced'), sessionId: z.string(), seq: z.number().int() }),
  z.object({ type: z.literal('session'), session: SessionInfoSchema }),
  /**
   * A send went out, recorded under `seq`, when its echo does not tell the page so: the page follows the session not
   * live (not subscribed, or catching up from the store), or the echo had left already (a busy session's full message).
   */
  z.object({ type: z.literal('sent'), sessionId: z.string(), seq: z.number().int(), ref: z.string().optional() }),
  /** Who answers the session's server→client requests, as seen by this socket; sent on subscribe and on every change. */
  z.object({ type: z.literal('answerer'), sessionId: z.string(), holder: AnswererHolderSchema }),
  z.object({ type: z.literal('http-result'), sessionId: z.string(), result: HttpProbeResultSchema, ref: z.string().optional() }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string(), ref: z.string().optional() }),
  /** A piece of a model's reply as it streams in (the Chat tab's request `requestId`), to the session's subscribers. */
  z.object({ type: z.literal('model-text'), sessionId: z.string(), requestId: z.string(), delta: z.string() }),
]);
export type RelayServerMessage = z.infer<typeof RelayServerMessageSchema>;

/** One message from the relay checked against its schema: what to act on, or why it was refused. */
export function parseRelayServerMessage(text: string): { ok: true; message: RelayServerMessage } | { ok: false; error: string } {
  let raw: unknown;
  if (isPacked(text)) {
    // The relay's frames: a header line, then the texts (shared/frames-wire.ts); the frames read out of it are checked
    // below like those of any message.
    const unpacked = unpackFrames(text);
    if (!unpacked.ok) return unpacked;
    const { sessionId, frames, sent } = unpacked;
    const message = { type: 'frames' as const, sessionId, frames, ...(sent ? { sent } : {}) };
    // Every field of its usual type: taken without zod (frames-check.ts); anything else goes to the schema below.
    if (plainFrames(frames, sent)) return { ok: true, message };
    raw = message;
  } else {
    try {
      raw = JSON.parse(text);
    } catch (err) {
      return { ok: false, error: `not JSON (${err instanceof Error ? err.message : String(err)})` };
    }
  }
  const parsed = RelayServerMessageSchema.safeParse(raw);
  if (parsed.success) return { ok: true, message: parsed.data };
  const type = typeof raw === 'object' && raw !== null && 'type' in raw ? JSON.stringify((raw as { type: unknown }).type) : 'without a type';
  return { ok: false, error: `message ${type}: ${describeIssues(parsed.error, 'message')}` };
}

export { WS_PATH, WS_PROTOCOL, WS_TOKEN_PREFIX } from './relay-names.js';
