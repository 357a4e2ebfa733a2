// A curl script that repeats a remote session's HTTP requests in order, capturing the session id the server issues.
// For legacy HTTP+SSE it does what a client must: open the event stream in the background, read the `endpoint` event
// and POST the frames there (the recorded endpoint named the old session), waiting for each answer on the stream.
import type { HttpExchange } from '../http-exchange.js';
import { REDACTED } from '../redaction/secret-patterns.js';
import type { ScriptInfo } from './stdio-script.js';
import { secretVar, shQuote } from './shell-quote.js';

/** Headers curl sets itself, or that would be wrong on a new connection. */
const SKIP = new Set(['host', 'content-length', 'connection', 'accept-encoding', 'user-agent', 'mcp-session-id', 'last-event-id', 'transfer-encoding']);
const BODY_DELIM = 'MCPSCOPE_BODY';

const isMasked = (v: string) => v.includes(REDACTED) || v.includes('••••');

/** The shell helpers the legacy SSE steps use; polling in tenths of a second, bounded by MCPSCOPE_WAIT_SECONDS. */
const SSE_HELPERS = [
  "wait_endpoint() { # $1: the origin, $2: the stream URL's directory, for an endpoint given as a path",
  '  i=0',
  '  while [ "$i" -lt $(( ${MCPSCOPE_WAIT_SECONDS:-10} * 10 )) ]; do',
  `    ep=$(sed -n '/^event:[[:space:]]*endpoint/{n;s/^data:[[:space:]]*//p;}' "$events" | head -n 1 | tr -d '\\r')`,
  '    if [ -n "$ep" ]; then',
  '      case $ep in http://*|https://*) echo "$ep" ;; /*) echo "$1$ep" ;; *) echo "$2$ep" ;; esac',
  '      return 0',
  '    fi',
  '    sleep 0.1; i=$((i + 1))',
  '  done',
  '  return 1',
  '}',
  'wait_answer() { # $1: the request id as JSON; its answer arrives on the event stream',
  '  i=0',
  '  while [ "$i" -lt $(( ${MCPSCOPE_WAIT_SECONDS:-10} * 10 )) ]; do',
  '    if grep -qF -e "\\"id\\":$1," -e "\\"id\\":$1}" "$events"; then return 0; fi',
  '    sleep 0.1; i=$((i + 1))',
  '  done',
  '  echo "# no answer to id $1 on the event stream within ${MCPSCOPE_WAIT_SECONDS:-10} s" >&2',
  '}',
];

/** The id of the request in a POST body, as JSON, when it holds exactly one request. */
function requestId(body: string | undefined): string | null {
  if (!body) return null;
  try {
    const m = JSON.parse(body) as { id?: unknown; method?: unknown };
    return typeof m.method === 'string' && (typeof m.id === 'number' || typeof m.id === 'string') ? JSON.stringify(m.id) : null;
  } catch {
    return null;
  }
}

export class CurlScriptWriter {
  private n = 0;
  private readonly seen = new Set<string>();
  private readonly secrets = new Set<string>();
  private sawMessage = false;
  /** Set once the recording shows a legacy SSE stream: a GET stream before any message was POSTed. */
  private sse = false;

  constructor(private readonly info: ScriptInfo) {}

  head(): string {
    return [
      '#!/bin/sh',
      `# mcpscope reproduction of "${this.info.name.replace(/[\r\n]/g, ' ')}" (session ${this.info.sessionId}, recorded ${new Date(this.info.startedAt).toISOString()}).`,
      '# Repeats the HTTP requests the client made, in order. The Mcp-Session-Id the server issues is captured and sent',
      '# again; streams (GET) are cut after MCPSCOPE_STREAM_SECONDS (default 3). A legacy HTTP+SSE event stream stays',
      '# open in the background while the frames are POSTed to the endpoint it names, and is printed at the end.',
      '# Secret header values were redacted: the script asks for them as MCP_HEADER_* variables.',
      'set -u',
      'SID=',
      'STREAM=',
      'hdrs=$(mktemp)',
      'events=$(mktemp)',
      `trap 'if [ -n "$STREAM" ]; then kill "$STREAM" 2>/dev/null; fi; rm -f "$hdrs" "$events"' EXIT`,
      'capture_session() {',
      `  new=$(sed -n 's/^[Mm][Cc][Pp]-[Ss][Ee][Ss][Ss][Ii][Oo][Nn]-[Ii][Dd]:[[:space:]]*//p' "$hdrs" | tr -d '\\r' | tail -n 1)`,
      '  if [ -n "$new" ]; then SID=$new; fi',
      '}',
      ...SSE_HELPERS,
      '',
    ].join('\n');
  }

  /** The -H arguments, with masked values asked for as variables (the `: ${VAR:?}` checks go to `check`). */
  private headerArgs(x: HttpExchange, check: string[]): string[] {
    const args: string[] = [];
    for (const [name, value] of x.request.headers) {
      if (SKIP.has(name.toLowerCase())) continue;
      if (isMasked(value)) {
        const v = secretVar('MCP_HEADER', name);
        if (!this.secrets.has(v)) check.push(`: "\${${v}:?set ${v} to the ${name} header value (redacted from the recording)}"`);
        this.secrets.add(v);
        args.push(`-H "${name}: $${v}"`);
      } else args.push(`-H ${shQuote(`${name}: ${value}`)}`);
    }
    return args;
  }

  /** One exchange, at its first record (so commands run in the order the requests started); later records are skipped. */
  exchange(x: HttpExchange, body: string | null): string {
    // The OAuth flow's own requests are not replayed: the script sends the recorded token from an env var instead.
    if (this.seen.has(x.id) || x.purpose === 'upgrade' || x.purpose === 'auth') return '';
    this.seen.add(x.id);
    this.n++;
    const r = x.request;
    const recorded = x.response
      ? `${x.response.status}${x.timing.totalMs !== undefined ? `, ${Math.round(x.timing.totalMs)} ms` : ''}`
      : (x.error?.code ?? 'no response');
    const lines = [`# ${this.n}. ${r.method} (${x.purpose}) — recorded: ${recorded}`];
    const check: string[] = [];
    if (x.purpose === 'stream' && r.method === 'GET' && !this.sawMessage && !this.sse) return this.openSse(x, lines, check);
    if (x.purpose === 'message') this.sawMessage = true;
    const toEndpoint = this.sse && x.purpose === 'message';
    const args = ['curl -sS -N -D "$hdrs"'];
    if (x.purpose === 'stream' || x.purpose === 'resume') args.push('--max-time "${MCPSCOPE_STREAM_SECONDS:-3}"');
    // The recorded endpoint carried the old session's id; this run POSTs where its own stream said.
    args.push(`-X ${r.method}`, toEndpoint ? '"$ENDPOINT"' : shQuote(r.url), ...this.headerArgs(x, check));
    if (r.headers.some(([k]) => k.toLowerCase() === 'mcp-session-id')) args.push('${SID:+-H "Mcp-Session-Id: $SID"}');
    const text = body ?? r.body;
    const id = toEndpoint ? requestId(text ?? undefined) : null;
    const after = ['echo', 'capture_session', ...(id !== null ? [`wait_answer ${shQuote(id)}`] : []), ''];
    if (text !== undefined && text !== '' && r.method !== 'GET') {
      args.push(`--data-binary @- <<'${BODY_DELIM}'`);
      return [...lines, ...check, `${args.join(' \\\n  ')}\n${text}\n${BODY_DELIM}`, ...after].join('\n') + '\n';
    }
    return [...lines, ...check, args.join(' \\\n  '), ...after].join('\n') + '\n';
  }

  /** The legacy SSE stream: opened in the background, its endpoint read before anything is POSTed. */
  private openSse(x: HttpExchange, lines: string[], check: string[]): string {
    this.sse = true;
    // shared/ has no URL class: the origin and the path's directory, for an endpoint given as a path.
    const m = /^(https?:\/\/[^/?#]+)([^?#]*)/i.exec(x.request.url);
    const origin = m?.[1] ?? '';
    const path = (m?.[2] ?? '').replace(/[^/]*$/, '');
    const dir = m ? `${origin}${path === '' ? '/' : path}` : '';
    const args = ['curl -sS -N', shQuote(x.request.url), ...this.headerArgs(x, check)];
    return (
      [
        ...lines,
        '# legacy HTTP+SSE: keep the event stream open in the background and POST to the endpoint it announces',
        ...check,
        `${args.join(' \\\n  ')} >"$events" &`,
        'STREAM=$!',
        `ENDPOINT=$(wait_endpoint ${shQuote(origin)} ${shQuote(dir)}) || { echo "# no endpoint event on the stream within \${MCPSCOPE_WAIT_SECONDS:-10} s" >&2; cat "$events"; exit 1; }`,
        'echo "# endpoint: $ENDPOINT"',
        '',
      ].join('\n') + '\n'
    );
  }

  tail(): string {
    if (this.n === 0) return '# the recording holds no HTTP requests\n';
    return this.sse ? '# what arrived on the event stream:\ncat "$events"\n' : '';
  }
}
