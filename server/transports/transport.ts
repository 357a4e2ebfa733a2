// The one small interface every transport implements: start, send, close, and events. It knows no MCP methods.
import type { HttpAnswerEvent } from '../../shared/http-answer.js';
import type { HttpExchangeRecord } from '../../shared/http-exchange.js';
import type { AuthStepEvent } from '../../shared/oauth/auth-steps.js';
import type { RemoteTransport } from '../../shared/relay-protocol.js';

export type TransportEvent =
  | { event: 'spawned'; pid: number; command: string; args: string[]; cwd: string }
  /** `stderrTail`: the server's last stderr lines, added when the exit is recorded (core/frame-log.ts), never by a transport. */
  | { event: 'exited'; code: number | null; signal: string | null; stderrTail?: string }
  | { event: 'error'; message: string; code?: string; exchange?: string }
  | { event: 'stopping'; reason: string }
  | { event: 'signal-sent'; signal: string; pid: number }
  // Remote transports. `connected` means ready to send (Streamable HTTP needs no connection before its first POST).
  | { event: 'connected'; transport: RemoteTransport; url: string; endpoint?: string; note?: string }
  | { event: 'disconnected'; transport: RemoteTransport; reason: string }
  | { event: 'warning'; message: string; code?: string }
  /** One step of `auto` detection, so the choice is never made silently. */
  | { event: 'probe'; message: string; status?: number }
  | { event: 'transport-selected'; transport: 'http' | 'sse' | 'http-2026'; reason: string }
  /** 2026-07-28 HTTP: a request cancelled by closing its POST's stream (its notifications/cancelled is not sent). */
  | { event: 'request-cancelled'; requestId: string; exchange?: string; message: string }
  | { event: 'session-id'; sessionId: string }
  /** The server answered 404 to a request carrying our session id: the client must initialize again. */
  | { event: 'session-expired'; sessionId: string; status: number; message: string }
  | { event: 'stream-resuming'; exchange: string; lastEventId: string; delayMs: number; attempt: number }
  | { event: 'stream-unavailable'; status: number; message: string }
  /** An HTTP answer that settles the requests its POST carried without a response bearing their ids (a 401, an id-less 400). */
  | HttpAnswerEvent
  /** A stdio server closed its stdout but is still running: nothing it sends can arrive any more. */
  | { event: 'stdout-closed'; pid: number; message: string }
  /** One step of an OAuth flow (server/oauth/). */
  | AuthStepEvent;

export interface TransportHandlers {
  /** One complete message from the server, byte-exact; returns the seq it was recorded under, for linking. */
  onMessage(bytes: Buffer): number | void;
  /** A message longer than the framing cap: its head and its full size. */
  onOversize(head: Buffer, size: number): number | void;
  /** One line the server wrote to stderr. */
  onStderr(bytes: Buffer): void;
  onEvent(event: TransportEvent): void;
  /** One HTTP exchange: when it opens (streams), as an open stream progresses, and when it ends; remote transports only. */
  onExchange?(exchange: HttpExchangeRecord): void;
  /** The transport is gone for good (process exited, connection ended, or it failed to start). */
  onClosed(): void;
}

export interface CloseHow {
  hung?: boolean;
}

export interface Transport {
  start(handlers: TransportHandlers): Promise<void>;
  /** Writes one frame exactly as given; `seq` is the frame it was recorded as, so exchanges can link to it. */
  send(bytes: Buffer, seq?: number): void;
  /**
   * Ends the connection; resolves when nothing is left running. `how.hung`: the caller knows the peer stopped answering
   * (a blocked server process), so no grace is waited for a shutdown it cannot do itself; transports without a process ignore it.
   */
  close(reason?: string, how?: CloseHow): Promise<void>;
  readonly alive: boolean;
  /**
   * Streamable HTTP: resolves once the standalone GET that notifications/initialized opens has its answer (or will not
   * be sent). Transports without such a stream leave it out.
   */
  serverStreamSettled?(): Promise<void>;
}
