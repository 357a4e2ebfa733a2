// `mcpscope lint <file>`: lints a recorded transcript offline and prints its findings as JSON lines on stdout.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { JsonSchemaValidator, TranscriptError, lintFrames, parseTranscript } from '../../shared/lint/index.js';
import { TRANSPORT_KINDS, type TransportKind } from '../../shared/error-codes/index.js';
import { PROTOCOL_VERSIONS } from '../../shared/mcp-versions.js';
import { isPlainObject, parseJson } from '../../shared/jsonrpc.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { findingsSummary, lintExitCode, originsOf, writeFindings } from './lint-output.js';

export const LINT_USAGE = `usage: mcpscope lint <file | -> [--transport stdio|http|sse|ws] [--protocol <version>] [--strict]

Lints a recorded transcript and prints one JSON line per finding on stdout:
  {"ruleId": "...", "severity": "error|warning|info", "seq": <frame>, "message": "...", "related"?: [...], "origin"?: "..."}
"origin" says who made the frame when the recording kept it (user, panel, bookkeeping, answer, batch, lab, replay):
"bookkeeping" is mcpscope's own traffic (handshake, pagination, re-lists), so a finding there is mcpscope's fault.

The file holds the relay's frames (JSONL, a JSON array, or {"frames": [...]} as GET /api/sessions/:id/frames
returns them), or JSONL of {"dir": "out"|"in", "text": "<raw line>"} or {"direction": "client"|"server", "message": {...}}.

  --transport <t>     transport the traffic used (default: from the recorded events, otherwise stdio)
  --protocol <v>      protocol version to assume until the traffic negotiates one (${PROTOCOL_VERSIONS.join(', ')})
  --strict            exit 4 when any finding is a warning or an error (info never fails)
Exit codes: 0 done, 4 warning- or error-level findings with --strict, 2 usage or input errors.`;

/** What the recording itself says about the transport: the relay's spawned or connected event, or its HTTP exchanges. */
export function recordedTransport(frames: readonly FrameRecord[]): TransportKind | null {
  let sawHttp = false;
  for (const f of frames) {
    if (f.dir !== 'relay') continue;
    if (f.kind === 'event' && f.method === 'spawned') return 'stdio';
    const parsed = f.kind === 'event' && f.method === 'connected' ? parseJson(f.text) : null;
    const t = parsed?.ok && isPlainObject(parsed.value) ? parsed.value.transport : undefined;
    if ((TRANSPORT_KINDS as readonly unknown[]).includes(t)) return t as TransportKind;
    // A WebSocket's upgrade is recorded as an HTTP exchange too, so exchanges only decide when nothing else does.
    if (f.kind === 'http') sawHttp = true;
  }
  return sawHttp ? 'http' : null;
}

function fail(message: string): number {
  process.stderr.write(`mcpscope lint: ${message}\n`);
  return 2;
}

export async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { transport: { type: 'string' }, protocol: { type: 'string' }, strict: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    return fail(`${(err as Error).message}\n\n${LINT_USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${LINT_USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1) return fail(`expected one transcript file (or - for stdin)\n\n${LINT_USAGE}`);
  if (values.transport !== undefined && !(TRANSPORT_KINDS as readonly string[]).includes(values.transport)) {
    return fail(`--transport must be one of ${TRANSPORT_KINDS.join(', ')}`);
  }
  if (values.protocol !== undefined && !(PROTOCOL_VERSIONS as readonly string[]).includes(values.protocol)) {
    return fail(`--protocol must be one of ${PROTOCOL_VERSIONS.join(', ')}`);
  }
  const file = positionals[0]!;
  let text: string;
  try {
    text = file === '-' ? await readStdin() : await readFile(file, 'utf8');
  } catch (err) {
    return fail(`cannot read ${file}: ${(err as Error).message}`);
  }
  let frames: FrameRecord[];
  try {
    frames = parseTranscript(text);
  } catch (err) {
    if (err instanceof TranscriptError) return fail(`${file}: ${err.message}`);
    throw err;
  }
  const transport = (values.transport as TransportKind | undefined) ?? recordedTransport(frames) ?? 'stdio';
  const findings = lintFrames(frames, { transport, jsonSchemaValidator: new JsonSchemaValidator(), ...(values.protocol ? { protocolVersion: values.protocol } : {}) });
  const originOf = originsOf(frames);
  writeFindings(findings, (line) => process.stdout.write(line), originOf);
  process.stderr.write(`mcpscope lint: ${frames.length} frames, ${findingsSummary(findings, originOf)}\n`);
  return lintExitCode(findings, values.strict === true);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
