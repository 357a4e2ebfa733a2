// What a person sees before a recipe from a file (a bundle, an imported profile, a config file) may start a process:
// the whole recipe, secrets masked, and the environment variables that change how an interpreter loads code flagged.
// Threat: a file someone sent runs code on one click, e.g. a bundle whose target sets NODE_OPTIONS=--import=data:….
import { z } from 'zod';
import type { StdioTarget } from '../relay-protocol.js';
import { REDACTED, isSecretName } from '../redaction/secret-patterns.js';
import { maskSecretArgs } from '../redaction/secret-args.js';
import { shQuote } from '../repro/shell-quote.js';
import { escapeControls } from './escape-controls.js';

/**
 * Variables that make an interpreter, the dynamic loader or a shell load code of the variable's choosing, or change
 * which program a bare command name finds. Any of these in a recipe from a file is how "open a file" becomes "run code".
 */
const DANGEROUS_NAMES = new Set([
  'NODE_OPTIONS',
  'NODE_PATH',
  'NODE_REPL_EXTERNAL_MODULE',
  'LD_PRELOAD',
  'LD_LIBRARY_PATH',
  'LD_AUDIT',
  'PYTHONPATH',
  'PYTHONSTARTUP',
  'PYTHONHOME',
  'PYTHONINSPECT',
  'PYTHONUSERBASE',
  'PYTHONEXECUTABLE',
  'PERL5OPT',
  'PERL5LIB',
  'PERLLIB',
  'PERL5DB',
  'RUBYOPT',
  'RUBYLIB',
  'JAVA_TOOL_OPTIONS',
  '_JAVA_OPTIONS',
  'JDK_JAVA_OPTIONS',
  'CLASSPATH',
  'BASH_ENV',
  'ENV',
  'ZDOTDIR',
  'PROMPT_COMMAND',
  'SHELLOPTS',
  'PS4',
  'IFS',
  'PATH',
  'PATHEXT',
  'COMSPEC',
  'GCONV_PATH',
  'GIT_SSH_COMMAND',
  'GIT_EXEC_PATH',
  'GIT_CONFIG_GLOBAL',
  'GIT_ASKPASS',
  'SSH_ASKPASS',
  'EDITOR',
  'VISUAL',
  'PAGER',
  'PHPRC',
  'PHP_INI_SCAN_DIR',
  'LUA_PATH',
  'LUA_CPATH',
  'LUA_INIT',
  'TCLLIBPATH',
  'R_PROFILE',
  'R_PROFILE_USER',
  'UV_PYTHON',
  'VIRTUAL_ENV',
  'CONDA_PREFIX',
  'DENO_OPTIONS',
  'BUN_OPTIONS',
  'ELECTRON_RUN_AS_NODE',
]);
/** Whole families: the dynamic loader's (LD_*, DYLD_*) and npm's configuration (npm_config_* can name scripts and registries). */
const DANGEROUS_PREFIXES = ['LD_', 'DYLD_', 'NPM_CONFIG_', 'GIT_CONFIG_'];

/**
 * True for a variable that changes how code is loaded or which program runs, judged on what spawn really sets. The
 * child gets the relay's environment (the user's own) with the recipe's variables over it, so only the recipe's names
 * come from the file, and they are what is checked here. A program reads the name of an environment entry up to its
 * first `=` (and C strings end at a NUL): a key `NODE_OPTIONS=…_TOKEN` sets NODE_OPTIONS, so that is the name judged,
 * even though every entry refuses such keys (shared/trust/env-names.ts) and this is only the second line. Case is
 * ignored because Windows ignores it; on POSIX that flags `node_options` too, which errs on the side of asking.
 */
export function isDangerousEnv(name: string): boolean {
  const upper = name.split(/[=\0]/, 1)[0]!.toUpperCase();
  return DANGEROUS_NAMES.has(upper) || DANGEROUS_PREFIXES.some((p) => upper.startsWith(p));
}

const RecipeEnvEntrySchema = z.object({
  name: z.string(),
  /** The value, or REDACTED for a secret (a dangerous variable is always shown in full: its value is the risk). */
  value: z.string(),
  secret: z.boolean(),
  dangerous: z.boolean(),
});
type RecipeEnvEntry = z.infer<typeof RecipeEnvEntrySchema>;

/** A stdio recipe as the confirmation prompt shows it; `hash` names the exact recipe a "yes" is remembered for. */
export const RecipeReviewSchema = z.object({
  hash: z.string(),
  /** Where the recipe came from, in words: `the bundle "weather.json"`, `the imported profile "github"`. */
  source: z.string(),
  command: z.string(),
  args: z.array(z.string()),
  cwd: z.string(),
  env: z.array(RecipeEnvEntrySchema),
  dangerous: z.array(z.string()),
});
export type RecipeReview = z.infer<typeof RecipeReviewSchema>;

export function reviewRecipe(target: StdioTarget & { cwd: string }, hash: string, source: string, markedSecret: readonly string[] = []): RecipeReview {
  const marked = new Set(markedSecret);
  const env = Object.keys(target.env)
    .sort()
    .map((name): RecipeEnvEntry => {
      const dangerous = isDangerousEnv(name);
      const secret = !dangerous && (marked.has(name) || isSecretName(name));
      return { name, value: secret ? REDACTED : target.env[name]!, secret, dangerous };
    });
  return {
    hash,
    source,
    command: target.command,
    args: maskSecretArgs(target.args),
    cwd: target.cwd,
    env,
    dangerous: env.filter((e) => e.dangerous).map((e) => e.name),
  };
}

/**
 * The review as plain text, for a terminal: what `mcpscope replay` and `open` print before asking. Every string in it
 * came from the file, so each has its control characters escaped (escape-controls.ts): the file cannot rewrite the prompt.
 */
export function formatRecipeReview(r: RecipeReview): string {
  const e = escapeControls;
  const lines = [
    `The recipe from ${e(r.source)} would run:`,
    `  command: ${[r.command, ...r.args].map((a) => e(shQuote(a))).join(' ')}`,
    `  in:      ${e(r.cwd)}`,
  ];
  if (r.env.length === 0) lines.push('  env:     (nothing beyond your own environment)');
  for (const v of r.env) lines.push(`  env:     ${e(v.name)}=${e(v.value)}${v.dangerous ? '   <-- DANGEROUS: changes how programs load code' : ''}`);
  if (r.dangerous.length > 0)
    lines.push(`WARNING: ${r.dangerous.map(e).join(', ')} can make the server run code the file chose. Run it only if you trust where it came from.`);
  return lines.join('\n');
}

/** POST /api/recipes/confirm: the hash of a recipe the relay refused, after a person said yes to it. */
export const ConfirmRecipeBodySchema = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) });
