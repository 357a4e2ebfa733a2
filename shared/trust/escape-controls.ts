// Makes a string from a file safe to print on a terminal: every control character and invisible reordering mark is
// shown as an escape (`\x1b`, `\r`, `\u202e`) instead of acting.
// Threat: a bundle, profile or config file whose names or values carry escape sequences (ESC[8m hides text, `\r ESC[2K`
// erases the line, ESC]… retitles the window) or bidi overrides, so the review printed before "Run it? [y/N]" shows
// something other than what would run. Every string the CLI prints from such a file goes through here.

/** C0 controls, DEL, C1 controls (0x9b is a one-byte CSI on some terminals), and the Unicode marks that reorder or
 * hide text: bidi embeddings, overrides and isolates, zero-width characters, the line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- the control characters are exactly what this module looks for
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeOne(c: string): string {
  const named = NAMED[c];
  if (named !== undefined) return named;
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `s` with every unsafe character written as an escape; a string without any comes back unchanged. */
export function escapeControls(s: string): string {
  return s.replace(UNSAFE, escapeOne);
}

/** The same for a multi-line text (a diff, a report): its line breaks stay line breaks, everything else is escaped. */
export function escapeControlsKeepingLines(s: string): string {
  return s
    .split('\n')
    .map((line) => escapeControls(line))
    .join('\n');
}
