// Monaco's editor with its JSON language only. `import 'monaco-editor'` registers ~80 languages and the TypeScript,
// CSS and HTML language services, whose chunks and workers the page never loads but the package would carry (MBs).
import 'monaco-editor/features/register.all';
import * as json from 'monaco-editor/languages/features/json/register';

export * from 'monaco-editor/editor/editor.api';
export { json };
