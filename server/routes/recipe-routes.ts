// The confirmation half of "trust before running anything from a file": the page shows the recipe a refusal carried,
// and a person's yes comes back here by hash. Only a recipe the relay refused in this run can be confirmed.
import { Router } from 'express';
import { ConfirmRecipeBodySchema } from '../../shared/trust/recipe-review.js';
import { RelayError } from '../errors.js';
import type { RecipeTrust } from '../trust/recipe-trust.js';
import { parseBody } from './route-context.js';

export function recipeRoutes(trust: RecipeTrust): Router {
  const router = Router();
  router.post('/recipes/confirm', (req, res) => {
    const { hash } = parseBody(ConfirmRecipeBodySchema, req.body);
    if (!trust.confirmPending(hash)) throw new RelayError('NOT_FOUND', 'no recipe with that hash is waiting for a confirmation; try to run it again');
    res.status(204).end();
  });
  return router;
}
