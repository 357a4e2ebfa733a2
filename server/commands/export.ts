// `mcpscope export <session-id | bundle.json> --html [-o file.html] | --otlp <url> | --otlp-file <spans.json>`: writes a
// recorded session (from the data dir) or a bundle file in another form. A dispatch on the format flag: the file formats
// (FORMATS) start from the bundle's events, so each file is redacted exactly as the bundle is; traces go to server/traces/.
import { existsSync, renameSync, rmSync, statSync, createReadStream, createWriteStream } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { BundleError, type BundleEvent } from '../../shared/bundle/bundle-reader.js';
import type { BundleTrailer } from '../../shared/bundle/bundle-format.js';
import { escapeControls, escapeControlsKeepingLines } from '../../shared/trust/escape-controls.js';
import { defaultDataDir } from '../cli/common-flags.js';
import { OTLP_FLAGS, otlpChoice, type OtlpChoice } from '../cli/trace-flags.js';
import { UsageError, flagHelp, onOff, parseFlags, value } from '../cli/flags.js';
import { usageFailure } from '../cli/usage-failure.js';
import { packageVersion } from '../package-root.js';

interface Format {
  /** The output file's extension. */
  ext: string;
  write(events: AsyncIterable<BundleEvent>, out: Writable): Promise<BundleTrailer | null>;
}

const FORMATS: Record<'html', Format> = {
  html: {
    ext: '.html',
    write: async (events, out) => (await import('../bundles/share-writer.js')).writeShareHtml(events, out),
  },
};
type FormatName = keyof typeof FORMATS;

const FLAGS = {
  html: onOff('one self-contained HTML file: the read-only inspector with the session inside, which opens offline in any browser'),
  output: { ...value('<file>', 'where to write (default: mcpscope-<name>-<id>.html, or the bundle file name, in the current directory)'), short: 'o' },
  ...OTLP_FLAGS,
  'data-dir': value('<dir>', `the store a session id is looked up in (default: ${defaultDataDir()})`),
};

export const USAGE = `usage: mcpscope export <session-id | bundle.json> --html [-o <file>] [--data-dir <dir>]
       mcpscope export <session id | session name | bundle> (--otlp <url> | --otlp-file <spans.json>) [options]

Writes a session recorded in the data dir (its id, as the Sessions page and GET /api/sessions list it), or a repro
bundle file, in another format. Secrets are removed exactly as a bundle export removes them.

--html writes one HTML file that holds the inspector's read-only viewer and the session (every frame, compressed): it
opens from file:// or any static host with no request of any kind. The file is also a bundle: mcpscope open,
mcpscope replay and the page's import take it.

--otlp and --otlp-file: one OpenTelemetry span per exchange (OpenTelemetry's MCP semantic conventions), with the
recorded times, sent to an OTLP/HTTP collector or written as OTLP/JSON; see docs/traces.md.

${flagHelp(FLAGS)}`;

function fail(message: string): number {
  process.stderr.write(`mcpscope export: ${escapeControlsKeepingLines(message)}\n`);
  return 2;
}

const isFile = (p: string) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

export async function run(argv: string[]): Promise<number> {
  let p;
  try {
    p = parseFlags(argv, FLAGS, { positionals: { min: 1, max: 1, what: 'a session id or a bundle file' } });
    if (p.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (p.command !== null) throw new UsageError('export takes a session id or a bundle file, and no command');
  } catch (err) {
    if (err instanceof UsageError) return usageFailure('export', err.message, USAGE);
    throw err;
  }
  let otlp: OtlpChoice;
  try {
    otlp = otlpChoice(p.values);
  } catch (err) {
    if (err instanceof UsageError) return usageFailure('export', err.message, USAGE);
    throw err;
  }
  const traces = [otlp.otlp !== null ? '--otlp' : null, otlp.otlpFile !== null ? '--otlp-file' : null].filter((f) => f !== null);
  const chosen = (Object.keys(FORMATS) as FormatName[]).filter((f) => p.values[f] === true);
  const all = [...chosen.map((f) => `--${f}`), ...traces];
  if (all.length === 0) return usageFailure('export', 'say which format to write: --html, --otlp <url> or --otlp-file <file>', USAGE);
  if (chosen.length > 1 || (chosen.length === 1 && traces.length > 0)) return usageFailure('export', `one format at a time, not ${all.join(' and ')}`, USAGE);
  const input = p.positionals[0]!;
  if (chosen.length === 0) return exportTraces(input, otlp, p.values['data-dir'] ?? defaultDataDir());
  const format = FORMATS[chosen[0]!];
  const fromFile = isFile(input);

  let events: AsyncIterable<BundleEvent>;
  let stem: string;
  let close = () => undefined as void;
  if (fromFile) {
    const { bundleEvents } = await import('../bundles/bundle-stream.js');
    events = bundleEvents(createReadStream(input));
    stem = basename(input).replace(/(\.bundle)?\.(json|html?)$/i, '');
  } else {
    const opened = await openStoredSession(input, p.values['data-dir'] ?? defaultDataDir());
    if (typeof opened === 'string') return fail(opened);
    ({ events, stem, close } = opened);
  }

  const out = resolve(p.values.output ?? `${stem}${format.ext}`);
  if (fromFile && out === resolve(input)) return fail(`the output ${out} is the input; choose another with -o`);
  if (p.values.output === undefined && existsSync(out)) return fail(`${out} exists; name the file to write with -o (it is then replaced)`);
  // Written beside its final name and renamed once complete: a failed export leaves no half file, and replaces nothing.
  const partial = `${out}.partial-${process.pid}`;
  try {
    const trailer = await format.write(events, createWriteStream(partial));
    renameSync(partial, out);
    const what = trailer ? `${trailer.frames} frames, ${trailer.findings} findings, ${trailer.redactions} secrets removed` : 'done';
    process.stderr.write(`mcpscope export: wrote ${escapeControls(out)} (${what})\n`);
    return 0;
  } catch (err) {
    rmSync(partial, { force: true });
    if (err instanceof BundleError) return fail(`${input}: not a valid bundle: ${err.message}`);
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT' || e.code === 'EACCES' || e.code === 'EISDIR') return fail(e.message);
    if (e instanceof Error && /share viewer is missing/.test(e.message)) return fail(e.message);
    throw err;
  } finally {
    close();
  }
}

/** --otlp / --otlp-file: the session's or bundle's exchanges as spans (server/traces/). */
async function exportTraces(ref: string, otlp: OtlpChoice, dataDir: string): Promise<number> {
  try {
    const { readExportSource } = await import('../traces/export-source.js');
    const { exportFrames } = await import('../traces/session-tracing.js');
    const source = await readExportSource(ref, dataDir);
    for (const line of await exportFrames([source], source, otlp, packageVersion())) process.stderr.write(`mcpscope export: ${escapeControls(line)}\n`);
    return 0;
  } catch (err) {
    return fail((err as Error).message);
  }
}

/** A session of the store as its bundle's events, or why it cannot be read. */
async function openStoredSession(id: string, dataDir: string): Promise<{ events: AsyncIterable<BundleEvent>; stem: string; close: () => void } | string> {
  if (!existsSync(dataDir)) return `no file ${id}, and no data dir ${dataDir} to find a session ${id} in`;
  const [{ Recorder }, { SessionArchive }, { ProfileStore }, { SecretStore }, { sessionBundleEvents }] = await Promise.all([
    import('../store/recorder.js'),
    import('../store/archive/session-archive.js'),
    import('../store/archive/profile-store.js'),
    import('../store/secret-store.js'),
    import('../bundles/share-writer.js'),
  ]);
  const recorder = new Recorder(dataDir);
  const stored = recorder.getSession(id);
  if (!stored) {
    recorder.close();
    return `no file ${id}, and no session ${id} in ${dataDir}`;
  }
  const db = recorder.db;
  const session = { ...stored, live: false, handshakePending: false };
  const events = sessionBundleEvents({
    recorder,
    archive: new SessionArchive(db),
    profiles: new ProfileStore(db, new SecretStore(recorder.dataDir)),
    version: packageVersion(),
    session,
  });
  const clean = stored.name
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return { events, stem: `mcpscope-${clean || 'session'}-${id}`, close: () => recorder.close() };
}
