// The page the person's browser shows after the authorization server redirects back: plain text only (the
// authorization server's error text is theirs, shown escaped), no scripts, nothing loaded.

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function callbackPage(ok: boolean, message: string): string {
  const title = ok ? 'mcpscope: authorized' : 'mcpscope: authorization not completed';
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><meta name="referrer" content="no-referrer"></head><body style="font:15px system-ui,sans-serif;max-width:40em;margin:3em auto;color:#222"><h1 style="font-size:1.3em">${escape(title)}</h1><p>${escape(message)}</p></body></html>`;
}

/** Headers for that page: nothing runs, nothing is framed, and the URL (with its code) is sent nowhere. */
export const CALLBACK_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; form-action 'none'; base-uri 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};
