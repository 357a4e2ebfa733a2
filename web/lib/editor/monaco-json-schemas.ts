// Attaches JSON Schemas to individual Monaco models, for completion and diagnostics; Monaco keeps one global list, so this merges.
import type { Monaco } from '@monaco-editor/react';

const attached = new Map<string, unknown>();

/**
 * Associates `schema` with the model at `modelUri` until the returned function is called. Takes Monaco from the
 * editor's onMount, so importing this module never pulls Monaco into the main bundle.
 */
export function attachJsonSchema(monaco: Monaco, modelUri: string, schema: unknown): () => void {
  attached.set(modelUri, schema);
  apply(monaco);
  return () => {
    if (attached.get(modelUri) !== schema) return;
    attached.delete(modelUri);
    apply(monaco);
  };
}

function apply(monaco: Monaco): void {
  const defaults = monaco.json.jsonDefaults;
  defaults.setDiagnosticsOptions({
    ...defaults.diagnosticsOptions,
    // Never fetched: the schema travels inline, and the CSP forbids the request anyway.
    enableSchemaRequest: false,
    schemas: [...attached].map(([uri, schema]) => ({ uri: `${uri}.schema.json`, fileMatch: [uri], schema })),
  });
}
