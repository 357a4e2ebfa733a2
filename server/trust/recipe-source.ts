// Says, in words a person recognises, which file a recipe came from; the words mark the recipe as one to confirm.
import type { Profile } from '../../shared/profiles/profile.js';

export function bundleSource(sessionName: string): string {
  return `the imported bundle "${sessionName}"`;
}

/** A profile imported from a file runs its stdio recipe only once that recipe is confirmed (see RecipeTrust). */
export function profileRecipeFrom(p: Profile): { recipeFrom?: string } {
  return p.importedFrom === undefined ? {} : { recipeFrom: `the imported profile "${p.name}" (from ${p.importedFrom})` };
}
