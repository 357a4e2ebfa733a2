// Declares command-line flags once (name, value, help, validator) and parses argv with node:util parseArgs; every
// command builds its parser and its --help text from the same declarations, so adding a flag is one entry.
import { parseArgs } from 'node:util';

export class UsageError extends Error {}

interface FlagBase {
  help: string;
  short?: string;
}
/** A switch: present or not (`--no-open`, `--strict`). */
export interface SwitchFlag extends FlagBase {
  kind: 'switch';
}
/** A flag with a value, validated and converted by `parse`; given twice, the last one wins. */
export interface ValueFlag<T> extends FlagBase {
  kind: 'value';
  arg: string;
  parse: (value: string, flag: string) => T;
}
/** A repeatable flag with a value (`--env A=1 --env B=2`): every value, in order. */
export interface ListFlag<T> extends FlagBase {
  kind: 'list';
  arg: string;
  parse: (value: string, flag: string) => T;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of flags of any value types
type Flag = SwitchFlag | ValueFlag<any> | ListFlag<any>;
export type FlagTable = Record<string, Flag>;

const asIs = (v: string): string => v;

export function onOff(help: string, short?: string): SwitchFlag {
  return { kind: 'switch', help, ...(short ? { short } : {}) };
}
export function value<T = string>(arg: string, help: string, parse: (value: string, flag: string) => T = asIs as never): ValueFlag<T> {
  return { kind: 'value', arg, help, parse };
}
export function list<T = string>(arg: string, help: string, parse: (value: string, flag: string) => T = asIs as never): ListFlag<T> {
  return { kind: 'list', arg, help, parse };
}

export type FlagValues<F extends FlagTable> = {
  [K in keyof F]?: F[K] extends ValueFlag<infer T> ? T : F[K] extends ListFlag<infer T> ? T[] : true;
};

export interface Parsed<F extends FlagTable> {
  values: FlagValues<F>;
  positionals: string[];
  /** What follows the first `--` (a server command and its own flags, untouched); null when there is no `--`. */
  command: string[] | null;
  /** -h or --help came before any `--`: the caller prints its usage and nothing is validated. */
  help: boolean;
}

export interface ParseRules {
  /** How many positionals the command takes (the bundle, the file); 0 by default. */
  positionals?: { min: number; max: number; what: string };
  /** A hint after "unexpected argument": where such an argument belongs. */
  positionalHint?: string;
}

const HELP: SwitchFlag = onOff('show this help', 'h');

/**
 * Parses argv against a table of flags. parseArgs does the tokenizing (`--flag value`, `--flag=value`, `-h`, the `--`
 * terminator); this checks each token against the table so every mistake is a UsageError that names the flag.
 */
export function parseFlags<F extends FlagTable>(argv: readonly string[], flags: F, rules: ParseRules = {}): Parsed<F> {
  const table: FlagTable = { help: HELP, ...flags };
  const { own, command, help } = tokenize(argv, table);
  const values: Record<string, unknown> = {};
  const positionals: string[] = [];
  if (help) return { values: values as FlagValues<F>, positionals, command, help };
  for (const t of own) {
    if (t.kind === 'positional') {
      positionals.push(t.value);
      continue;
    }
    if (t.kind !== 'option') continue;
    const f = Object.hasOwn(table, t.name) ? table[t.name] : undefined;
    if (!f) throw new UsageError(unknownOption(t.rawName, Object.keys(table)));
    if (f.kind === 'switch') {
      if (t.inlineValue) throw new UsageError(`${t.rawName} takes no value`);
      values[t.name] = true;
      continue;
    }
    if (t.value === undefined) throw new UsageError(`${t.rawName} needs a value (${t.rawName} ${f.arg})`);
    const v = f.parse(t.value, t.rawName);
    if (f.kind === 'list') ((values[t.name] ??= []) as unknown[]).push(v);
    else values[t.name] = v;
  }
  const want = rules.positionals ?? { min: 0, max: 0, what: '' };
  if (positionals.length > want.max) {
    const extra = positionals[want.max]!;
    throw new UsageError(`unexpected argument "${extra}"${rules.positionalHint ? ` (${rules.positionalHint})` : ''}`);
  }
  if (positionals.length < want.min) throw new UsageError(`expected ${want.what}`);
  return { values: values as FlagValues<F>, positionals, command, help };
}

/**
 * "unknown option '--x'", with the one flag a typo most likely meant (`--methd` → `--method`): the nearest within two
 * edits (one for a name under six letters, where two edits turn `--nope` into `--name`), named only when no other flag
 * is as near, since a guess between two would mislead as often as it helps.
 */
function unknownOption(rawName: string, names: readonly string[]): string {
  const said = `unknown option '${rawName}'`;
  const meant = rawName.startsWith('--') ? nearest(rawName.slice(2), names) : null;
  return meant === null ? said : `${said} (did you mean --${meant}?)`;
}

/** The one name a typo most likely meant (see unknownOption), or null. */
export function nearest(typed: string, names: readonly string[]): string | null {
  const within = typed.length < 6 ? 1 : 2;
  let best: string[] = [];
  let bestDistance = Infinity;
  for (const name of names) {
    const d = editDistance(typed, name);
    if (d > within || d > bestDistance) continue;
    if (d < bestDistance) [best, bestDistance] = [[], d];
    best.push(name);
  }
  return best.length === 1 ? best[0]! : null;
}

/** Edits between two strings: insertions, deletions, substitutions and swaps of two neighbours, each one edit. */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i]!;
      row[j] = Math.min(d[i - 1]![j]! + 1, row[j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

function tokenize(argv: readonly string[], table: FlagTable) {
  const options = Object.fromEntries(
    Object.entries(table).map(([name, f]) => [
      name,
      { type: f.kind === 'switch' ? ('boolean' as const) : ('string' as const), ...(f.short ? { short: f.short } : {}) },
    ]),
  );
  // Not strict: a value that starts with a dash (`--params -1`, `--raw --`) is taken as the value, as people expect;
  // unknown flags and missing values are reported by parseFlags, in our words.
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const end = tokens.find((t) => t.kind === 'option-terminator');
  const own = tokens.filter((t) => !end || t.index < end.index);
  return {
    own,
    command: end ? argv.slice(end.index + 1) : null,
    help: own.some((t) => t.kind === 'option' && t.name === 'help'),
  };
}

/** True when -h or --help comes before any `--` (after it, they belong to the server command), whatever else is wrong. */
export function wantsHelp(argv: readonly string[], flags: FlagTable): boolean {
  return tokenize(argv, { help: HELP, ...flags }).help;
}

/** The flag lines of a --help text, aligned, from the same table the parser reads. */
export function flagHelp(flags: FlagTable, opts: { help?: boolean } = {}): string {
  const table: FlagTable = opts.help === false ? flags : { ...flags, help: HELP };
  const rows = Object.entries(table).map(([name, f]) => {
    const short = f.short ? `-${f.short}, ` : '';
    return [`${short}--${name}${f.kind === 'switch' ? '' : ` ${f.arg}`}`, f.help] as const;
  });
  const width = Math.min(24, Math.max(...rows.map(([label]) => label.length)) + 2);
  return rows
    .map(([label, help]) => {
      const [first, ...rest] = help.split('\n');
      const pad = label.length + 2 > width ? `\n${' '.repeat(width + 2)}` : ' '.repeat(width - label.length);
      return [`  ${label}${pad}${first}`, ...rest.map((l) => `${' '.repeat(width + 2)}${l}`)].join('\n');
    })
    .join('\n');
}
