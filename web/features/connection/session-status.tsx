// The current session's process status, pid and handshake outcome, plus whether the relay socket is up.
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import { useSocketState } from '../../lib/relay/relay-context.js';
import type { HandshakeState } from './use-handshake.js';

const STATUS_TONE: Record<SessionInfo['status'], string> = {
  starting: 'bg-amber-800 text-amber-100',
  running: 'bg-emerald-800 text-emerald-100',
  exited: 'bg-red-900 text-red-100',
  stopped: 'bg-zinc-700 text-zinc-200',
  failed: 'bg-red-700 text-white',
  'stdout-closed': 'bg-red-800 text-red-100',
};

export function statusText(s: SessionInfo): string {
  if (s.elsewhere) return 'running in another relay';
  switch (s.status) {
    case 'exited':
      return s.signal ? `exited (signal ${s.signal})` : `exited (code ${s.exitCode ?? '?'})`;
    case 'starting':
      return 'starting…';
    case 'stdout-closed':
      return 'stdout closed (still running)';
    default:
      return s.status;
  }
}

function handshakeText(h: HandshakeState): string | null {
  switch (h.phase) {
    case 'idle':
      return null;
    case 'running':
      return 'handshake…';
    case 'done':
      return `${h.era === 'modern' ? 'discovered' : 'initialized'}: ${h.server} · ${h.protocolVersion}${h.how ? ` (${h.how})` : ''}`;
    case 'elsewhere':
      return 'handshake done by another tab or load';
    case 'skipped':
      return h.reason;
    case 'failed':
      return `handshake failed (${h.local ? 'local' : 'server error'}): ${h.message}`;
  }
}

export function SessionStatus({ session, handshake }: { session: SessionInfo | null; handshake: HandshakeState }) {
  const socket = useSocketState();
  const hs = handshakeText(handshake);
  // The pill is the bar's own item, never clipped: squeezed with the handshake text it read "exi" at 1024 px.
  return (
    <>
      {session ? (
        <span
          data-testid="connection-status"
          data-status={session.status}
          data-live={session.live}
          className={`shrink-0 rounded px-1.5 font-mono text-[11px] leading-5 whitespace-nowrap ${STATUS_TONE[session.status]}`}
        >
          {statusText(session)}
          {session.pid !== null && session.live ? ` · pid ${session.pid}` : ''}
        </span>
      ) : (
        <span data-testid="connection-status" data-status="none" className="shrink-0 rounded bg-zinc-800 px-1.5 leading-5 text-dim">
          no session
        </span>
      )}
      <div className="flex min-w-0 shrink items-center gap-2 overflow-hidden empty:hidden">
        {hs && (
          <span
            data-testid="handshake-status"
            data-phase={handshake.phase}
            className={`max-w-[24rem] truncate font-mono text-[11px] ${handshake.phase === 'failed' ? 'text-red-300' : 'text-dim'}`}
            title={hs}
          >
            {hs}
          </span>
        )}
        {handshake.phase === 'done' && handshake.website && (
          // Only ever an http(s) URL (safeHttpUrl); the server chose it, so it opens without a referrer or opener.
          <a href={handshake.website} target="_blank" rel="noopener noreferrer" className="shrink-0 text-[11px] text-sky-400 hover:underline">
            website
          </a>
        )}
        {socket !== 'open' && (
          <span data-testid="socket-status" className="rounded bg-amber-900 px-1.5 leading-5 text-amber-100">
            relay {socket === 'connecting' ? 'connecting…' : 'disconnected, retrying'}
          </span>
        )}
      </div>
    </>
  );
}
