// Remembers, by hash, the recipes that may run: those a person confirmed after seeing them, and those typed here.
// Threat: a recipe from a file (bundle, imported profile, config) spawning a process nobody looked at, or connecting to a
// URL of the file's choosing with the user's credentials. Recipes from files pass only when their exact hash is here;
// the file is 0600 in the data dir and holds hashes, never values.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { StdioTarget, Target } from '../../shared/relay-protocol.js';
import { reviewRecipe } from '../../shared/trust/recipe-review.js';
import { escapeControls } from '../../shared/trust/escape-controls.js';
import { isRemoteReview, reviewRemoteRecipe, type AnyRecipeReview } from '../../shared/trust/remote-recipe-review.js';
import { RelayError } from '../errors.js';
import { PrivateJsonFile } from '../store/locked-files.js';
import { remoteRecipeHash } from './remote-recipe-hash.js';

export const TRUST_FILE = 'confirmed-recipes.json';
/** Oldest entries go first past this many; a recipe forgotten this way is only asked about again. */
const MAX_ENTRIES = 5000;

type How = 'confirmed' | 'typed';
interface TrustFile {
  version: 1;
  recipes: Record<string, { at: string; how: How }>;
}

const isTrustFile = (v: unknown): v is TrustFile =>
  typeof v === 'object' && v !== null && (v as TrustFile).version === 1 && typeof (v as TrustFile).recipes === 'object' && (v as TrustFile).recipes !== null;

/** The recipe as it would be spawned: the directory made absolute (a missing one is where the relay runs). */
function spawnedForm(t: StdioTarget): StdioTarget & { cwd: string } {
  return { ...t, cwd: resolve(t.cwd ?? process.cwd()) };
}

/**
 * The recipe's identity: everything that decides what is spawned, so two recipes that would spawn differently never
 * share a hash, and a "yes" to one is never a yes to another. Command, arguments, the absolute directory and every
 * environment variable, name and value; each value enters as its own sha256, so the text hashed never holds a
 * credential in clear, whatever its name. A secret is part of the recipe too: a bundle replayed with its redacted key
 * typed back in (or left out) is a different recipe from the one confirmed, and is asked about again.
 */
export function recipeHash(t: StdioTarget): string {
  const s = spawnedForm(t);
  const env = Object.entries(s.env)
    .map(([k, v]) => [k, sha256(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256(JSON.stringify(['stdio-recipe/2', s.command, s.args, s.cwd, env]));
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Any recipe's identity: a stdio one's (recipeHash) or a remote one's (remote-recipe-hash.ts). */
function targetHash(t: Target): string {
  return t.transport === 'stdio' ? recipeHash(t) : remoteRecipeHash(t);
}

export class RecipeTrust {
  /** Another relay on the same data dir may add entries: the file, not this process, is the truth. */
  private readonly file: PrivateJsonFile<TrustFile>;
  /** Recipes refused since launch, so a confirmation by hash names one the relay actually showed. */
  private readonly pending = new Map<string, Target>();

  /** `dataDir` null keeps confirmations in memory only (tests). */
  constructor(dataDir: string | null) {
    // Not synced to disk on every write: a list lost to a power cut only makes mcpscope ask again (the safe side), and
    // the sync was 95 ms of a start's 1.3 s (`npm start` writes the demo's recipe, typed on the command line).
    this.file = new PrivateJsonFile(dataDir, TRUST_FILE, () => ({ version: 1, recipes: {} }), isTrustFile, false);
  }

  isConfirmed(t: Target): boolean {
    return targetHash(t) in this.file.read().recipes;
  }

  /** Records a recipe as allowed: after a person said yes to it, or because they typed it (how = 'typed'). */
  allow(t: Target, how: How): void {
    const hash = targetHash(t);
    this.file.update((file) => {
      // Typed again (every start of the same command line): already allowed, nothing to write.
      const known = file.recipes[hash];
      if (known?.how === 'confirmed' || (known !== undefined && how === 'typed')) return false;
      file.recipes[hash] = { at: new Date().toISOString(), how };
      const keys = Object.keys(file.recipes);
      for (const k of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete file.recipes[k];
    });
    this.pending.delete(hash);
  }

  review(t: Target, source: string, markedSecret: readonly string[] = []): AnyRecipeReview {
    if (t.transport !== 'stdio') return reviewRemoteRecipe(t, remoteRecipeHash(t), source);
    return reviewRecipe(spawnedForm(t), recipeHash(t), source, markedSecret);
  }

  /** Throws RECIPE_UNCONFIRMED, carrying the review the page shows, unless this exact recipe may run. */
  require(t: Target, source: string, markedSecret: readonly string[] = []): void {
    if (this.isConfirmed(t)) return;
    const review = this.review(t, source, markedSecret);
    this.pending.set(review.hash, t);
    const from = escapeControls(source);
    if (isRemoteReview(review)) {
      throw new RelayError(
        'RECIPE_UNCONFIRMED',
        `the recipe from ${from} would connect to ${escapeControls(review.url)}; it has not been confirmed on this machine, and nothing was sent: review it before it connects.`,
        { review },
      );
    }
    const danger = review.dangerous.length > 0 ? ` It sets ${review.dangerous.map(escapeControls).join(', ')}, which can make it run code the file chose.` : '';
    throw new RelayError('RECIPE_UNCONFIRMED', `the recipe from ${from} has not been confirmed on this machine; review it before it runs.${danger}`, {
      review,
    });
  }

  /** Confirms a recipe the relay refused earlier in this run; false for a hash it never showed. */
  confirmPending(hash: string): boolean {
    const t = this.pending.get(hash);
    if (!t) return false;
    this.allow(t, 'confirmed');
    return true;
  }
}
