// `mcpscope export <session | bundle>`: a recorded session or a bundle written out in another form. Each format is a
// small dispatch to the room that makes it; traces (--otlp, --otlp-file) go to server/traces/.
import { UsageError, flagHelp, parseFlags, value, wantsHelp } from '../cli/flags.js';
import { usageFailure } from '../cli/usage-failure.js';
import { defaultDataDir } from '../cli/common-flags.js';
import { OTLP_FLAGS, otlpChoice } from '../cli/trace-flags.js';
import { packageVersion } from '../package-root.js';

const EXPORT_FLAGS = {
  ...OTLP_FLAGS,
  'data-dir': value('<dir>', `where recorded sessions are looked up (default: ${defaultDataDir()})`),
};

export const USAGE = `usage: mcpscope export <session id | session name | bundle.mcpscope> (--otlp <url> | --otlp-file <spans.json>) [options]

Writes a recorded session, or the transcript of a bundle, in another form. --otlp and --otlp-file: one OpenTelemetry span
per exchange (OpenTelemetry's MCP semantic conventions), with the recorded times; see docs/traces.md.

${flagHelp(EXPORT_FLAGS)}

Exit codes: 0 written, 2 a usage error, a session or bundle that cannot be read, or an export that failed.`;

export async function run(argv: string[]): Promise<number> {
  if (wantsHelp(argv, EXPORT_FLAGS)) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let ref: string;
  let choice: ReturnType<typeof otlpChoice>;
  let dataDir: string;
  try {
    const p = parseFlags(argv, EXPORT_FLAGS, { positionals: { min: 1, max: 1, what: 'one session (its id or name) or one bundle file' } });
    ref = p.positionals[0]!;
    choice = otlpChoice(p.values);
    if (choice.otlp === null && choice.otlpFile === null) throw new UsageError('say what to write: --otlp <url> or --otlp-file <file>');
    dataDir = p.values['data-dir'] ?? defaultDataDir();
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return usageFailure('export', err.message, USAGE);
  }
  try {
    const { readExportSource } = await import('../traces/export-source.js');
    const { exportFrames } = await import('../traces/session-tracing.js');
    const source = await readExportSource(ref, dataDir);
    for (const line of await exportFrames([source], source, choice, packageVersion())) process.stderr.write(`mcpscope export: ${line}\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`mcpscope export: ${(err as Error).message}\n`);
    return 2;
  }
}
