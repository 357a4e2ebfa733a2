// The connection bar: pick or start a session, see its status, and control its process.
import { useCallback, useState } from 'react';
import { MODERN_PROTOCOL_VERSION } from '../../../shared/engine/index.js';
import { isLegacyVersion } from '../../../shared/mcp-versions.js';
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import { useConfig } from '../../api/use-config.js';
import { useCreateSession, useRestartSession, useStopSession } from '../../api/use-session-mutations.js';
import { useSession, useSessions } from '../../api/use-sessions.js';
import { ShareMenu } from '../../components/share-menu.js';
import { useLogSelect } from '../../lib/log/use-log.js';
import { useHandshakeResult } from '../../lib/mcp/use-handshake-result.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { TraceToggle } from './trace-toggle.js';
import { useOnChange } from '../../lib/ui/use-on-change.js';
import { useScreenMask } from '../../lib/ui/screen-mask.js';
import { ConnectionBanner } from './connection-banner.js';
import { ConnectionControls } from './connection-controls.js';
import { LiveSessions } from './live-sessions.js';
import { sessionEra, useEra } from './era-select.js';
import { SessionPicker } from './session-picker.js';
import { SessionStatus } from './session-status.js';
import { sameTrouble, sessionTrouble, troubleBanner } from './session-trouble.js';
import { describeTarget, draftFromTarget, maskedHeaderProblem, targetFromDraft, type TargetDraft } from './target-draft.js';
import { TargetForm } from './target-form.js';
import { useAutoAttach } from './use-auto-attach.js';
import { useHandshake } from './use-handshake.js';

interface Props {
  sessionId: string | null;
  onAttach: (sessionId: string) => void;
}

export function ConnectionBar({ sessionId, onAttach }: Props) {
  const config = useConfig();
  const sessions = useSessions();
  const session = useSession(sessionId);
  const create = useCreateSession();
  const restart = useRestartSession();
  const stop = useStopSession();
  const handshake = useHandshake(config.data?.version ?? '0.0.0');
  const { engines } = useRelay();
  // The form shows the attached session's target (or the default one) until the user edits it.
  const baseTarget = session?.target ?? config.data?.defaultTarget;
  const baseKey = session?.id ?? (config.data ? 'default' : '');
  const [draft, setDraft] = useState<TargetDraft | null>(() => (baseTarget ? draftFromTarget(baseTarget) : null));
  // Keyed on baseKey alone: a new session or the first config resets the form, a session update does not.
  useOnChange([baseKey], () => setDraft(baseTarget ? draftFromTarget(baseTarget) : null));
  const [protocolVersion, setProtocolVersion] = useState<string | null>(null);
  const [era, setEra, adoptEra] = useEra();
  // The selector shows the era the attached session was started in once its handshake is in the log, not only this
  // browser's last pick: a session made by auto, another tab or another browser reads as what it is.
  const shaken = useHandshakeResult(sessionId);
  useOnChange([sessionId, shaken?.requestSeq], () => {
    if (shaken) adoptEra(sessionEra(shaken));
  });
  const [doHandshake, setDoHandshake] = useState(true);
  const [showTarget, setShowTarget] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const runHandshake = handshake.run;
  const attach = useCallback(
    (s: SessionInfo) => {
      onAttach(s.id);
      if (s.live && s.handshakePending) void runHandshake(s, era);
    },
    [onAttach, runHandshake, era],
  );
  useAutoAttach({ config: config.data, sessions: sessions.data, sessionId, attach });

  const version = protocolVersion ?? config.data?.defaultProtocolVersion ?? '';
  const parsed = draft ? targetFromDraft(draft) : null;
  const fail = (err: unknown) => setActionError(err instanceof Error ? err.message : String(err));

  const connect = () => {
    if (!parsed?.ok) return setShowTarget(true);
    const masked = maskedHeaderProblem(parsed.target);
    if (masked !== null) {
      setShowTarget(true);
      return setActionError(masked);
    }
    setActionError(null);
    create.mutate(
      // A modern session speaks 2026-07-28 whatever legacy version is picked (that is only auto's fallback offer).
      { target: parsed.target, protocolVersion: era === 'modern' && isLegacyVersion(version) ? MODERN_PROTOCOL_VERSION : version, handshake: doHandshake },
      { onSuccess: (s) => attach(s), onError: fail },
    );
  };
  const onRestart = () => {
    if (!session) return;
    setActionError(null);
    // Settle what the old connection still waits for (a handshake to an unreachable server, say) before the restart
    // answers, so the handshake of the new connection is not refused as already running.
    engines.get(session.id).close('the session was restarted');
    restart.mutate(session.id, { onSuccess: (s) => doHandshake && attach(s), onError: fail });
  };
  const onStop = () => session && stop.mutate(session.id, { onError: fail });

  // A banner that offers Restart is the one Restart on screen: two buttons for one action read as two actions.
  // Read through a selection: the bar and its children re-render when the trouble changes, not on every frame.
  const logTrouble = useLogSelect(session?.id ?? null, sessionTrouble, sameTrouble);
  const trouble = session ? logTrouble : null;
  const banner = session && trouble ? troubleBanner(session, trouble) : null;
  const bannerRestarts = banner !== null && banner !== 'expired';
  const noSessions = sessions.data !== undefined && sessions.data.length === 0;
  // A URL password or a credential-shaped argument (a bearer, an API key, `--token=…`) masked in the preview while presenting.
  const mask = useScreenMask();
  const shownTarget = (line: string) => (mask === null ? line : mask(line));
  return (
    <header className="shrink-0 border-b border-edge bg-panel">
      {/* Presenting, the controls wrap onto a second line rather than push the page sideways or cut Connect short. */}
      <div className="flex items-center gap-2 px-2 py-1.5 present:flex-wrap present:gap-y-1">
        <h1 className="shrink-0 font-mono text-sm font-semibold tracking-tight text-sky-300">mcpscope</h1>
        <SessionPicker sessions={sessions.data ?? []} sessionId={sessionId} onPick={attach} onOpen={() => void sessions.refetch()} />
        <SessionStatus session={session} handshake={handshake.stateOf(sessionId)} />
        {sessionId !== null && <ShareMenu sessionId={sessionId} testId="header-share" compact />}
        <button
          type="button"
          data-testid="target-toggle"
          className="min-w-10 flex-1 truncate text-left font-mono text-[11px] text-dim hover:text-ink"
          onClick={() => setShowTarget((v) => !v)}
          title="edit the target"
        >
          {showTarget || noSessions ? '▾' : '▸'} {parsed?.ok ? shownTarget(describeTarget(parsed.target)) : 'target'}
        </button>
        <div className="ml-auto flex shrink-0 items-center gap-1.5">
          <TraceToggle sessionId={sessionId} live={session?.live === true} />
          <ConnectionControls
            era={era}
            onEra={setEra}
            protocolVersions={config.data?.protocolVersions ?? []}
            protocolVersion={version}
            onProtocolVersion={setProtocolVersion}
            handshake={doHandshake}
            onHandshake={setDoHandshake}
            onConnect={connect}
            onRestart={onRestart}
            onStop={onStop}
            canConnect={parsed?.ok === true && version !== ''}
            canRestart={session !== null}
            showRestart={!bannerRestarts}
            canStop={session?.live === true}
            busy={create.isPending || restart.isPending || stop.isPending}
          />
        </div>
      </div>
      {(actionError || config.error || sessions.error) && (
        <p className="px-3 pb-1 text-red-300" data-testid="connection-error">
          {actionError ?? (config.error ?? sessions.error)?.message}
        </p>
      )}
      <ConnectionBanner
        session={session}
        trouble={trouble}
        handshake={handshake.stateOf(sessionId)}
        onReinitialize={(s) => void runHandshake(s, era)}
        onRestart={onRestart}
        busy={create.isPending || restart.isPending || stop.isPending}
      />
      <LiveSessions sessions={sessions.data ?? []} currentId={sessionId} onShow={attach} />
      {noSessions && !showTarget && <p className="px-3 pb-1 text-dim">No sessions yet: check the target below and press Connect.</p>}
      {draft && (showTarget || noSessions) && <TargetForm draft={draft} onChange={setDraft} error={parsed && !parsed.ok ? parsed.error : null} />}
    </header>
  );
}
