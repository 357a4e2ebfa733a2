// The registry of the right-hand column's tabs: each feature contributes one entry, and the workbench renders them.
import { lazy, type ReactNode } from 'react';
import { afterFirstPaint } from './lib/editor/first-paint.js';
import type * as DetailModule from './features/detail/detail-pane.js';
import { ExchangeBacklink, ExchangeCountBadge } from './features/http-exchanges/exchange-backlink.js';
import { PendingBadge } from './features/server-requests/pending-badge.js';
// The tab a page opens on is in the start chunk: every page shows it at once, and lazily it cost a cascade of eight
// small chunks (its own and the helpers it shares with other panels), each a request, a task and a commit of its own.
import { OverviewPanel } from './features/overview/overview-panel.js';

// Each panel's code loads when its tab is first opened (the workbench shows a placeholder meanwhile), so the page's
// start-up parses only what paints the log: the panels hold the schema forms, markdown, the fault lab and more, about
// half of the page's code. The Detail tab is the one a click on a row opens: its code (three chunks, ~58 kB) is fetched
// once a pointer is over the log or a focus in it (preloadDetail), after the log has painted, not on every page
// whether or not a frame is ever opened.
let detail: Promise<typeof DetailModule> | null = null;
const loadDetail = () => (detail ??= import('./features/detail/detail-pane.js'));
/** Starts fetching the Detail tab's code: a pointer over the log, or a focus in it, comes before a row's click or Enter. */
export function preloadDetail(): void {
  if (detail === null) void afterFirstPaint().then(loadDetail);
}
const DetailPane = lazy(() => loadDetail().then((m) => ({ default: m.DetailPane })));
const ToolsPanel = lazy(() => import('./features/tools/tools-panel.js').then((m) => ({ default: m.ToolsPanel })));
const ResourcesPanel = lazy(() => import('./features/resources/resources-panel.js').then((m) => ({ default: m.ResourcesPanel })));
const PromptsPanel = lazy(() => import('./features/prompts/prompts-panel.js').then((m) => ({ default: m.PromptsPanel })));
const ServerRequestsPanel = lazy(() => import('./features/server-requests/server-requests-panel.js').then((m) => ({ default: m.ServerRequestsPanel })));
const TasksPanel = lazy(() => import('./features/tasks/tasks-panel.js').then((m) => ({ default: m.TasksPanel })));
const LoggingPanel = lazy(() => import('./features/logging/logging-panel.js').then((m) => ({ default: m.LoggingPanel })));
const HttpExchangesPanel = lazy(() => import('./features/http-exchanges/http-exchanges-panel.js').then((m) => ({ default: m.HttpExchangesPanel })));
const AuthPanel = lazy(() => import('./features/auth/auth-panel.js').then((m) => ({ default: m.AuthPanel })));
const BatchPanel = lazy(() => import('./features/batch/batch-panel.js').then((m) => ({ default: m.BatchPanel })));
const FaultLabPanel = lazy(() => import('./features/fault-lab/fault-lab-panel.js').then((m) => ({ default: m.FaultLabPanel })));
const ConformancePanel = lazy(() => import('./features/conformance/conformance-panel.js').then((m) => ({ default: m.ConformancePanel })));
const CollectionsPanel = lazy(() => import('./features/collections/collections-panel.js').then((m) => ({ default: m.CollectionsPanel })));
const FuzzPanel = lazy(() => import('./features/fuzz/fuzz-panel.js').then((m) => ({ default: m.FuzzPanel })));
const FindingsPanel = lazy(() => import('./features/findings/findings-panel.js').then((m) => ({ default: m.FindingsPanel })));
const ChatPanel = lazy(() => import('./features/chat/chat-panel.js').then((m) => ({ default: m.ChatPanel })));
const ReferencePanel = lazy(() => import('./features/reference/reference-panel.js').then((m) => ({ default: m.ReferencePanel })));

interface SidePanelProps {
  sessionId: string;
  selectedSeq: number | null;
  /** Selects a frame in the log and shows it in the Detail tab. */
  onSelect: (seq: number) => void;
  /** Opens another session (a fault-lab scratch session) at one of its frames. */
  onOpenFrame: (sessionId: string, seq: number | null) => void;
  onClose: () => void;
}

/** The tab strip's groups, in the order they are shown. */
export const TAB_GROUPS = [
  { id: 'explore', title: 'Explore' },
  { id: 'inspect', title: 'Inspect' },
  { id: 'lab', title: 'Lab' },
  { id: 'reference', title: 'Reference' },
] as const;
export type TabGroup = (typeof TAB_GROUPS)[number]['id'];

export interface SidePanelDef {
  id: string;
  group: TabGroup;
  title: string;
  /** Shown after the title, e.g. how many things wait for the user there. */
  badge?: (sessionId: string) => ReactNode;
  render: (p: SidePanelProps) => ReactNode;
}

export const SIDE_PANELS: SidePanelDef[] = [
  {
    id: 'detail',
    group: 'inspect',
    title: 'Detail',
    render: (p) =>
      p.selectedSeq === null ? (
        <p className="p-4 text-dim">Select a frame to see it in full (click, or ↑/↓ then Enter).</p>
      ) : (
        <>
          <ExchangeBacklink sessionId={p.sessionId} seq={p.selectedSeq} />
          <DetailPane sessionId={p.sessionId} seq={p.selectedSeq} onSelect={p.onSelect} onClose={p.onClose} />
        </>
      ),
  },
  { id: 'overview', group: 'inspect', title: 'Overview', render: (p) => <OverviewPanel sessionId={p.sessionId} onSelect={p.onSelect} /> },
  { id: 'tools', group: 'explore', title: 'Tools', render: (p) => <ToolsPanel sessionId={p.sessionId} onSelect={p.onSelect} /> },
  { id: 'resources', group: 'explore', title: 'Resources', render: (p) => <ResourcesPanel sessionId={p.sessionId} onSelect={p.onSelect} /> },
  { id: 'prompts', group: 'explore', title: 'Prompts', render: (p) => <PromptsPanel sessionId={p.sessionId} onSelect={p.onSelect} /> },
  { id: 'chat', group: 'explore', title: 'Chat', render: (p) => <ChatPanel sessionId={p.sessionId} onSelect={p.onSelect} /> },
  {
    id: 'server-requests',
    group: 'lab',
    title: 'Server requests',
    badge: (sessionId) => <PendingBadge sessionId={sessionId} />,
    render: (p) => <ServerRequestsPanel sessionId={p.sessionId} />,
  },
  { id: 'tasks', group: 'explore', title: 'Tasks', render: (p) => <TasksPanel sessionId={p.sessionId} onSelect={p.onSelect} /> },
  { id: 'logging', group: 'inspect', title: 'Logging', render: (p) => <LoggingPanel sessionId={p.sessionId} onSelect={p.onSelect} /> },
  {
    id: 'http',
    group: 'inspect',
    title: 'HTTP',
    badge: (sessionId) => <ExchangeCountBadge sessionId={sessionId} />,
    render: (p) => <HttpExchangesPanel sessionId={p.sessionId} onSelect={p.onSelect} />,
  },
  { id: 'auth', group: 'inspect', title: 'Auth', render: (p) => <AuthPanel sessionId={p.sessionId} /> },
  { id: 'batch', group: 'lab', title: 'Batch', render: (p) => <BatchPanel sessionId={p.sessionId} onSelect={p.onSelect} /> },
  { id: 'fault-lab', group: 'lab', title: 'Fault lab', render: (p) => <FaultLabPanel sessionId={p.sessionId} onOpenFrame={p.onOpenFrame} /> },
  { id: 'conformance', group: 'lab', title: 'Conformance', render: (p) => <ConformancePanel sessionId={p.sessionId} onOpenFrame={p.onOpenFrame} /> },
  { id: 'collections', group: 'lab', title: 'Collections', render: (p) => <CollectionsPanel sessionId={p.sessionId} onOpenFrame={p.onOpenFrame} /> },
  { id: 'fuzz', group: 'lab', title: 'Fuzz', render: (p) => <FuzzPanel sessionId={p.sessionId} onOpenFrame={p.onOpenFrame} /> },
  {
    id: 'findings',
    group: 'inspect',
    title: 'Findings',
    render: (p) => <FindingsPanel sessionId={p.sessionId} selectedSeq={p.selectedSeq} onSelect={p.onSelect} />,
  },
  {
    id: 'reference',
    group: 'reference',
    title: 'Reference',
    render: () => <ReferencePanel />,
  },
];
