// The oracles that judge one fuzz input by what the server did with it: it died, it hung, it broke the protocol (a
// lint finding at error on its own frames), it failed a tool on the wrong channel or against its outputSchema, or it
// wrote a stack trace. Each verdict carries a signature that stays the same across inputs failing the same way.
import type { Finding } from '../../shared/lint/index.js';
import type { FuzzOracle } from '../../shared/fuzz/fuzz-report.js';
import { isPlainObject, parseJson } from '../../shared/jsonrpc.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';

export interface Observed {
  oracle: FuzzOracle;
  signature: string;
  summary: string;
  stderr: string[];
  exitCode: number | null;
  signal: string | null;
  findings: { ruleId: string; message: string }[];
}

export interface AttemptFacts {
  /** The frames of this attempt, from its first sent frame on. */
  frames: readonly FrameRecord[];
  /** Lint findings made while this attempt's frames came in. */
  findings: readonly Finding[];
  /** The session's whole recording, so a finding's seq can be looked up. */
  all: readonly FrameRecord[];
  /** Why the transport died, if it did. */
  failure: string | null;
  /** The request got no answer within the timeout while the server lived. */
  hung: boolean;
  /** The server's last stderr lines. */
  stderr: string;
  /** Only these rules count for the protocol oracle (protocol mutations confuse the others on purpose). */
  lintRules?: ReadonlySet<string>;
}

/**
 * What a server can never be excused for whatever the client sent: the rules that judge the protocol oracle when
 * the client's own frames are mutated (a reused id makes a second response look like a duplicate, and so on).
 */
export const SERVER_ONLY_RULES: ReadonlySet<string> = new Set([
  'framing/stdout-noise',
  'framing/invalid-utf8',
  'framing/embedded-newline',
  'jsonrpc/not-object',
  'jsonrpc/missing-version',
  'jsonrpc/wrong-version',
  'jsonrpc/result-and-error',
  'jsonrpc/no-result-or-error',
  'jsonrpc/error-object-shape',
]);

/** Rules whose findings are oracles of their own; every other error-level finding on a server frame is `protocol`. */
const RULE_ORACLES: Record<string, FuzzOracle> = { 'mcp/tool-failure-channel': 'tool-channel', 'mcp/structured-content-schema': 'output-schema' };
/** Findings about the client's side or about silence: the hang oracle speaks for a missing answer. */
const NOT_ORACLES = new Set(['jsonrpc/unanswered-request', 'mcp/request-pending']);

/** A stack frame line of Node, Python, Go, Java or Rust; a trace is one of them under an error line. */
const STACK_LINE =
  /^\s+at\s+\S.*(?::\d+:\d+\)?|\(native\)|<anonymous>\)?)$|^Traceback \(most recent call last\):|^goroutine \d+ \[|panicked at|^Exception in thread/m;
const LEADING_ERROR = /^(?:Uncaught\s+)?([A-Z][A-Za-z0-9_.]*(?:Error|Exception))(?::|$)/;
const ERROR_NAME = /(?:^|\s)([A-Z][A-Za-z0-9_.]*(?:Error|Exception|Panic))\b/;

/** The error class a stack trace names ("RangeError"), for the signature; its message may quote the input. */
export function errorName(stderr: string): string | null {
  const lines = stderr.split('\n');
  const leading = lines.map((l) => LEADING_ERROR.exec(l)).find((m) => m !== null);
  if (leading) return leading[1]!;
  for (const line of lines) {
    const m = ERROR_NAME.exec(line);
    if (m && !/^\s+at\s/.test(line)) return m[1]!;
  }
  return null;
}

export function hasStackTrace(stderr: string): boolean {
  return STACK_LINE.test(stderr);
}

const lastLines = (text: string, n = 24) =>
  text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(-n);

export function judge(facts: AttemptFacts): Observed | null {
  let attemptStderr = '';
  for (const f of facts.frames) if (f.kind === 'stderr') attemptStderr += attemptStderr === '' ? f.text : `\n${f.text}`;
  const trace = attemptStderr !== '' && hasStackTrace(attemptStderr);
  const name = trace ? errorName(attemptStderr) : null;
  // The common case, judged without building anything: nothing died, hung, wrote a trace, or made a finding.
  if (facts.failure === null && !facts.hung && !trace && facts.findings.length === 0) return null;
  // What it wrote on stderr during this input (a trace's error line sits above its frames), else its last lines.
  const base = { stderr: lastLines(attemptStderr || facts.stderr), exitCode: null, signal: null, findings: [] };
  if (facts.failure !== null) {
    const exit = exitOf(facts.frames);
    const how = exit === null ? 'connection lost' : exit.signal !== null ? `signal ${exit.signal}` : `exit ${exit.code ?? '-'}`;
    const said = name ? ` (${firstErrorLine(attemptStderr) ?? name})` : '';
    const summary =
      exit === null
        ? `the connection ended: ${facts.failure}`
        : `the server ${exit.signal !== null ? `was killed by ${exit.signal}` : `exited with code ${exit.code ?? '-'}`}${said}`;
    return { ...base, oracle: 'crash', signature: name ? `${how} · ${name}` : how, summary, exitCode: exit?.code ?? null, signal: exit?.signal ?? null };
  }
  if (facts.hung) return { ...base, oracle: 'hang', signature: 'no answer', summary: 'no answer within the timeout while the server kept running' };
  const bySeq = (seq: number) => facts.all[seq - 1];
  const counts = (ruleId: string) => !NOT_ORACLES.has(ruleId) && (facts.lintRules === undefined || facts.lintRules.has(ruleId));
  const serverFindings = facts.findings.filter((f) => counts(f.ruleId) && bySeq(f.seq)?.dir === 'in');
  const ruled = serverFindings.find((f) => RULE_ORACLES[f.ruleId] !== undefined);
  const broken = serverFindings.filter((f) => f.severity === 'error' && RULE_ORACLES[f.ruleId] === undefined);
  if (broken.length > 0) {
    const rules = [...new Set(broken.map((f) => f.ruleId))].sort();
    return {
      ...base,
      oracle: 'protocol',
      signature: rules.join(','),
      summary: broken[0]!.message,
      findings: broken.map((f) => ({ ruleId: f.ruleId, message: f.message })),
    };
  }
  if (ruled)
    return {
      ...base,
      oracle: RULE_ORACLES[ruled.ruleId]!,
      signature: ruled.ruleId,
      summary: ruled.message,
      findings: [{ ruleId: ruled.ruleId, message: ruled.message }],
    };
  if (trace)
    return {
      ...base,
      oracle: 'stack-trace',
      signature: name ?? 'stack trace',
      summary: `a stack trace on stderr: ${firstErrorLine(attemptStderr) ?? name ?? 'stack trace'}`,
    };
  return null;
}

/** The line that names the error ("RangeError: …"): one that starts with it first (Node prints the source line above). */
function firstErrorLine(stderr: string): string | null {
  const lines = stderr.split('\n');
  const line = lines.find((l) => LEADING_ERROR.test(l)) ?? lines.find((l) => ERROR_NAME.test(l) && !/^\s+at\s/.test(l));
  return line === undefined ? null : line.trim().slice(0, 200);
}

/** The exit code and signal an `exited` frame carries. */
function exitOf(frames: readonly FrameRecord[]): { code: number | null; signal: string | null } | null {
  for (let i = frames.length - 1; i >= 0; i--) {
    const f = frames[i]!;
    if (f.dir !== 'relay' || f.method !== 'exited') continue;
    const p = parseJson(f.text);
    const v = p.ok && isPlainObject(p.value) ? p.value : {};
    return { code: typeof v.code === 'number' ? v.code : null, signal: typeof v.signal === 'string' ? v.signal : null };
  }
  return null;
}
