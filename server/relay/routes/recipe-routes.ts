// The confirmation half of "trust before running anything from a file": the page shows the recipe a refusal carried,
// and a person's yes comes back here by hash. Only a recipe the relay refused in this run can be confirmed.
import { Router } from 'express';
import { RELAY_ROUTES as R } from '../../../shared/relay-routes.js';
import { RelayError } from '../../errors.js';
import type { RecipeTrust } from '../../trust/recipe-trust.js';
import { serveRoute } from './serve-route.js';

export function recipeRoutes(trust: RecipeTrust): Router {
  const router = Router();
  serveRoute(router, R.confirmRecipe, ({ body: { hash } }) => {
    if (!trust.confirmPending(hash)) throw new RelayError('NOT_FOUND', 'no recipe with that hash is waiting for a confirmation; try to run it again');
  });
  return router;
}
