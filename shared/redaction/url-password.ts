// The password in a URL's userinfo (http://user:secret@host/), found and replaced by position so the rest of the URL
// stays exactly as typed. Threat: a credential typed into a URL reaching a session name, a bundle, a log or the page.
// By hand rather than with the URL class: shared/ has none in its types, and URL would rewrite the rest of the string.

export interface UrlPassword {
  /** As the URL spells it (percent-encoded where it was). */
  raw: string;
  /** Percent-decoded; the raw form when it is not valid percent-encoding. */
  decoded: string;
  /** Where `raw` sits in the URL: href.slice(start, end) === raw. */
  start: number;
  end: number;
  /** The userinfo's user name (maybe empty). */
  user: string;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The password of an absolute URL's userinfo; null when there is none (or it is empty), or the text is no such URL. */
export function findUrlPassword(href: string): UrlPassword | null {
  const scheme = SCHEME.exec(href);
  if (!scheme) return null;
  const from = scheme[0].length;
  // The authority runs to the first /, ? or #; its userinfo to the last @ in it (a password may hold an @ of its own).
  const end = href.slice(from).search(/[/?#]/);
  const authorityEnd = end === -1 ? href.length : from + end;
  const at = href.lastIndexOf('@', authorityEnd - 1);
  if (at < from) return null;
  const colon = href.indexOf(':', from);
  if (colon === -1 || colon > at) return null;
  const raw = href.slice(colon + 1, at);
  if (raw === '') return null;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding: the raw form is all there is.
  }
  return { raw, decoded, start: colon + 1, end: at, user: href.slice(from, colon) };
}

/**
 * The URL with its password replaced by `replacement`, everything else as typed; with '' the password goes with its
 * colon (and the @ too when no user name is left). A URL without a password comes back unchanged.
 */
export function replaceUrlPassword(href: string, replacement: string): string {
  const p = findUrlPassword(href);
  if (!p) return href;
  if (replacement !== '') return href.slice(0, p.start) + replacement + href.slice(p.end);
  return href.slice(0, p.start - 1) + href.slice(p.user === '' ? p.end + 1 : p.end);
}
