// A server process that ended on its own: how (exit code or signal), whether it got as far as saying anything, its
// last stderr lines (as text: the server wrote them) and Restart.
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import { useScreenMask } from '../../lib/ui/screen-mask.js';

interface Props {
  session: SessionInfo;
  stderrTail: readonly string[];
  /** Whether the process wrote anything on stdout before it ended. */
  spoke: boolean;
  onRestart: () => void;
  busy: boolean;
}

/** One stderr line can be a megabyte of minified stack; the log keeps it whole. */
const LINE_CAP = 400;

function exitHow(s: Pick<SessionInfo, 'exitCode' | 'signal'>): string {
  if (s.signal) return `was killed by ${s.signal}`;
  return s.exitCode === null ? 'exited' : `exited with code ${s.exitCode}`;
}

export function ExitBanner({ session, stderrTail, spoke, onRestart, busy }: Props) {
  // A server that prints its token on the way out: masked while presenting, like every text from the wire.
  const mask = useScreenMask();
  const shown = (line: string) => (mask === null ? line : mask(line));
  return (
    <div
      data-testid="exit-banner"
      data-exit-code={session.exitCode ?? ''}
      data-signal={session.signal ?? ''}
      className="flex items-start gap-3 border-t border-red-900 bg-red-950/50 px-3 py-1.5 text-red-100"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p data-testid="exit-summary">
          <span className="font-semibold">The server {exitHow(session)}</span>
          {spoke ? '.' : ' at start-up, before it wrote anything on stdout.'} The log keeps everything so far; Restart starts it again with the same command and
          appends to this log.
        </p>
        {stderrTail.length > 0 ? (
          <>
            <p className="text-[11px] text-red-200/80">Its last {stderrTail.length === 1 ? 'line' : `${stderrTail.length} lines`} on stderr:</p>
            <pre
              data-testid="exit-stderr"
              className="max-h-40 overflow-auto rounded bg-black/30 px-2 py-1 font-mono text-[11px] whitespace-pre-wrap break-all text-red-50"
            >
              {stderrTail
                .map((l) => (l.length > LINE_CAP ? `${shown(l.slice(0, LINE_CAP))}… (${l.length} characters, whole in the log)` : shown(l)))
                .join('\n')}
            </pre>
          </>
        ) : (
          <p className="text-[11px] text-red-200/80">It wrote nothing on stderr.</p>
        )}
      </div>
      <button type="button" data-testid="banner-restart-button" className="btn shrink-0" disabled={busy} onClick={onRestart}>
        Restart
      </button>
    </div>
  );
}
