// Reads a bundle line by line (the layout bundle-layout writes) without holding its frames; any other JSON layout is
// parsed whole as a fallback, so a bundle re-indented by an editor still opens.
import { isPlainObject } from '../jsonrpc.js';
import type { FrameRecord } from '../relay-protocol.js';
import {
  BUNDLE_FORMAT,
  BundleHeaderSchema,
  BundleTrailerSchema,
  ClientFrameSchema,
  FrameRecordSchema,
  BundleFindingSchema,
  type BundleHeader,
  type BundleFinding,
  type BundleTrailer,
} from './bundle-format.js';
import { BUNDLE_SECTIONS, type BundleSection } from './bundle-layout.js';
import type { ClientFrame } from '../replay/replay-plan.js';
import { localPathOptions, localPathRefusal } from '../trust/local-path-options.js';

export type BundleEvent =
  | { type: 'header'; header: BundleHeader }
  | { type: 'clientFrame'; frame: ClientFrame }
  | { type: 'frame'; frame: FrameRecord }
  | { type: 'finding'; finding: BundleFinding }
  | { type: 'trailer'; trailer: BundleTrailer };

export class BundleError extends Error {}

const SECTION_OPEN = /^"(clientFrames|transcript|findings)":\[$/;

function parse(line: string, what: string): unknown {
  try {
    return JSON.parse(line);
  } catch (err) {
    throw new BundleError(`${what} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** One section element checked against its schema (also what the share file's reader checks its items with). */
export function item(section: BundleSection, value: unknown): BundleEvent {
  const schema = section === 'clientFrames' ? ClientFrameSchema : section === 'transcript' ? FrameRecordSchema : BundleFindingSchema;
  const r = schema.safeParse(value);
  if (!r.success) throw new BundleError(`a ${section} element does not have the expected shape: ${r.error.issues[0]?.message ?? ''}`);
  if (section === 'clientFrames') return { type: 'clientFrame', frame: r.data as ClientFrame };
  if (section === 'transcript') return { type: 'frame', frame: r.data as FrameRecord };
  return { type: 'finding', finding: r.data as BundleFinding };
}

/** The header checked, its recipe refused when it names a file for mcpscope to read. */
export function header(value: unknown): BundleEvent {
  const r = BundleHeaderSchema.safeParse(value);
  if (!r.success) throw new BundleError(`the bundle header is not valid: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  // Refused whole, before anything is stored: a recipe that picks a file for mcpscope to read never reaches Replay.
  const paths = localPathOptions(r.data.target);
  if (paths.length > 0) throw new BundleError(`the bundle's recipe ${localPathRefusal(paths.map((p) => `target.${p}`))}`);
  return { type: 'header', header: r.data };
}

export function trailer(value: unknown): BundleEvent {
  const r = BundleTrailerSchema.safeParse(value);
  if (!r.success) throw new BundleError('the bundle trailer is not valid');
  return { type: 'trailer', trailer: r.data };
}

/** Feed it lines in order; it yields events. Throws BundleError on anything that is not a bundle. */
export class BundleLineReader {
  private state: 'start' | 'header' | 'between' | BundleSection | 'done' = 'start';
  private fallback: string[] | null = null;

  push(rawLine: string): BundleEvent[] {
    const line = rawLine.replace(/\r$/, '');
    if (this.fallback) {
      this.fallback.push(line);
      return [];
    }
    if (this.state === 'start') {
      if (line.trim() === '') return [];
      if (line === `{"format":"${BUNDLE_FORMAT}","formatVersion":1,`) {
        this.state = 'header';
        return [];
      }
      this.fallback = [line];
      return [];
    }
    if (this.state === 'header') {
      if (!line.startsWith('"header":') || !line.endsWith(',')) throw new BundleError('expected the bundle header on line 2');
      this.state = 'between';
      return [header(parse(line.slice('"header":'.length, -1), 'the header'))];
    }
    if (this.state === 'between') {
      if (line.trim() === '') return [];
      const open = SECTION_OPEN.exec(line);
      if (open) {
        this.state = open[1] as BundleSection;
        return [];
      }
      if (line.startsWith('"trailer":') && line.endsWith('}}')) {
        this.state = 'done';
        return [trailer(parse(line.slice('"trailer":'.length, -1), 'the trailer'))];
      }
      throw new BundleError(`unexpected line in the bundle: ${line.slice(0, 80)}`);
    }
    if (this.state === 'done') {
      if (line.trim() !== '') throw new BundleError('text after the end of the bundle');
      return [];
    }
    if (line === '],') {
      this.state = 'between';
      return [];
    }
    const text = line.startsWith(',') ? line.slice(1) : line;
    return [item(this.state, parse(text, `a ${this.state} element`))];
  }

  /** Call after the last line; returns the events of a bundle that was not in the line layout. */
  end(): BundleEvent[] {
    if (this.fallback) return wholeBundle(this.fallback.join('\n'));
    if (this.state !== 'done') throw new BundleError('the bundle ends early (no trailer): the file is truncated');
    return [];
  }
}

/** Parses a bundle held whole in memory (any JSON layout). */
export function wholeBundle(text: string): BundleEvent[] {
  const root = parse(text, 'the file');
  if (!isPlainObject(root) || root.format !== BUNDLE_FORMAT) throw new BundleError(`not an mcpscope bundle (no "format": "${BUNDLE_FORMAT}")`);
  if (root.formatVersion !== 1) throw new BundleError(`bundle format version ${String(root.formatVersion)} is not supported`);
  const events: BundleEvent[] = [header(root.header)];
  for (const s of BUNDLE_SECTIONS) {
    const arr = root[s];
    if (!Array.isArray(arr)) throw new BundleError(`the bundle has no "${s}" array`);
    for (const v of arr) events.push(item(s, v));
  }
  events.push(trailer(root.trailer));
  return events;
}
