// Plain-language notes about frames that need them: oversize heads, bytes that were not UTF-8, stderr, noise.
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import { formatSize } from '../../lib/ui/format.js';

export function FrameNotes({ entry, maxLineBytes }: { entry: FrameEntry; maxLineBytes: number | null }) {
  const { frame } = entry;
  const notes: string[] = [];
  if (frame.kind === 'oversize') {
    notes.push(
      `Oversize frame: ${formatSize(frame.size)} (${frame.size} bytes) on the wire, longer than the relay's line cap` +
        `${maxLineBytes !== null ? ` of ${formatSize(maxLineBytes)}` : ''}. Only the head (${frame.text.length} characters) is kept below; the rest was discarded.`,
    );
  }
  if (frame.b64 !== undefined) {
    notes.push('These bytes were not valid UTF-8: the text shows U+FFFD where they were broken. The exact bytes are kept as base64.');
  }
  if (frame.kind === 'stderr') notes.push('stderr is free-form logging from the server process, not an error signal.');
  if (frame.kind === 'noise') {
    notes.push(
      frame.dir === 'in'
        ? 'Not JSON: on stdio, stdout must carry nothing but MCP messages, so this line is a server fault.'
        : 'Not JSON: this was sent on purpose from the composer.',
    );
  }
  if (frame.kind === 'invalid') notes.push('Valid JSON, but not a JSON-RPC 2.0 message.');
  if (frame.kind === 'http') {
    notes.push('One HTTP exchange the relay made with the server. The MCP messages it carried are separate rows in the log.');
  }
  if (notes.length === 0) return null;
  return (
    <div className="shrink-0 space-y-1 border-b border-edge bg-amber-950/30 px-3 py-1.5 text-amber-100" data-testid="detail-notes">
      {notes.map((n) => (
        <p key={n}>{n}</p>
      ))}
      {frame.b64 !== undefined && <pre className="max-h-20 overflow-auto font-mono text-[11px] break-all whitespace-pre-wrap text-dim">{frame.b64}</pre>}
    </div>
  );
}
