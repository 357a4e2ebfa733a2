// Prints a transcript diff for a terminal or a CI log: one line per difference, member changes indented under it.
import type { TranscriptDiff } from './transcript-diff.js';

const MARK = { changed: '~', added: '+', removed: '-' } as const;
const VALUE_CAP = 200;

function show(v: unknown): string {
  const s = v === undefined ? 'undefined' : JSON.stringify(v);
  return s.length > VALUE_CAP ? `${s.slice(0, VALUE_CAP)}…` : s;
}

function diffSummaryLine(d: TranscriptDiff): string {
  const s = d.summary;
  return `${s.same} same, ${s.changed} changed, ${s.added} added, ${s.removed} removed (old run ${s.oldMessages} messages, new run ${s.newMessages})`;
}

export function formatDiff(d: TranscriptDiff): string {
  const lines: string[] = [];
  for (const e of d.entries) {
    const where = [e.oldSeq !== null ? `old #${e.oldSeq}` : null, e.newSeq !== null ? `new #${e.newSeq}` : null].filter(Boolean).join(', ');
    lines.push(`${MARK[e.status]} ${e.label}  (${where})`);
    for (const c of e.changes) {
      const path = c.path || '(message)';
      if (c.change === 'changed') lines.push(`    ${path}: ${show(c.old)} → ${show(c.new)}`);
      else if (c.change === 'added') lines.push(`    ${path}: added ${show(c.new)}`);
      else lines.push(`    ${path}: removed ${show(c.old)}`);
    }
    if (e.text !== undefined) lines.push(`    ${e.text.length > VALUE_CAP ? `${e.text.slice(0, VALUE_CAP)}…` : e.text}`);
  }
  lines.push(d.identical ? `identical: ${diffSummaryLine(d)}` : `differs: ${diffSummaryLine(d)}`);
  return `${lines.join('\n')}\n`;
}
