// HAR 1.2-like JSON of a remote session's HTTP exchanges, written entry by entry, for tools that read browser captures.
import type { HttpExchange } from '../http-exchange.js';

const headerList = (lines: Array<[string, string]>) => lines.map(([name, value]) => ({ name, value }));
const contentType = (lines: Array<[string, string]>) => lines.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';

/** The query string's pairs, decoded where they decode (shared/ has no URL class). */
function queryOf(url: string): Array<{ name: string; value: string }> {
  const q = /\?([^#]*)/.exec(url)?.[1];
  if (!q) return [];
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return q
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq === -1 ? { name: decode(pair), value: '' } : { name: decode(pair.slice(0, eq)), value: decode(pair.slice(eq + 1)) };
    });
}

export function harOpening(version: string): string {
  return `{"log":{"version":"1.2","creator":{"name":"mcpscope","version":${JSON.stringify(version)}},"entries":[\n`;
}

/** One entry; `body` is the full request body when the relay recorded it as a message frame. */
export function harEntry(x: HttpExchange, body: string | null): Record<string, unknown> {
  const r = x.request;
  const res = x.response;
  const total = x.timing.totalMs ?? x.timing.headersMs ?? 0;
  const wait = x.timing.headersMs ?? total;
  const query = queryOf(r.url);
  const text = body ?? r.body;
  return {
    startedDateTime: new Date(x.timing.startedAt).toISOString(),
    time: total,
    request: {
      method: r.method,
      url: r.url,
      httpVersion: 'HTTP/1.1',
      headers: headerList(r.headers),
      queryString: query,
      cookies: [],
      headersSize: -1,
      bodySize: r.bodySize,
      ...(text !== undefined && text !== '' ? { postData: { mimeType: contentType(r.headers), text } } : {}),
    },
    response: {
      status: res?.status ?? 0,
      statusText: res?.statusText ?? (x.error ? `${x.error.code}: ${x.error.message}` : ''),
      httpVersion: 'HTTP/1.1',
      headers: headerList(res?.headers ?? []),
      cookies: [],
      content: { size: res?.bodySize ?? 0, mimeType: contentType(res?.headers ?? []), text: res?.body ?? '' },
      redirectURL: '',
      headersSize: -1,
      bodySize: res?.bodySize ?? -1,
    },
    cache: {},
    timings: { send: 0, wait, receive: Math.max(0, total - wait) },
    _mcpscope: { purpose: x.purpose, state: x.state, sentSeq: x.sentSeq ?? null, receivedSeqs: x.receivedSeqs, ...(x.error ? { error: x.error } : {}) },
  };
}

export function harClosing(): string {
  return ']}}\n';
}
