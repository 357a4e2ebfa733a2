// Expands the variables MCP clients allow in their config files, for `--config <file> --server <name>`: `${VAR}` and
// `${VAR:-default}` (Claude Code), `${env:VAR}` (Cursor, VS Code), `${input:id}` (VS Code's `inputs`), `${userHome}`,
// `${workspaceFolder}` and `${workspaceFolderBasename}`. A variable that cannot be resolved is an error naming it: a
// server started with a hole in its command line or its key would fail later, and less clearly.

export interface VariableContext {
  env: Record<string, string | undefined>;
  home: string;
  /** The folder a `${workspaceFolder}` means: the project the config file belongs to. */
  workspaceFolder: string;
  /** Values for `${input:id}`, already asked for or given with --input. */
  inputs: Record<string, string>;
}

export class ConfigVariableError extends Error {}

const VARIABLE = /\$\{([^}]*)\}/g;

function resolve(expr: string, c: VariableContext): string {
  const [, scope, rest] = /^(env|input):(.*)$/.exec(expr) ?? [];
  if (scope === 'env') {
    const v = c.env[rest!];
    if (v === undefined) throw new ConfigVariableError(`\${env:${rest}} is not set in the environment`);
    return v;
  }
  if (scope === 'input') {
    const v = c.inputs[rest!];
    if (v === undefined)
      throw new ConfigVariableError(`\${input:${rest}} has no value (give it with --input ${rest}=<value>, or run at a terminal to be asked)`);
    return v;
  }
  if (expr === 'userHome') return c.home;
  if (expr === 'workspaceFolder') return c.workspaceFolder;
  if (expr === 'workspaceFolderBasename') return c.workspaceFolder.split(/[\\/]/).filter(Boolean).at(-1) ?? '';
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s.exec(expr);
  if (!m) throw new ConfigVariableError(`\${${expr}} is not a variable mcpscope can resolve`);
  const v = c.env[m[1]!];
  // Like the shell's ${VAR:-default}: an empty value takes the default too.
  if (v !== undefined && (v !== '' || m[2] === undefined)) return v;
  if (m[2] !== undefined) return m[2];
  throw new ConfigVariableError(`\${${m[1]}} is not set in the environment and has no default (\${${m[1]}:-default})`);
}

/** Every string in `value` with its variables expanded; objects and arrays are walked, other values kept. */
export function expandVariables<T>(value: T, c: VariableContext): T {
  if (typeof value === 'string') return value.replace(VARIABLE, (_, expr: string) => resolve(expr, c)) as T;
  if (Array.isArray(value)) return value.map((v) => expandVariables(v, c)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandVariables(v, c)])) as T;
  }
  return value;
}

/** The `${input:id}` ids `value` uses, in order of first use. */
export function inputIds(value: unknown): string[] {
  const ids = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') for (const m of v.matchAll(/\$\{input:([^}]*)\}/g)) ids.add(m[1]!);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(walk);
  };
  walk(value);
  return [...ids];
}
