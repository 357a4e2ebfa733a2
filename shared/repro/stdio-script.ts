// A shell script that pipes a session's client frames into its stdio server: the smallest reproduction there is.
import type { StdioTarget } from '../relay-protocol.js';
import { REDACTED } from '../redaction/secret-patterns.js';
import { printfBytes, secretVar, shQuote } from './shell-quote.js';

const DELIM = 'MCPSCOPE_FRAMES';

export interface ScriptInfo {
  name: string;
  sessionId: string;
  startedAt: number;
}

/** Writes the script in pieces (head, one piece per frame, tail) so a long session never has to sit in memory. */
export class StdioScriptWriter {
  constructor(
    private readonly target: StdioTarget,
    private readonly info: ScriptInfo,
  ) {}

  head(): string {
    const t = this.target;
    const lines = [
      '#!/bin/sh',
      `# mcpscope reproduction of "${this.info.name.replace(/[\r\n]/g, ' ')}" (session ${this.info.sessionId}, recorded ${new Date(this.info.startedAt).toISOString()}).`,
      '# Pipes the client frames into the server, one per line, then keeps stdin open for MCPSCOPE_WAIT seconds (default 2)',
      '# so the last answers arrive. The server answers on stdout; its log goes to stderr.',
      'set -e',
    ];
    for (const [k, v] of Object.entries(t.env)) {
      if (v === REDACTED) lines.push(`: "\${${secretVar('MCP_ENV', k)}:?set ${secretVar('MCP_ENV', k)} to the value of ${k} (redacted from the recording)}"`);
    }
    if (t.cwd !== undefined) lines.push(`cd ${shQuote(t.cwd)}`);
    lines.push('{', `cat <<'${DELIM}'`);
    return `${lines.join('\n')}\n`;
  }

  /** One frame; `bytes` when the frame was not valid UTF-8 (or would end the heredoc early). */
  frame(text: string, bytes?: Uint8Array): string {
    if (bytes === undefined && !text.split('\n').includes(DELIM)) return `${text}\n`;
    const raw = bytes ?? new TextEncoder().encode(text);
    return `${DELIM}\n${printfBytes(raw)}\ncat <<'${DELIM}'\n`;
  }

  tail(): string {
    const t = this.target;
    const env = Object.entries(t.env).map(([k, v]) => (v === REDACTED ? `${k}="$${secretVar('MCP_ENV', k)}"` : shQuote(`${k}=${v}`)));
    const command = [...(env.length > 0 ? ['env', ...env] : []), shQuote(t.command), ...t.args.map(shQuote)].join(' ');
    return `${DELIM}\nsleep "\${MCPSCOPE_WAIT:-2}"\n} | ${command}\n`;
  }
}
