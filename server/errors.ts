// The relay's one error class, its normaliser from unknown, and the Express error middleware.
import type { ErrorRequestHandler } from 'express';
import { RELAY_ERROR_CODES, type RelayErrorBody, type RelayErrorCode } from '../shared/relay-errors.js';
import type { AnyRecipeReview } from '../shared/trust/remote-recipe-review.js';

const STATUS: Record<RelayErrorCode, number> = {
  UNAUTHORIZED: 401,
  FORBIDDEN_HOST: 403,
  FORBIDDEN_ORIGIN: 403,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SESSION_NOT_LIVE: 409,
  // 428 Precondition Required: the request is fine, a person's confirmation is missing.
  RECIPE_UNCONFIRMED: 428,
  SPAWN_FAILED: 502,
  CHECK_FAILED: 502,
  RUN_FAILED: 502,
  MODEL_FAILED: 502,
  INTERNAL: 500,
};

export class RelayError extends Error {
  constructor(
    readonly code: RelayErrorCode,
    message: string = RELAY_ERROR_CODES[code],
    options?: { cause?: unknown; review?: AnyRecipeReview },
  ) {
    super(message, options);
    this.name = 'RelayError';
    this.review = options?.review;
  }

  /** The recipe a RECIPE_UNCONFIRMED refusal asks the person to look at. */
  readonly review: AnyRecipeReview | undefined;

  get status(): number {
    return STATUS[this.code];
  }

  toBody(): RelayErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.review ? { review: this.review } : {}) } };
  }
}

export function toRelayError(err: unknown): RelayError {
  if (err instanceof RelayError) return err;
  // Express's body parser marks malformed JSON with a 400 status.
  const status = (err as { status?: unknown } | null)?.status;
  if (status === 400 || status === 413) return new RelayError('BAD_REQUEST', (err as Error).message, { cause: err });
  return new RelayError('INTERNAL', err instanceof Error ? err.message : String(err), { cause: err });
}

export const errorMiddleware: ErrorRequestHandler = (err, _req, res, _next) => {
  const e = toRelayError(err);
  if (e.code === 'INTERNAL') console.error('mcpscope: internal error:', e.cause ?? e);
  res.status(e.status).json(e.toBody());
};
