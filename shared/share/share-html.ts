// Where a share file keeps its data: one <script> element of a type no browser runs, holding the share text
// (share-data.ts) gzipped and base64-encoded. base64 holds no `<`, so the element cannot be closed early by its data.
export const SHARE_SCRIPT_ID = 'mcpscope-share';
export const SHARE_SCRIPT_TYPE = 'application/x-mcpscope-share+gzip+base64';
/** The viewer template's placeholder, replaced by the data element when a file is written. */
export const SHARE_DATA_MARKER = '<!--mcpscope-share-data-->';

export const shareScriptOpening = (): string => `<script type="${SHARE_SCRIPT_TYPE}" id="${SHARE_SCRIPT_ID}">`;
export const SHARE_SCRIPT_CLOSING = '</script>';

/** Whether a file's first characters look like HTML rather than a bundle's JSON (a BOM and blanks skipped). */
export function looksLikeHtml(head: string): boolean {
  return /^\uFEFF?\s*</.test(head);
}

/** The base64 payload of an HTML share file, or null when the page holds none (some other HTML file). */
export function sharePayloadOf(html: string): string | null {
  const open = shareScriptOpening();
  const start = html.indexOf(open);
  if (start === -1) return null;
  const end = html.indexOf(SHARE_SCRIPT_CLOSING, start + open.length);
  if (end === -1) return null;
  // Line breaks are allowed in base64 (a mail client may wrap the file); the decoders ignore none of them, so drop them.
  return html.slice(start + open.length, end).replace(/\s+/g, '');
}
