// Exports the diagram for a bug report: an SVG built from the frames (the same pieces the page draws, with the light
// palette inside the file), and a PNG made by drawing that SVG onto a canvas — never a screenshot of the page.
import { createElement } from 'react';
import type { FrameFindingsReader } from '../../lib/log/frame-findings.js';
import type { FrameLinksReader } from '../../lib/log/frame-links.js';
import type { LogRows } from '../../lib/log/log-source.js';
import { downloadBlob } from '../../lib/ui/download.js';
import { svgToPng } from '../../lib/ui/svg-png.js';
import { laneXs, SEQ_HEADER, SEQ_ROW } from './sequence-geometry.js';
import type { Lanes } from './sequence-lanes.js';
import { EXPORT_STYLE } from './sequence-style.js';
import { LaneHeader, SequenceBand } from './sequence-svg.js';

/** More rows than this make a file nobody reads: the export takes this many from the top of the view. */
const EXPORT_MAX_ROWS = 1000;
const EXPORT_WIDTH = 1100;

export interface ExportRange {
  rows: LogRows;
  lanes: Lanes;
  /** The first row in view; the export starts there when the rows do not all fit. */
  firstInView: number;
  selectedSeq: number | null;
  findings: FrameFindingsReader;
  links: FrameLinksReader;
}

async function sequenceSvg({
  rows,
  lanes,
  firstInView,
  selectedSeq,
  findings,
  links,
}: ExportRange): Promise<{ svg: string; width: number; height: number; name: string }> {
  const start = rows.count <= EXPORT_MAX_ROWS ? 0 : Math.min(firstInView, rows.count - EXPORT_MAX_ROWS);
  const n = Math.min(EXPORT_MAX_ROWS, rows.count - start);
  const band = Array.from({ length: n }, (_, k) => ({ index: start + k, entry: rows.rowAt(start + k) }));
  const xs = laneXs(lanes, EXPORT_WIDTH);
  const width = EXPORT_WIDTH;
  const height = SEQ_HEADER + n * SEQ_ROW + 8;
  const seqs = band.flatMap((r) => (r.entry ? [r.entry.frame.seq] : []));
  const title = `mcpscope sequence, frames ${seqs[0] ?? '–'} to ${seqs.at(-1) ?? '–'}`;
  // Loaded on demand: the page needs the static renderer only when someone exports.
  const { renderToStaticMarkup } = await import('react-dom/server');
  const doc = createElement(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', className: 'sq-root', width, height, viewBox: `0 0 ${width} ${height}` },
    createElement('title', null, title),
    createElement('style', null, EXPORT_STYLE),
    createElement('rect', { className: 'sq-bg', x: 0, y: 0, width, height }),
    createElement(LaneHeader, { lanes, xs }),
    createElement(
      'g',
      { transform: `translate(0 ${SEQ_HEADER})` },
      createElement(SequenceBand, { rows: band, lanes, xs, width, selectedSeq, findings, links, indexOfSeq: (seq) => rows.indexOfSeq(seq) }),
    ),
  );
  const svg = `<?xml version="1.0" encoding="UTF-8"?>\n${renderToStaticMarkup(doc)}`;
  return { svg, width, height, name: `mcpscope-sequence-${seqs[0] ?? 0}-${seqs.at(-1) ?? 0}` };
}

export async function exportSvg(range: ExportRange): Promise<void> {
  const { svg, name } = await sequenceSvg(range);
  downloadBlob(`${name}.svg`, svg, 'image/svg+xml');
}

export async function exportPng(range: ExportRange): Promise<void> {
  const { svg, width, height, name } = await sequenceSvg(range);
  const png = await svgToPng(svg, width, height);
  downloadBlob(`${name}.png`, png, 'image/png');
}
