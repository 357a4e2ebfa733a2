// Draws an SVG document onto a canvas and returns it as PNG: the PNG export of the sequence view and the waterfall.

/** `svg` is a whole SVG document of `width` × `height` CSS pixels; the PNG has twice the pixels when that stays small. */
export async function svgToPng(svg: string, width: number, height: number): Promise<Blob> {
  const img = new Image();
  // A data: URL, which the page's CSP allows for images (blob: it does not).
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await img.decode();
  // Twice the pixels when the canvas stays well inside the browser's size limits.
  const scale = height * 2 <= 16_000 ? 2 : 1;
  const canvas = document.createElement('canvas');
  canvas.width = width * scale;
  canvas.height = height * scale;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas in this browser');
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0, width, height);
  return new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the canvas gave no PNG'))), 'image/png'));
}
