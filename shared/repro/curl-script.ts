// A curl script that repeats a remote session's HTTP requests in order, capturing the session id the server issues.
import type { HttpExchange } from '../http-exchange.js';
import { REDACTED } from '../redaction/secret-patterns.js';
import type { ScriptInfo } from './stdio-script.js';
import { secretVar, shQuote } from './shell-quote.js';

/** Headers curl sets itself, or that would be wrong on a new connection. */
const SKIP = new Set(['host', 'content-length', 'connection', 'accept-encoding', 'user-agent', 'mcp-session-id', 'last-event-id', 'transfer-encoding']);
const BODY_DELIM = 'MCPSCOPE_BODY';

const isMasked = (v: string) => v.includes(REDACTED) || v.includes('••••');

export class CurlScriptWriter {
  private n = 0;
  private readonly seen = new Set<string>();
  private readonly secrets = new Set<string>();

  constructor(private readonly info: ScriptInfo) {}

  head(): string {
    return [
      '#!/bin/sh',
      `# mcpscope reproduction of "${this.info.name.replace(/[\r\n]/g, ' ')}" (session ${this.info.sessionId}, recorded ${new Date(this.info.startedAt).toISOString()}).`,
      '# Repeats the HTTP requests the client made, in order. The Mcp-Session-Id the server issues is captured and sent',
      '# again; streams (GET) are cut after MCPSCOPE_STREAM_SECONDS (default 3). Secret header values were redacted:',
      '# the script asks for them as MCP_HEADER_* variables.',
      'set -u',
      'SID=',
      'hdrs=$(mktemp)',
      `trap 'rm -f "$hdrs"' EXIT`,
      'capture_session() {',
      `  new=$(sed -n 's/^[Mm][Cc][Pp]-[Ss][Ee][Ss][Ss][Ii][Oo][Nn]-[Ii][Dd]:[[:space:]]*//p' "$hdrs" | tr -d '\\r' | tail -n 1)`,
      '  if [ -n "$new" ]; then SID=$new; fi',
      '}',
      '',
    ].join('\n');
  }

  /** One exchange, at its first record (so commands run in the order the requests started); later records are skipped. */
  exchange(x: HttpExchange, body: string | null): string {
    if (this.seen.has(x.id) || x.purpose === 'upgrade') return '';
    this.seen.add(x.id);
    this.n++;
    const r = x.request;
    const recorded = x.response ? `${x.response.status}${x.timing.totalMs !== undefined ? `, ${Math.round(x.timing.totalMs)} ms` : ''}` : (x.error?.code ?? 'no response');
    const lines = [`# ${this.n}. ${r.method} (${x.purpose}) — recorded: ${recorded}`];
    const check: string[] = [];
    const args = ['curl -sS -N -D "$hdrs"'];
    if (x.purpose === 'stream' || x.purpose === 'resume') args.push('--max-time "${MCPSCOPE_STREAM_SECONDS:-3}"');
    args.push(`-X ${r.method}`, shQuote(r.url));
    for (const [name, value] of r.headers) {
      if (SKIP.has(name.toLowerCase())) continue;
      if (isMasked(value)) {
        const v = secretVar('MCP_HEADER', name);
        if (!this.secrets.has(v)) check.push(`: "\${${v}:?set ${v} to the ${name} header value (redacted from the recording)}"`);
        this.secrets.add(v);
        args.push(`-H "${name}: $${v}"`);
      } else args.push(`-H ${shQuote(`${name}: ${value}`)}`);
    }
    if (r.headers.some(([k]) => k.toLowerCase() === 'mcp-session-id')) args.push('${SID:+-H "Mcp-Session-Id: $SID"}');
    const text = body ?? r.body;
    if (text !== undefined && text !== '' && r.method !== 'GET') {
      args.push(`--data-binary @- <<'${BODY_DELIM}'`);
      return [...lines, ...check, `${args.join(' \\\n  ')}\n${text}\n${BODY_DELIM}`, 'echo', 'capture_session', ''].join('\n') + '\n';
    }
    return [...lines, ...check, args.join(' \\\n  '), 'echo', 'capture_session', ''].join('\n') + '\n';
  }

  tail(): string {
    return this.n === 0 ? '# the recording holds no HTTP requests\n' : '';
  }
}
