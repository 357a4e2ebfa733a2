// The page layout: connection bar on top, log and composer on the left, a tabbed column of feature panels on the right.
import { useCallback, useEffect, useState } from 'react';
import { useSession } from './api/use-sessions.js';
import { ArchiveView } from './archive-view.js';
import { ViewTabs, type WorkbenchView } from './components/view-tabs.js';
import { ComposerPanel } from './features/composer/composer-panel.js';
import { ConnectionBar } from './features/connection/connection-bar.js';
import { LogPanel } from './features/log/log-panel.js';
import { SequenceView } from './features/sequence/sequence-view.js';
import { useFrameLink } from './lib/ui/use-frame-link.js';
import { usePendingIntent } from './lib/ui/panel-intents.js';
import { useRelay } from './lib/relay/relay-context.js';
import { useOnChange } from './lib/ui/use-on-change.js';
import { SIDE_PANELS } from './side-panels.js';

interface Props {
  relayError: string | null;
  onDismissRelayError: () => void;
}

export function Workbench({ relayError, onDismissRelayError }: Props) {
  const { socket } = useRelay();
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [selectedSeq, setSelectedSeq] = useState<number | null>(null);
  const [detailOpen, setDetailOpen] = useState(true);
  const [tab, setTab] = useState('detail');
  // Panels stay mounted once shown, so switching tabs keeps their forms and results; they mount lazily, so a panel's
  // requests only go out once someone opens it.
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set(['detail']));
  if (!visited.has(tab)) setVisited(new Set(visited).add(tab));

  // "Open in panel" from the detail pane: show the target tab; the panel itself takes the intent.
  const intent = usePendingIntent();
  useOnChange([intent], () => {
    if (intent === null || intent.target === 'composer') return;
    setTab(intent.target);
    setDetailOpen(true);
  });

  useEffect(() => {
    if (sessionId === null) return;
    socket.subscribe(sessionId);
    return () => socket.unsubscribe(sessionId);
  }, [socket, sessionId]);

  // A selection belongs to one session's log; re-attaching to the same session (a restart) keeps it. A frame asked for
  // in another session (the fault lab's scratch session) is selected once that session is shown.
  const [pendingFrame, setPendingFrame] = useState<{ sessionId: string; seq: number | null } | null>(null);
  useOnChange([sessionId], () => {
    setPendingFrame(null);
    setSelectedSeq(pendingFrame !== null && pendingFrame.sessionId === sessionId ? pendingFrame.seq : null);
  });

  const attach = useCallback((id: string) => setSessionId(id), []);
  // The Sessions view opens any session in the inspector; past and imported ones are read-only there.
  const [view, setView] = useState<WorkbenchView>('inspect');
  const session = useSession(sessionId);
  const openSession = useCallback((id: string) => {
    setSessionId(id);
    setView('inspect');
  }, []);

  const select = useCallback((seq: number | null) => setSelectedSeq(seq), []);
  const selectAndShow = useCallback((seq: number) => {
    setSelectedSeq(seq);
    setTab('detail');
    setDetailOpen(true);
  }, []);
  const openDetail = useCallback(() => {
    setTab('detail');
    setDetailOpen(true);
  }, []);
  const closeDetail = useCallback(() => setDetailOpen(false), []);
  const openFrame = useCallback(
    (id: string, seq: number | null) => {
      if (id === sessionId) {
        if (seq !== null) selectAndShow(seq);
        return;
      }
      setPendingFrame({ sessionId: id, seq });
      setSessionId(id);
      setView('inspect');
      if (seq !== null) setTab('detail');
    },
    [sessionId, selectAndShow],
  );
  useFrameLink(openFrame);

  return (
    <div className="flex h-full flex-col">
      <ConnectionBar sessionId={sessionId} onAttach={attach} />
      {relayError !== null && (
        <div className="flex items-center gap-2 border-b border-red-900 bg-red-950/60 px-3 py-1 text-red-200">
          <span className="font-mono">relay: {relayError}</span>
          <button type="button" className="ml-auto text-red-300 hover:text-white" onClick={onDismissRelayError}>
            dismiss
          </button>
        </div>
      )}
      <ViewTabs view={view} onView={setView} session={session} />
      {view === 'sessions' && <ArchiveView currentId={sessionId} onOpen={openSession} />}
      <div className={view === 'inspect' ? 'flex min-h-0 flex-1' : 'hidden'}>
        {/* Clipped, never drawn over the panels column: a wide log header or toolbar must not cover its buttons. */}
        <div className="flex min-w-0 flex-1 flex-col overflow-hidden">
          <LogPanel
            sessionId={sessionId}
            selectedSeq={selectedSeq}
            onSelect={select}
            onOpenDetail={openDetail}
            onCloseDetail={closeDetail}
            sequence={(p) => <SequenceView {...p} />}
          />
          <ComposerPanel sessionId={sessionId} />
        </div>
        {detailOpen && sessionId !== null ? (
          <aside className="flex w-[42%] min-w-[380px] max-w-[900px] shrink-0 flex-col border-l border-edge bg-panel" aria-label="inspector panels">
            <nav className="flex shrink-0 flex-wrap gap-px border-b border-edge bg-panel-2" role="tablist">
              {SIDE_PANELS.map((p) => (
                <button
                  key={p.id}
                  type="button"
                  role="tab"
                  data-testid={`tab-${p.id}`}
                  aria-selected={tab === p.id}
                  className={`px-3 py-1 text-xs ${tab === p.id ? 'bg-panel text-white' : 'text-dim hover:text-white'}`}
                  onClick={() => setTab(p.id)}
                >
                  {p.title}
                  {p.badge?.(sessionId)}
                </button>
              ))}
            </nav>
            {SIDE_PANELS.filter((p) => p.id === tab || visited.has(p.id)).map((p) => (
              <div key={`${sessionId}:${p.id}`} className={p.id === tab ? 'flex min-h-0 flex-1 flex-col' : 'hidden'}>
                {p.render({ sessionId, selectedSeq, onSelect: selectAndShow, onOpenFrame: openFrame, onClose: closeDetail })}
              </div>
            ))}
          </aside>
        ) : (
          <div className="hidden w-72 shrink-0 items-center justify-center border-l border-edge p-4 text-center text-dim lg:flex">
            Select a frame to see it in full (click, or ↑/↓ then Enter).
          </div>
        )}
      </div>
    </div>
  );
}
