// Exports the waterfall as the sequence view exports its diagram: an SVG built from the exchanges with the light
// palette inside it, and a PNG drawn from that SVG on a canvas.
import { createElement } from 'react';
import type { WaterfallRow } from '../../../shared/trace/waterfall-rows.js';
import { downloadBlob } from '../../lib/ui/download.js';
import { svgToPng } from '../../lib/ui/svg-png.js';
import { WaterfallAxis, WaterfallRows, WF_HEADER, WF_ROW } from './waterfall-svg.js';
import { WF_EXPORT_STYLE } from './waterfall-style.js';

const EXPORT_WIDTH = 1100;
const EXPORT_MAX_ROWS = 1000;

async function waterfallSvg(all: readonly WaterfallRow[], spanMs: number): Promise<{ svg: string; width: number; height: number }> {
  const rows = all.slice(0, EXPORT_MAX_ROWS);
  const width = EXPORT_WIDTH;
  const height = WF_HEADER + rows.length * WF_ROW + 8;
  const { renderToStaticMarkup } = await import('react-dom/server');
  const doc = createElement(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', className: 'wf-root', width, height, viewBox: `0 0 ${width} ${height}` },
    createElement('title', null, `mcpscope waterfall, ${rows.length} exchanges`),
    createElement('style', null, WF_EXPORT_STYLE),
    createElement('rect', { className: 'wf-bg', x: 0, y: 0, width, height }),
    createElement(WaterfallAxis, { width, spanMs }),
    createElement('g', { transform: `translate(0 ${WF_HEADER})` }, createElement(WaterfallRows, { rows, width, spanMs })),
  );
  return { svg: `<?xml version="1.0" encoding="UTF-8"?>\n${renderToStaticMarkup(doc)}`, width, height };
}

export async function exportWaterfallSvg(rows: readonly WaterfallRow[], spanMs: number): Promise<void> {
  const { svg } = await waterfallSvg(rows, spanMs);
  downloadBlob('mcpscope-waterfall.svg', svg, 'image/svg+xml');
}

export async function exportWaterfallPng(rows: readonly WaterfallRow[], spanMs: number): Promise<void> {
  const { svg, width, height } = await waterfallSvg(rows, spanMs);
  const png = await svgToPng(svg, width, height);
  downloadBlob('mcpscope-waterfall.png', png, 'image/png');
}
