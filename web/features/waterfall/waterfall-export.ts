// Exports the waterfall as the sequence view exports its diagram: an SVG built from the exchanges with the light
// palette inside it, and a PNG drawn from that SVG on a canvas.
import { createElement } from 'react';
import type { WaterfallRow } from '../../../shared/trace/waterfall-rows.js';
import { downloadBlob } from '../../lib/ui/download.js';
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
  const img = new Image();
  // A data: URL, which the page's CSP allows for images (blob: it does not).
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await img.decode();
  const scale = height * 2 <= 16_000 ? 2 : 1;
  const canvas = document.createElement('canvas');
  canvas.width = width * scale;
  canvas.height = height * scale;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas in this browser');
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0, width, height);
  const png = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the canvas gave no PNG'))), 'image/png'));
  downloadBlob('mcpscope-waterfall.png', png, 'image/png');
}
