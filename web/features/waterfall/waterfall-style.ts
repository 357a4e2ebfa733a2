// The waterfall's styles, apart from its drawing so the share viewer's build can hash the page style into its CSP (as
// for the sequence view's): both themes for the page, the light one alone for an exported file.
const LIGHT = {
  bg: '#ffffff',
  ink: '#1f2328',
  dim: '#555d68',
  sel: 'rgba(37, 99, 235, 0.16)',
  client: '#2563eb',
  server: '#15803d',
  failed: '#dc2626',
  sep: '#c4cad3',
  event: '#7c3aed',
};
const DARK: typeof LIGHT = {
  bg: 'transparent',
  ink: '#d4d7dd',
  dim: '#9399a4',
  sel: 'rgba(37, 99, 235, 0.35)',
  client: '#60a5fa',
  server: '#4ade80',
  failed: '#f87171',
  sep: '#3a3f4b',
  event: '#c4b5fd',
};
const vars = (p: typeof LIGHT) =>
  Object.entries(p)
    .map(([k, v]) => `--wf-${k}:${v};`)
    .join('');
const RULES = `
.wf-root{font-family:ui-monospace,Menlo,Consolas,"Liberation Mono",monospace;font-size:11px}
.wf-bg{fill:var(--wf-bg)}
.wf-label{fill:var(--wf-ink)}
.wf-dim{fill:var(--wf-dim)}
.wf-hit{fill:transparent;cursor:pointer}
.wf-hit.wf-selected{fill:var(--wf-sel)}
.wf-sep{stroke:var(--wf-sep)}
.wf-client .wf-bar{fill:var(--wf-client)}
.wf-server .wf-bar{fill:var(--wf-server)}
.wf-failed .wf-bar{fill:var(--wf-failed)}
.wf-failed .wf-label{fill:var(--wf-failed)}
.wf-event{stroke:var(--wf-event);stroke-width:2}
`;
export const WF_PAGE_STYLE = `.wf-root{${vars(DARK)}}:root[data-theme="light"] .wf-root{${vars(LIGHT)}}${RULES}`;
export const WF_EXPORT_STYLE = `.wf-root{${vars(LIGHT)}}${RULES}`;
