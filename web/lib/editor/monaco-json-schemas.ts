// Attaches JSON Schemas to Monaco models, for completion and diagnostics. Monaco keeps one global list, and every
// change to it stops the JSON worker (its WorkerManager listens to the defaults' onDidChange): the next validation
// starts a new worker, which loads and runs json.worker's 430 kB again. So the list changes only when it must: an
// entry stays after its editor goes (it matches only its own models' URIs, so it is never applied to another model),
// attaching what is already there changes nothing, the tools' schemas are offered ahead in one go (offerJsonSchemas)
// so that picking tool after tool restarts the worker at most once, and editors whose model is new each time (every
// sampling answer: SAMPLING_RESULT_MATCH in sampling-result-editor.tsx) share one glob instead of an entry each. When
// every pick restarted it (twice: one editor's schema went, the next one's came), 16 picks cost Chromium 1.66x the CPU
// they cost now (`node bench/tool-forms-ab.mjs`; docs/performance.md, "Monaco's workers, started once").
import type { Monaco } from '@monaco-editor/react';

/**
 * `text` as a segment of a model path that a schema's fileMatch can name exactly: its UTF-8 bytes in hex. Monaco's JSON
 * service matches a fileMatch (a glob, with no escape) against the model's URI decoded, so a percent-encoded segment
 * (a space, `/`, any non-ASCII letter) never matched its own fileMatch, and a `*` in one matched other models too.
 */
export function modelPathSegment(text: string): string {
  return Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** At most this many schemas are kept; past it the ones attached longest ago go (one change to the list). */
export const MAX_JSON_SCHEMAS = 256;

/**
 * fileMatch → schema, oldest first. A fileMatch is a model URI or a glob over them (vscode-json-languageservice's
 * glob, which puts `**` + `/` before it: `*` matches within one path segment).
 */
const attached = new Map<string, unknown>();
/** The list changed since Monaco last got it. */
let stale = false;

function put(match: string, schema: unknown): void {
  const known = attached.get(match) === schema;
  // Moved to the newest end either way, so the cap drops what was used longest ago.
  attached.delete(match);
  attached.set(match, schema);
  if (known) return;
  stale = true;
  for (const oldest of attached.keys()) {
    if (attached.size <= MAX_JSON_SCHEMAS) break;
    attached.delete(oldest);
  }
}

/**
 * Associates `schema` with the models `match` names: an editor's path, or a glob over the paths of editors that share
 * one schema. Takes Monaco from the editor's onMount, so importing this module never pulls Monaco into the main
 * bundle. Monaco's list changes only if this schema, or one offered since, is not in it yet.
 */
export function attachJsonSchema(monaco: Monaco, match: string, schema: unknown): void {
  put(match, schema);
  if (!stale) return;
  stale = false;
  const defaults = monaco.json.jsonDefaults;
  defaults.setDiagnosticsOptions({
    ...defaults.diagnosticsOptions,
    // Never fetched: the schema travels inline, and the CSP forbids the request anyway.
    enableSchemaRequest: false,
    schemas: [...attached].map(([match, s]) => ({ uri: `${match}.schema.json`, fileMatch: [match], schema: s })),
  });
}

/**
 * Schemas editors are likely to attach soon (every listed tool's inputSchema), kept until the next attachJsonSchema
 * hands them to Monaco with its own: one change to the list for all of them. Needs no Monaco, so a list can offer its
 * schemas before any editor has loaded.
 */
export function offerJsonSchemas(entries: Iterable<readonly [modelUri: string, schema: unknown]>): void {
  for (const [uri, schema] of entries) put(uri, schema);
}
