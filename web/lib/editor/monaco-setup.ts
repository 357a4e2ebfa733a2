// Bundles Monaco and its workers with the app: the page's CSP allows no CDN, no eval and only same-origin workers.
import { loader, type Monaco } from '@monaco-editor/react';
import * as slim from './monaco-json-only.js';
import { unbindPageWideTabSwitch } from './tab-key.js';
// monaco-editor 0.57's exports map ("./*" → "./esm/vs/*.js") hides the esm/vs/ prefix, so these are the deep paths.
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

// Only JSON and plain text are ever edited; the full namespace's type is what the React wrapper is typed against.
const monaco = slim as unknown as Monaco;

// Without this the React wrapper would fetch Monaco from jsDelivr.
loader.config({ monaco });

// Tab's mode is each editor's own (lib/editor/tab-key.ts), never the page-wide flag Monaco's built-in switch flips.
unbindPageWideTabSwitch(monaco);

// Monaco stops its editor worker whenever the last model goes (editorWorkerService's _checkStopEmptyWorker), and each
// editor's model goes with it: picking another tool, or closing a detail, started editor.worker (300 kB) afresh. One
// empty model that never goes keeps the worker for the next editor (it still stops after five idle minutes).
monaco.editor.createModel('', 'plaintext', monaco.Uri.parse('mcpscope://keep-editor-worker'));

// Schemas would be fetched from the network (which the CSP forbids) and frames must never trigger requests.
monaco.json.jsonDefaults.setDiagnosticsOptions({ validate: true, allowComments: false, enableSchemaRequest: false, schemas: [] });

/** Themes that match the rest of the page instead of Monaco's slightly different greys. */
monaco.editor.defineTheme('mcpscope-dark', {
  base: 'vs-dark',
  inherit: true,
  rules: [],
  colors: {
    'editor.background': '#111318',
    'editorGutter.background': '#111318',
    'editor.lineHighlightBackground': '#1a1d24',
  },
});

monaco.editor.defineTheme('mcpscope-light', {
  base: 'vs',
  inherit: true,
  rules: [],
  colors: {
    'editor.background': '#ffffff',
    'editorGutter.background': '#ffffff',
    'editor.lineHighlightBackground': '#f3f4f6',
  },
});

/** The editor theme for the page's theme (see lib/ui/theme.ts). */
export const MONACO_THEMES = { dark: 'mcpscope-dark', light: 'mcpscope-light' } as const;
