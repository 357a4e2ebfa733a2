// The selected frame in full: header with pair links, notes, lint findings, the error explainer, the raw text in
// Monaco, and the parsed JSON; in presentation mode the text and JSON shown have their credentials masked.
import { useConfig } from '../../api/use-config.js';
import { LazyCodeEditor } from '../../components/lazy-code-editor.js';
import { useShownEntry } from '../../lib/ui/screen-mask.js';
import { DetailHeader } from './detail-header.js';
import { ErrorExplainer } from './error-explainer.js';
import { FrameFindings } from './frame-findings.js';
import { FrameNotes } from './frame-notes.js';
import { isLargeFrame, LargeFrameView } from './large-frame-view.js';
import { ParsedView } from './parsed-view.js';
import { TraceContextView } from './trace-context-view.js';
import { useFrameEntry } from './use-frame-entry.js';

interface Props {
  sessionId: string;
  seq: number;
  onSelect: (seq: number) => void;
  onClose: () => void;
}

export function DetailPane({ sessionId, seq, onSelect, onClose }: Props) {
  const { log, entry, pairs } = useFrameEntry(sessionId, seq);
  const config = useConfig();
  // The header's Resend keeps the frame as recorded: a masked text must never be what goes back to the server.
  const shown = useShownEntry(entry);
  const shell = 'flex min-h-0 flex-1 flex-col';
  if (!log || !entry || !shown) {
    return (
      <aside data-testid="detail-pane" className={shell}>
        <p className="p-3 text-dim">Frame #{seq} is not loaded yet.</p>
      </aside>
    );
  }
  const context = log.errorContextOf(seq);
  return (
    // Scrolls as a whole when a long error explanation and the frame do not both fit; the parsed view keeps a few lines.
    <aside data-testid="detail-pane" data-seq={seq} className={`${shell} overflow-y-auto`} aria-label="frame detail">
      <DetailHeader entry={entry} pairs={pairs} onSelect={onSelect} onClose={onClose} />
      <FrameNotes entry={entry} maxLineBytes={config.data?.maxLineBytes ?? null} />
      <FrameFindings entry={entry} findings={log.frameFindings} version={context?.protocolVersion ?? log.protocolVersion} onSelect={onSelect} />
      <TraceContextView sessionId={sessionId} entry={shown} />
      <ErrorExplainer entry={shown} context={context} httpStatus={log.httpStatusOf(seq)} />
      <SectionTitle>raw</SectionTitle>
      {isLargeFrame(entry) ? (
        // Monaco and the pretty-printer would each block the page for seconds on a multi-megabyte frame.
        <LargeFrameView key={seq} source={log} entry={entry} />
      ) : (
        <>
          <div data-testid="detail-raw" data-length={entry.frame.text.length} className="h-[30%] min-h-24 shrink-0 border-b border-edge">
            <LazyCodeEditor
              path="mcpscope://detail/raw"
              value={shown.frame.text}
              language={entry.value === undefined ? 'plaintext' : 'json'}
              readOnly
              wordWrap
            />
          </div>
          <SectionTitle>{entry.value === undefined ? 'parse' : 'parsed'}</SectionTitle>
          <ParsedView entry={shown} />
        </>
      )}
    </aside>
  );
}

function SectionTitle({ children }: { children: string }) {
  return <div className="shrink-0 bg-panel-2 px-3 py-0.5 text-[10px] tracking-wide text-dim uppercase">{children}</div>;
}
