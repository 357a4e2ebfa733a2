// Renders fault-lab results as a Markdown table, for pasting into a bug report.
import type { FaultVerdict } from './fault-types.js';
import { judgementLabel, judgeVerdict } from './preset-sentences.js';

export interface FaultRunRecord {
  presetId: string;
  title: string;
  spec: string;
  /** The text that went out (bytes shown decoded), possibly edited by the user. */
  sent: string;
  verdict: FaultVerdict;
  /** The first reply's text, or null when none came. */
  firstReply: string | null;
  waitedMs: number;
}

const OUTCOME_LABEL: Record<FaultVerdict['outcome'], string> = {
  'as-spec': 'as the spec says',
  'spec-silent': 'spec is silent',
  deviates: 'deviates',
  'no-reply': 'no reply',
  died: 'the server died',
};

export function outcomeLabel(outcome: FaultVerdict['outcome']): string {
  return OUTCOME_LABEL[outcome];
}

// A cell must stay on one line and must not end the cell early.
function cell(text: string, max = 120): string {
  const flat = text.replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/\|/g, '\\|');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function severityCell(r: FaultRunRecord): string {
  const label = judgementLabel(judgeVerdict(r.presetId, r.verdict));
  return label === '' ? '' : `, ${label}`;
}

export function resultsMarkdown(records: readonly FaultRunRecord[], context: { server: string; transport: string; protocolVersion: string | null }): string {
  const lines = [
    `Fault lab results for ${context.server} (${context.transport}, protocol ${context.protocolVersion ?? 'not negotiated'}), by mcpscope`,
    '',
    '| fault | spec says | sent | verdict | what came back |',
    '|---|---|---|---|---|',
    ...records.map(
      (r) =>
        `| ${cell(r.title)} | ${cell(r.spec)} | \`${cell(r.sent, 80).replace(/`/g, "'")}\` | **${OUTCOME_LABEL[r.verdict.outcome]}**${severityCell(r)} | ${cell(r.verdict.explanation)} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
