// The way out of connection trouble, under the bar: re-initialize a session the server forgot (HTTP 404 on the
// session), or restart a connection that failed or dropped, or a server process that exited.
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import { ExitBanner } from './exit-banner.js';
import { failureSentence, troubleBanner, type SessionTrouble } from './session-trouble.js';
import type { HandshakeState } from './use-handshake.js';

interface Props {
  session: SessionInfo | null;
  /** The session's trouble as read from its log (null while it is not loaded). */
  trouble: SessionTrouble | null;
  handshake: HandshakeState;
  onReinitialize: (session: SessionInfo) => void;
  onRestart: () => void;
  busy: boolean;
}

export function ConnectionBanner({ session, trouble, handshake, onReinitialize, onRestart, busy }: Props) {
  if (!session || !trouble) return null;
  const { expiry, lastFailure, lastFailureCode, unreachable, stderrTail, spoke } = trouble;
  const remote = session.target.transport !== 'stdio';
  const banner = troubleBanner(session, trouble);

  if (banner === 'expired' && expiry) {
    const running = handshake.phase === 'running';
    return (
      <div
        data-testid="session-expired-banner"
        data-seq={expiry.seq}
        className="flex items-center gap-3 border-t border-amber-800 bg-amber-950/60 px-3 py-1 text-amber-100"
      >
        <p className="min-w-0 flex-1">
          <span className="font-semibold">The server forgot this session</span>
          {expiry.status !== null && ` (HTTP ${expiry.status} to a request carrying its Mcp-Session-Id)`}. Requests fail until the client initializes again;
          re-initializing runs the handshake on a fresh session, without the old session id.
          <span className="block font-mono text-[11px] text-amber-200/80">{expiry.message}</span>
        </p>
        <button
          type="button"
          data-testid="reinitialize-button"
          className="btn btn-primary shrink-0"
          disabled={running || busy}
          onClick={() => onReinitialize(session)}
        >
          {running ? 'Re-initializing…' : 'Re-initialize'}
        </button>
      </div>
    );
  }
  if (banner === 'unreachable') {
    return (
      <div data-testid="request-failed-banner" className="flex items-center gap-3 border-t border-red-900 bg-red-950/50 px-3 py-1 text-red-100">
        <p className="min-w-0 flex-1">
          <span className="font-semibold">The server could not be reached</span>: {unreachable}. The session stays open and each request tries again; a request
          already sent gets no answer. Restart reconnects and runs the handshake again.
        </p>
        <button type="button" data-testid="banner-restart-button" className="btn shrink-0" disabled={busy} onClick={onRestart}>
          Restart
        </button>
      </div>
    );
  }
  if (banner === 'exited') {
    return <ExitBanner session={session} stderrTail={stderrTail} spoke={spoke} onRestart={onRestart} busy={busy} />;
  }
  if (banner === 'dropped') {
    return (
      <div
        data-testid="connection-failed-banner"
        data-status={session.status}
        className="flex items-center gap-3 border-t border-red-900 bg-red-950/50 px-3 py-1 text-red-100"
      >
        <p className="min-w-0 flex-1">
          <span className="font-semibold">{session.status === 'failed' ? 'The connection failed' : 'The connection dropped'}</span>
          <span data-testid="connection-failure">{failureSentence(lastFailure, lastFailureCode)}</span> The log keeps everything so far; restarting reconnects
          {remote ? ' to the same URL with the same headers' : ' by starting the server again'} and appends to this log.
        </p>
        <button type="button" data-testid="banner-restart-button" className="btn shrink-0" disabled={busy} onClick={onRestart}>
          Restart
        </button>
      </div>
    );
  }
  return null;
}
