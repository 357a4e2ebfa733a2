// The registry of the right-hand column's tabs: each feature contributes one entry, and the workbench renders them.
import type { ReactNode } from 'react';
import { DetailPane } from './features/detail/detail-pane.js';

export interface SidePanelProps {
  sessionId: string;
  selectedSeq: number | null;
  /** Selects a frame in the log and shows it in the Detail tab. */
  onSelect: (seq: number) => void;
  onClose: () => void;
}

export interface SidePanelDef {
  id: string;
  title: string;
  render: (p: SidePanelProps) => ReactNode;
}

export const SIDE_PANELS: SidePanelDef[] = [
  {
    id: 'detail',
    title: 'Detail',
    render: (p) =>
      p.selectedSeq === null ? (
        <p className="p-4 text-dim">Select a frame to see it in full (click, or ↑/↓ then Enter).</p>
      ) : (
        <DetailPane sessionId={p.sessionId} seq={p.selectedSeq} onSelect={p.onSelect} onClose={p.onClose} />
      ),
  },
];
