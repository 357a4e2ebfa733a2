// The sequence diagram's colours, as a stylesheet that travels inside the SVG: on the page it follows the theme, in an
// export it is the light palette spelled out, so the file reads the same anywhere (a bug tracker, an image viewer).

const LIGHT = {
  bg: '#ffffff',
  ink: '#1f2328',
  dim: '#555d68',
  lane: '#c4cad3',
  sel: 'rgba(37, 99, 235, 0.16)',
  out: '#1d4ed8',
  in: '#15803d',
  auto: '#6d28d9',
  error: '#b91c1c',
  bad: '#c2410c',
  stderr: '#52525b',
  note: '#475569',
  noteBg: '#eef0f3',
};

const DARK: typeof LIGHT = {
  bg: 'transparent',
  ink: '#d4d7dd',
  dim: '#9399a4',
  lane: '#3a3f4b',
  sel: 'rgba(37, 99, 235, 0.35)',
  out: '#60a5fa',
  in: '#4ade80',
  auto: '#c4b5fd',
  error: '#f87171',
  bad: '#fb923c',
  stderr: '#a1a1aa',
  note: '#cbd5e1',
  noteBg: '#1c1f26',
};

const vars = (p: typeof LIGHT) =>
  Object.entries(p)
    .map(([k, v]) => `--sq-${k}:${v};`)
    .join('');

const RULES = `
.sq-root{font-family:ui-monospace,Menlo,Consolas,"Liberation Mono",monospace;font-size:11px}
.sq-bg{fill:var(--sq-bg)}
.sq-lane{stroke:var(--sq-lane);stroke-width:1}
.sq-lane-label{fill:var(--sq-ink);font-weight:600;text-anchor:middle}
.sq-gutter{fill:var(--sq-dim)}
.sq-hit{fill:transparent;cursor:pointer}
.sq-hit.sq-selected{fill:var(--sq-sel)}
.sq-label{fill:var(--sq-ink)}
.sq-origin,.sq-latency{fill:var(--sq-dim)}
.sq-join{stroke:var(--sq-dim);stroke-width:3;stroke-opacity:.45}
.sq-note-box{fill:var(--sq-noteBg);stroke:var(--sq-note)}
.sq-note .sq-label{fill:var(--sq-note)}
.sq-stderr line{stroke-dasharray:4 3}
${['out', 'in', 'auto', 'error', 'bad', 'stderr'].map((t) => `.sq-${t} line,.sq-${t} polygon{stroke:var(--sq-${t});fill:var(--sq-${t})}`).join('\n')}
.sq-error .sq-label,.sq-error .sq-latency{fill:var(--sq-error)}
.sq-error .sq-note-box{stroke:var(--sq-error)}
.sq-bad .sq-label{fill:var(--sq-bad)}
.sq-sev-error{fill:#dc2626}
.sq-sev-warning{fill:#d97706}
.sq-sev-info{fill:#0284c7}
`;

/** For the page: dark by default, light under the light theme. */
export const PAGE_STYLE = `.sq-root{${vars(DARK)}}:root[data-theme="light"] .sq-root{${vars(LIGHT)}}${RULES}`;

/** For an exported file: the light palette only. */
export const EXPORT_STYLE = `.sq-root{${vars(LIGHT)}}${RULES}`;
