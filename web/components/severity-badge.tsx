// The coloured marker of a lint severity, shared by log rows, the findings panel, the detail pane and the reference.
import type { Severity } from '../../shared/lint/index.js';

const STYLES: Record<Severity, string> = {
  error: 'bg-red-700 text-red-50',
  // amber-700, not 600: light text on amber-600 is 3.1:1 in the dark theme, short of AA for 10 px text.
  warning: 'bg-amber-700 text-amber-50',
  info: 'bg-sky-700 text-sky-50',
};

const GLYPHS: Record<Severity, string> = { error: '✖', warning: '▲', info: 'i' };

interface Props {
  severity: Severity;
  /** Shown after the glyph: a count, or a short label. */
  label?: string | number;
  title?: string;
  testId?: string;
}

export function SeverityBadge({ severity, label, title, testId }: Props) {
  return (
    <span
      data-testid={testId}
      data-severity={severity}
      title={title ?? severity}
      className={`inline-flex shrink-0 items-center gap-0.5 rounded px-1 text-[10px] leading-4 font-semibold not-italic ${STYLES[severity]}`}
    >
      <span aria-hidden>{GLYPHS[severity]}</span>
      {label !== undefined && <span>{label}</span>}
      <span className="sr-only">{severity}</span>
    </span>
  );
}

/** The worst severity among some findings, or null when there are none. */
export function worstSeverity(severities: Iterable<Severity>): Severity | null {
  let worst: Severity | null = null;
  for (const s of severities) {
    if (s === 'error') return s;
    if (s === 'warning' || worst === null) worst = s;
  }
  return worst;
}
