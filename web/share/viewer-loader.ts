// The share file's boot script: inflates the viewer's own script and stylesheet, kept gzipped and base64-encoded in two
// data elements of the page, and puts them in as an inline <script type="module"> and an inline <style>.
//
// Threat model: the file comes from elsewhere and may have been edited. The CSP of the file names the hash of this
// loader, of the viewer's script and of its stylesheet (vite.share.config.ts), and nothing else: inline code inserted
// later is checked against those hashes by the browser, so a data element whose text was changed inflates into a
// script the browser refuses to run, never into code that runs. No eval, no blob:/data: script: the inflated text is
// an inline script like the one the file held before it was compressed ('unsafe-eval' and 'unsafe-inline' absent).
// DecompressionStream (Chrome 80, Firefox 113, Safari 16.4) is native, so the loader needs no library of its own;
// the viewer's CSS already needs Chrome 111, Firefox 128 and Safari 16.4.

export const VIEWER_SCRIPT_ID = 'mcpscope-viewer-script';
export const VIEWER_STYLE_ID = 'mcpscope-viewer-style';
/** The type of both data elements: no browser runs it, and base64 holds no `<`, so they cannot be closed early. */
export const VIEWER_DATA_TYPE = 'application/x-mcpscope-viewer+gzip+base64';

/**
 * The loader's source, exactly as it goes into the page (its sha256 is in the CSP). Plain ES2020 in a string so the
 * text that is hashed is the text that runs, whatever the build does to TypeScript. A browser that cannot inflate, or
 * a damaged file, gets a sentence in the page instead of a blank one.
 */
export const VIEWER_LOADER = `(() => {
  const d = document;
  const fail = (why) => {
    const root = d.getElementById('root');
    if (root) root.textContent = 'This mcpscope recording cannot be shown in this browser: ' + why;
  };
  if (typeof DecompressionStream !== 'function') return fail('it has no DecompressionStream (Chrome 80, Firefox 113 or Safari 16.4 and later have it).');
  const inflate = (id) => {
    const el = d.getElementById(id);
    if (!el) throw new Error('the file has no ' + id + ' element');
    const bin = atob(el.textContent.replace(/\\s+/g, ''));
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  };
  Promise.resolve().then(() => Promise.all([inflate('${VIEWER_STYLE_ID}'), inflate('${VIEWER_SCRIPT_ID}')])).then(([css, js]) => {
    const style = d.createElement('style');
    style.textContent = css;
    d.head.append(style);
    const script = d.createElement('script');
    script.type = 'module';
    script.textContent = js;
    d.body.append(script);
  }).catch((err) => fail('its viewer could not be unpacked (' + (err && err.message ? err.message : String(err)) + ').'));
})();`;
