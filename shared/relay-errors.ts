// The relay's error answers: their codes (relay-error-codes.ts) and the body's schema.
import { z } from 'zod';
import { RELAY_ERROR_CODES, type RelayErrorCode } from './relay-error-codes.js';
import { AnyRecipeReviewSchema, type AnyRecipeReview } from './trust/remote-recipe-review.js';

export { RELAY_ERROR_CODES, type RelayErrorCode };

/** The body of every error answer of the relay's API. `code` is a string so a newer relay's code still reads. */
export const RelayErrorBodySchema = z.object({ error: z.object({ code: z.string(), message: z.string(), review: AnyRecipeReviewSchema.optional() }) });
export interface RelayErrorBody {
  /** `review`: with RECIPE_UNCONFIRMED, the recipe to show before asking for a confirmation. */
  error: { code: RelayErrorCode; message: string; review?: AnyRecipeReview };
}
