// The one small interface every transport implements: start, send, close, and events. It knows no MCP methods.

export type TransportEvent =
  | { event: 'spawned'; pid: number; command: string; args: string[]; cwd: string }
  | { event: 'exited'; code: number | null; signal: string | null; stderrTail: string }
  | { event: 'error'; message: string; code?: string }
  | { event: 'stopping'; reason: string }
  | { event: 'signal-sent'; signal: string; pid: number };

export interface TransportHandlers {
  /** One complete message from the server, byte-exact (without its newline). */
  onMessage(bytes: Buffer): void;
  /** A message longer than the framing cap: its head and its full size. */
  onOversize(head: Buffer, size: number): void;
  /** One line the server wrote to stderr. */
  onStderr(bytes: Buffer): void;
  onEvent(event: TransportEvent): void;
  /** The transport is gone for good (process exited or failed to start). */
  onClosed(): void;
}

export interface Transport {
  start(handlers: TransportHandlers): Promise<void>;
  /** Writes one frame exactly as given; framing (the newline for stdio) is the transport's job. */
  send(bytes: Buffer): void;
  /** Ends the connection; resolves when nothing is left running. */
  close(reason?: string): Promise<void>;
  readonly alive: boolean;
}
