// `mcpscope lint <file>`: lints a recorded transcript offline and prints its findings as JSON lines on stdout.
import { readFile } from 'node:fs/promises';
import { JsonSchemaValidator, TranscriptError, lintFrames, parseTranscript } from '../../shared/lint/index.js';
import { TRANSPORT_KINDS, type TransportKind } from '../../shared/error-codes/index.js';
import { PROTOCOL_VERSIONS } from '../../shared/mcp-versions.js';
import { isPlainObject, parseJson } from '../../shared/jsonrpc.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { UsageError, flagHelp, onOff, parseFlags, value } from '../cli/flags.js';
import { knownProtocol, oneOf } from '../cli/validators.js';
import { usageFailure } from '../cli/usage-failure.js';
import { findingsSummary, lintExitCode, originsOf, writeFindings } from '../cli/lint-output.js';

const FLAGS = {
  transport: value(
    '<t>',
    `the transport the traffic used: ${TRANSPORT_KINDS.join(', ')} (default: from the recorded events, else stdio)`,
    oneOf(TRANSPORT_KINDS),
  ),
  protocol: value('<v>', `protocol version to assume until the traffic negotiates one (${PROTOCOL_VERSIONS.join(', ')})`, knownProtocol),
  strict: onOff('exit 4 when any finding is a warning or an error (info never fails)'),
};

export const USAGE = `usage: mcpscope lint <file | -> [--transport stdio|http|sse|ws] [--protocol <version>] [--strict]

Lints a recorded transcript and prints one JSON line per finding on stdout:
  {"ruleId": "...", "severity": "error|warning|info", "seq": <frame>, "message": "...", "related"?: [...], "origin"?: "..."}
"origin" says who made the frame when the recording kept it (user, panel, bookkeeping, answer, batch, lab, replay):
"bookkeeping" is mcpscope's own traffic (handshake, pagination, re-lists), so a finding there is mcpscope's fault.

The file holds the relay's frames (JSONL, a JSON array, or {"frames": [...]} as GET /api/sessions/:id/frames
returns them), or JSONL of {"dir": "out"|"in", "text": "<raw line>"} or {"direction": "client"|"server", "message": {...}}.

${flagHelp(FLAGS)}
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
    parsed = parseFlags(argv, FLAGS, { positionals: { min: 1, max: 1, what: 'one transcript file (or - for stdin)' } });
  } catch (err) {
    if (err instanceof UsageError) return usageFailure('lint', err.message, USAGE);
    throw err;
  }
  const { values, positionals } = parsed;
  if (parsed.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
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
  const transport = values.transport ?? recordedTransport(frames) ?? 'stdio';
  const findings = lintFrames(frames, {
    transport,
    jsonSchemaValidator: new JsonSchemaValidator(),
    ...(values.protocol ? { protocolVersion: values.protocol } : {}),
  });
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
