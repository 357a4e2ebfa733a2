// A pane that folds away (the composer to its bar, the panels column to nothing), with the draggable line before it:
// the props both collapsible panes share live here once, so the two cannot drift apart.
import { Panel, type PanelProps } from 'react-resizable-panels';
import { PaneSeparator } from './pane-separator.js';

type Props = Pick<PanelProps, 'id' | 'panelRef' | 'collapsedSize' | 'minSize' | 'defaultSize' | 'onResize' | 'className' | 'children'> & {
  /** The separator before the pane: its axis, test id and accessible name. */
  separator: { line: 'vertical' | 'horizontal'; testId: string; label: string };
};

export function CollapsiblePane({ separator, children, ...pane }: Props) {
  return (
    <>
      <PaneSeparator line={separator.line} testId={separator.testId} label={separator.label} />
      {/* Content is clipped to the pane, never drawn over its neighbour while it is dragged small. */}
      <Panel collapsible style={{ overflow: 'hidden' }} {...pane}>
        {children}
      </Panel>
    </>
  );
}
