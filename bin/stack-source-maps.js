// Stack traces that name the TypeScript, paid for only when a trace is written: a frame in dist/bundle/ is looked up
// in the map shipped beside its chunk the first time a stack is formatted, not when the chunk loads.
// Node's own way (process.setSourceMapsEnabled before the bundle loads) reads and parses every loaded chunk's map at
// start: 0.80× the start time without it (docs/performance.md, "Start like a binary"), for traces most runs never print.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const BUNDLE = new URL('../dist/bundle/', import.meta.url).href;
/** Chunk URL → its parsed map, or null when it has none (read once either way). */
const maps = new Map();

function mapOf(chunkUrl) {
  if (maps.has(chunkUrl)) return maps.get(chunkUrl);
  let map = null;
  try {
    map = new SourceMap(JSON.parse(readFileSync(fileURLToPath(`${chunkUrl}.map`), 'utf8')));
  } catch {
    // No map beside this chunk, or one that does not parse: the frame keeps the bundle's place.
  }
  maps.set(chunkUrl, map);
  return map;
}

/**
 * Where a place in a bundled chunk (1-based line and column, as V8 reports them) came from: the source's path, line
 * and column, or null for a place outside dist/bundle/ or one its map does not cover.
 */
export function originalPlace(file, line, column) {
  const url = file.startsWith('file:') ? file : pathToFileURL(file).href;
  if (!url.startsWith(BUNDLE) || !url.endsWith('.js')) return null;
  const map = mapOf(url);
  const entry = map?.findEntry(line - 1, column - 1);
  if (!entry || typeof entry.originalSource !== 'string') return null;
  return { file: fileURLToPath(new URL(entry.originalSource, url)), line: entry.originalLine + 1, column: entry.originalColumn + 1 };
}

/** One frame of a trace as V8 writes it, its bundle place replaced by the source's. */
function frameLine(site) {
  const text = String(site);
  const file = site.getFileName();
  const line = site.getLineNumber();
  const column = site.getColumnNumber();
  if (!file || line === null || column === null) return text;
  const place = originalPlace(file, line, column);
  if (place === null) return text;
  const from = `${file}:${line}:${column}`;
  const i = text.lastIndexOf(from);
  return i < 0 ? text : `${text.slice(0, i)}${place.file}:${place.line}:${place.column}${text.slice(i + from.length)}`;
}

/** Formats every stack written from now on in V8's own shape, with bundled frames pointing at the TypeScript. */
export function installStackSourceMaps() {
  Error.prepareStackTrace = (error, sites) => {
    let head;
    try {
      head = Error.prototype.toString.call(error);
    } catch {
      head = 'Error';
    }
    return [head, ...sites.map((s) => `    at ${frameLine(s)}`)].join('\n');
  };
}
