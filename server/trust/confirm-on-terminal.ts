// The command line's half of "trust before running anything from a file": a recipe (a command to spawn, or a URL to
// connect to) that is not confirmed on this machine is printed whole and runs only with --yes or a yes typed at a
// terminal; a pipe or a script gets a refusal. What is printed has the file's control characters escaped.
import { createInterface } from 'node:readline/promises';
import type { Target } from '../../shared/relay-protocol.js';
import { formatAnyRecipeReview } from '../../shared/trust/remote-recipe-review.js';
import type { RecipeTrust } from './recipe-trust.js';

export interface TerminalConfirmation {
  /** The command's name for messages: `mcpscope replay`. */
  prog: string;
  /** --yes: the person running the command vouches for the recipe without being asked. */
  yes: boolean;
  markedSecret?: readonly string[];
  /** What to say when it may not run (default: that nothing ran, and how to confirm). */
  refusal?: string;
  /** Where to print (stderr) and whether a person is there to answer; tests pass their own. */
  out?: NodeJS.WritableStream;
  interactive?: boolean;
}

/** True when the recipe may run (and is then remembered as confirmed); false after printing why it may not. */
export async function confirmOnTerminal(trust: RecipeTrust, target: Target, source: string, c: TerminalConfirmation): Promise<boolean> {
  if (trust.isConfirmed(target)) return true;
  const out = c.out ?? process.stderr;
  const review = trust.review(target, source, c.markedSecret);
  out.write(`${formatAnyRecipeReview(review)}\n`);
  if (c.yes) {
    out.write(`${c.prog}: confirmed by --yes; remembered for this exact recipe\n`);
    trust.allow(target, 'confirmed');
    return true;
  }
  const interactive = c.interactive ?? (process.stdin.isTTY === true && process.stderr.isTTY === true);
  if (!interactive) {
    out.write(
      `${c.prog}: ${c.refusal ?? 'not run: this recipe came from a file and was not confirmed on this machine. Read it above; to run it, answer the prompt at a terminal or add --yes.'}\n`,
    );
    return false;
  }
  const rl = createInterface({ input: process.stdin, output: out });
  try {
    const answer = (await rl.question('Run it? [y/N] ')).trim().toLowerCase();
    if (answer !== 'y' && answer !== 'yes') {
      out.write(`${c.prog}: not run\n`);
      return false;
    }
  } finally {
    rl.close();
  }
  trust.allow(target, 'confirmed');
  return true;
}
