// The page layout: connection bar on top, log and composer on the left, a tabbed column of feature panels on the right;
// the splits are draggable and collapsible, and their sizes are kept in localStorage across reloads.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Group, Panel, useDefaultLayout, usePanelRef } from 'react-resizable-panels';
import { useSession } from './api/use-sessions.js';
import { CollapsiblePane } from './components/collapsible-pane.js';
import { SideTabStrip } from './side-tab-strip.js';
import { ViewTabs, type WorkbenchView } from './components/view-tabs.js';
import { ComposerPanel } from './features/composer/composer-panel.js';
import { ConnectionBar } from './features/connection/connection-bar.js';
import { LogPanel } from './features/log/log-panel.js';
import { useFrameLink } from './lib/ui/use-frame-link.js';
import { usePendingIntent } from './lib/ui/panel-intents.js';
import { useRelay } from './lib/relay/relay-context.js';
import { useComposerKey } from './lib/ui/use-composer-key.js';
import { usePresentationStacked } from './lib/ui/presentation.js';
import { useOnChange } from './lib/ui/use-on-change.js';
import { preloadDetail, SIDE_PANELS } from './side-panels.js';

// Views the page does not open with load their code when first shown (see side-panels.tsx for the tabs).
const ArchiveView = lazy(() => import('./archive-view.js').then((m) => ({ default: m.ArchiveView })));
const SequenceView = lazy(() => import('./features/sequence/sequence-view.js').then((m) => ({ default: m.SequenceView })));
const WaterfallView = lazy(() => import('./features/waterfall/waterfall-view.js').then((m) => ({ default: m.WaterfallView })));
const loading = <p className="p-4 text-dim">loading…</p>;

/** The collapsed composer: its one-line toolbar (h-8) and nothing else. */
const COMPOSER_BAR_PX = 32;
/** The composer's height when first opened, as a share of the left column. */
const COMPOSER_OPEN = '38%';
// Below these the composer's toolbar or the panels' forms would have to wrap or clip.
const LEFT_MIN_PX = 520;
const SIDE_MIN_PX = 360;
// Stacked (presentation mode in a small window): heights, not widths. The log keeps its filters and a few rows, the
// panels their tab strip and a useful part of Detail.
const LEFT_MIN_STACKED_PX = 200;
const SIDE_MIN_STACKED_PX = 180;
/** The right-hand tab a page opens on. */
const FIRST_TAB = 'overview';
const storage = typeof localStorage === 'undefined' ? undefined : localStorage;

interface Props {
  relayError: string | null;
  onDismissRelayError: () => void;
}

export function Workbench({ relayError, onDismissRelayError }: Props) {
  const { socket } = useRelay();
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [selectedSeq, setSelectedSeq] = useState<number | null>(null);
  // A newcomer's first look is the server (who it is, what it declared), not an empty Detail tab: a click on a row opens
  // Detail. Overview asks the server nothing (it reads the handshake), so opening the page still sends no request.
  const [tab, setTab] = useState(FIRST_TAB);
  // Presentation mode in a small window stacks the panels column below the log (same panes, same state, turned on
  // their side) and remembers that split apart from the side-by-side one.
  const stacked = usePresentationStacked();
  const columns = useDefaultLayout({ id: stacked ? 'mcpscope.panes.stacked' : 'mcpscope.panes.columns', storage });
  const rows = useDefaultLayout({ id: 'mcpscope.panes.log-composer', storage });
  const sideRef = usePanelRef();
  const composerRef = usePanelRef();
  const [composerOpen, setComposerOpen] = useState(false);
  // Bumped to ask the composer to focus its editor (after the `c` shortcut).
  const [composerFocus, setComposerFocus] = useState(0);
  const openComposer = useCallback(() => {
    const pane = composerRef.current;
    if (pane === null || !pane.isCollapsed()) return;
    pane.expand();
    // Never opened yet (or dragged down to its bar): open it to a useful height, not to its minimum.
    if (pane.getSize().inPixels < 160) pane.resize(COMPOSER_OPEN);
  }, [composerRef]);
  const collapseComposer = useCallback(() => composerRef.current?.collapse(), [composerRef]);
  // Stacking folds the composer to its bar: the room below the log belongs to Detail (`c` still opens it).
  useEffect(() => {
    if (stacked) composerRef.current?.collapse();
  }, [stacked, composerRef]);
  useComposerKey(
    useCallback(() => {
      openComposer();
      setComposerFocus((n) => n + 1);
    }, [openComposer]),
  );
  // Panels stay mounted once shown, so switching tabs keeps their forms and results; they mount lazily, so a panel's
  // requests only go out once someone opens it.
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([FIRST_TAB]));
  if (!visited.has(tab)) setVisited(new Set(visited).add(tab));

  // "Open in panel" from the detail pane: show the target tab; the panel itself takes the intent.
  const intent = usePendingIntent();
  // An effect, not a render-time update: opening a pane sets the pane library's own state.
  useEffect(() => {
    if (intent === null) return;
    if (intent.target === 'composer') {
      openComposer();
      return;
    }
    setTab(intent.target);
    sideRef.current?.expand();
  }, [intent, openComposer, sideRef]);

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
  const openDetail = useCallback(() => {
    setTab('detail');
    sideRef.current?.expand();
  }, [sideRef]);
  const selectAndShow = useCallback(
    (seq: number) => {
      setSelectedSeq(seq);
      openDetail();
    },
    [openDetail],
  );
  const closeDetail = useCallback(() => sideRef.current?.collapse(), [sideRef]);
  // Escape in the log lets go of the frame; folding the whole panels column away is the splitter's job, not a key's.
  const clearSelection = useCallback(() => setSelectedSeq(null), []);
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
      {view === 'sessions' && (
        <Suspense fallback={loading}>
          <ArchiveView currentId={sessionId} onOpen={openSession} />
        </Suspense>
      )}
      <main className={view === 'inspect' ? 'flex min-h-0 flex-1' : 'hidden'} aria-label="inspector">
        <Group
          orientation={stacked ? 'vertical' : 'horizontal'}
          id="panes-columns"
          defaultLayout={columns.defaultLayout}
          onLayoutChanged={columns.onLayoutChanged}
        >
          <Panel id="pane-left" minSize={stacked ? LEFT_MIN_STACKED_PX : LEFT_MIN_PX} style={{ overflow: 'hidden' }} className="flex min-w-0 flex-col">
            <Group orientation="vertical" id="panes-log-composer" defaultLayout={rows.defaultLayout} onLayoutChanged={rows.onLayoutChanged}>
              <Panel id="pane-log" minSize={120} style={{ overflow: 'hidden' }} className="flex min-h-0 flex-col">
                {/* The Detail tab's code is fetched on the way to a row's click or Enter (display: contents keeps the column's layout). */}
                <div className="contents" onPointerOver={preloadDetail} onFocus={preloadDetail}>
                  <LogPanel
                    sessionId={sessionId}
                    selectedSeq={selectedSeq}
                    onSelect={select}
                    onOpenDetail={openDetail}
                    onCloseDetail={clearSelection}
                    sequence={(p) => (
                      <Suspense fallback={loading}>
                        <SequenceView {...p} />
                      </Suspense>
                    )}
                    waterfall={(p) => (
                      <Suspense fallback={loading}>
                        <WaterfallView {...p} />
                      </Suspense>
                    )}
                  />
                </div>
              </Panel>
              <CollapsiblePane
                separator={{ line: 'horizontal', testId: 'split-log-composer', label: 'resize the log and the composer' }}
                id="pane-composer"
                panelRef={composerRef}
                collapsedSize={COMPOSER_BAR_PX}
                minSize={140}
                defaultSize={COMPOSER_BAR_PX}
                onResize={(size) => setComposerOpen(size.inPixels > COMPOSER_BAR_PX + 1)}
                className="flex min-h-0 flex-col"
              >
                <ComposerPanel
                  sessionId={sessionId}
                  expanded={composerOpen}
                  onExpand={openComposer}
                  onCollapse={collapseComposer}
                  focusRequest={composerFocus}
                />
              </CollapsiblePane>
            </Group>
          </Panel>
          <CollapsiblePane
            separator={{ line: stacked ? 'horizontal' : 'vertical', testId: 'split-columns', label: 'resize the log and the panels' }}
            id="pane-side"
            panelRef={sideRef}
            minSize={stacked ? SIDE_MIN_STACKED_PX : SIDE_MIN_PX}
            defaultSize="42%"
            className="flex min-w-0 flex-col bg-panel"
          >
            {sessionId === null ? (
              <p className="p-4 text-dim">Not attached to a session: start or pick one above.</p>
            ) : (
              <aside className="flex min-h-0 flex-1 flex-col" aria-label="inspector panels">
                {/* The panels' own headings are h3: this one, for screen readers, keeps the outline h1 → h2 → h3. */}
                <h2 className="sr-only">Panels</h2>
                <SideTabStrip panels={SIDE_PANELS} tab={tab} onTab={setTab} sessionId={sessionId} />
                {SIDE_PANELS.filter((p) => p.id === tab || visited.has(p.id)).map((p) => (
                  <div key={`${sessionId}:${p.id}`} className={p.id === tab ? 'flex min-h-0 flex-1 flex-col' : 'hidden'}>
                    <Suspense fallback={loading}>
                      {p.render({ sessionId, selectedSeq, onSelect: selectAndShow, onOpenFrame: openFrame, onClose: closeDetail })}
                    </Suspense>
                  </div>
                ))}
              </aside>
            )}
          </CollapsiblePane>
        </Group>
      </main>
    </div>
  );
}
