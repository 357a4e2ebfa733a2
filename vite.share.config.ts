// Builds the share file's viewer (web/share.html → dist/share/viewer.html): the second entry of the UI, the inspector's
// own components on a read-only source, as ONE self-contained HTML file. Its script and styles are inlined, Monaco is
// swapped for plain text (web/share/plain-code-editor.tsx), and a strict CSP goes in a <meta> tag allowing exactly the
// inlined script and stylesheet by their hashes. `mcpscope export --html` puts the recording in the data marker.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PAGE_STYLE } from './web/features/sequence/sequence-style.js';
import { WF_PAGE_STYLE } from './web/features/waterfall/waterfall-style.js';
import { VIEWER_DATA_TYPE, VIEWER_LOADER, VIEWER_SCRIPT_ID, VIEWER_STYLE_ID } from './web/share/viewer-loader.js';

const PLAIN_EDITOR = fileURLToPath(new URL('./web/share/plain-code-editor.tsx', import.meta.url));
const STATIC_MARKUP = fileURLToPath(new URL('./web/share/static-markup.ts', import.meta.url));
const CSP_PLACEHOLDER = '%MCPSCOPE_SHARE_CSP%';

/**
 * What the viewer swaps, in this build only: components/code-editor.tsx (Monaco, several MB) for the plain-text view,
 * and react-dom/server (the sequence export's renderer, about 200 kB minified) for the client renderer it already has.
 */
function viewerSwaps(): Plugin {
  return {
    name: 'mcpscope-share-swaps',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer?.replace(/\\/g, '/').endsWith('/web/components/lazy-code-editor.tsx') && source === './code-editor.js') return PLAIN_EDITOR;
      if (source === 'react-dom/server' && importer?.replace(/\\/g, '/').includes('/web/')) return STATIC_MARKUP;
      return null;
    },
  };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The CSP of the share file. default-src 'none' refuses every fetch, font, frame and connection. Scripts and styles
 * run by their hashes only: the loader, the viewer's script and stylesheet it unpacks (web/share/viewer-loader.ts),
 * and the sequence view's and the waterfall's own <style> (constants of their code), so nothing injected into the
 * page (a server's string, were it ever rendered as markup) could run; no eval ('unsafe-eval' absent), no
 * 'unsafe-inline'. Images only from data: URLs: the PNG export draws its SVG from one onto a canvas. A data: image is
 * made in the page and makes no request, and an image runs no script (an SVG in <img> loads nothing either), so the
 * most a rendered injection could do with it is show a picture: no request, no code, no way out of the file. base-uri
 * and form-action close the two ways out that default-src does not cover. frame-ancestors cannot be set from a <meta>.
 */
export function shareCsp(scriptHashes: string, styleHashes: string[]): string {
  return [
    `default-src 'none'`,
    `script-src ${scriptHashes}`,
    `style-src ${styleHashes.join(' ')}`,
    `img-src data:`,
    `base-uri 'none'`,
    `form-action 'none'`,
  ].join('; ');
}

/** gzip (level 9) then base64: the form the viewer's script and stylesheet travel in (web/share/viewer-loader.ts). */
const packed = (text: string) => gzipSync(Buffer.from(text, 'utf8'), { level: constants.Z_BEST_COMPRESSION, memLevel: 9 }).toString('base64');
const dataElement = (id: string, text: string) => `<script type="${VIEWER_DATA_TYPE}" id="${id}">${packed(text)}</script>`;

/**
 * Puts the built script and stylesheet into the page, compressed, with the loader that unpacks them, and writes the
 * CSP; fails the build if anything else is emitted. Compressed, the viewer is about a third of its minified size (it is
 * most of a small session's file); the browser checks the unpacked script and stylesheet against their hashes here.
 */
function inlineIntoPage(): Plugin {
  return {
    name: 'mcpscope-share-inline',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['share.html'];
      if (!page || page.type !== 'asset') throw new Error('share build: no share.html in the output');
      let html = String(page.source);
      let script = '';
      let style = '';
      for (const [name, file] of Object.entries(bundle)) {
        if (name === 'share.html') continue;
        if (file.type === 'chunk' && file.isEntry) script = file.code;
        else if (file.type === 'asset' && name.endsWith('.css')) style = String(file.source);
        else if (!name.endsWith('.map')) throw new Error(`share build: ${name} would be a file of its own; the viewer must be one file`);
        delete bundle[name];
      }
      if (script === '' || style === '') throw new Error('share build: the script or the stylesheet is missing');
      // Vite wraps each dynamic import in its preload helper with a placeholder for the files to preload, which it fills
      // in per chunk; with every import inlined there are none, and the placeholder is left. No deps: the helper just
      // runs the import.
      script = script.replaceAll('__VITE_PRELOAD__', 'void 0');
      // The loader is the page's only script as written; `</script` or `<!--` in it would change how the page parses.
      if (/<(!--|\/?script)/i.test(VIEWER_LOADER)) throw new Error('share build: the loader holds "<script" or "<!--"');
      html = html.replace(
        /<script type="module" crossorigin src="[^"]+"><\/script>/,
        () => `${dataElement(VIEWER_SCRIPT_ID, script)}<script type="module">${VIEWER_LOADER}</script>`,
      );
      html = html.replace(/<link rel="stylesheet" crossorigin href="[^"]+">/, () => dataElement(VIEWER_STYLE_ID, style));
      if (/ src="|<link rel="stylesheet"/.test(html)) throw new Error('share build: a reference to a file is left in the page');
      html = html.replace(CSP_PLACEHOLDER, () =>
        shareCsp(`${sha256(VIEWER_LOADER)} ${sha256(script)}`, [sha256(style), sha256(PAGE_STYLE), sha256(WF_PAGE_STYLE)]),
      );
      this.emitFile({ type: 'asset', fileName: 'viewer.html', source: html });
      delete bundle['share.html'];
    },
  };
}

/**
 * React's API from Preact (preact/compat), in the viewer only: the same components, rendered by a 4 kB engine instead of
 * React DOM's ~180 kB minified, the largest part of the viewer (and so of a small session's file). The inspector
 * itself keeps React; the share e2e tests run the viewer's components on this renderer in Chromium, Firefox and WebKit.
 * (knip.json ignores preact: it is named only here, as an alias target, which knip does not follow.)
 */
const PREACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
];

export default defineConfig({
  root: 'web',
  resolve: { alias: PREACT },
  base: './',
  // web/public (the inspector's favicon) would be a file beside the page.
  publicDir: false,
  plugins: [viewerSwaps(), react(), tailwindcss(), inlineIntoPage()],
  build: {
    outDir: '../dist/share',
    emptyOutDir: true,
    modulePreload: false,
    // Everything inline: no asset may become a file (the page is opened from file:// or any host, alone).
    assetsInlineLimit: Number.MAX_SAFE_INTEGER,
    cssCodeSplit: false,
    chunkSizeWarningLimit: 8_000,
    rolldownOptions: {
      input: fileURLToPath(new URL('./web/share.html', import.meta.url)),
      output: { codeSplitting: false },
    },
  },
});
