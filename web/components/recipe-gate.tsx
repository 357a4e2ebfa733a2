// Shows a recipe from a file that the relay refused to run unconfirmed: command, arguments, directory and every
// environment variable (secrets masked, the ones that change how code loads highlighted), or for a remote one the URL,
// its headers (masked) and auth settings; runs it only on a yes.
// Threat: a bundle or an imported profile that runs code on one click (NODE_OPTIONS=--import=data:…), or sends the
// user's credentials to a server of the file's choosing; and strings whose bidi overrides or invisible characters make
// the recipe read as something else (each is shown with them escaped, as on the terminal).
import { useState } from 'react';
import { escapeControls as x } from '../../shared/trust/escape-controls.js';
import type { RecipeReview } from '../../shared/trust/recipe-review.js';
import { isRemoteReview, type AnyRecipeReview, type RemoteRecipeReview } from '../../shared/trust/remote-recipe-review.js';
import { ApiError } from '../lib/relay/relay-http.js';
import { useRelay } from '../lib/relay/relay-context.js';

/** The review a refusal carried, when `error` is the relay asking for a confirmation. */
export function recipeRefusal(error: unknown): AnyRecipeReview | null {
  return error instanceof ApiError && error.code === 'RECIPE_UNCONFIRMED' && error.review ? error.review : null;
}

export function RecipeGate({ error, onConfirmed, onCancel }: { error: unknown; onConfirmed: () => void; onCancel: () => void }) {
  const { http } = useRelay();
  const [failure, setFailure] = useState<string | null>(null);
  const review = recipeRefusal(error);
  if (!review) return null;
  const confirm = () => {
    setFailure(null);
    http
      .call('confirmRecipe', { body: { hash: review.hash } })
      .then(onConfirmed, (err: unknown) => setFailure(err instanceof Error ? err.message : String(err)));
  };
  return (
    <div
      className="w-full rounded border border-amber-500/60 bg-amber-950/30 p-2 text-[12px]"
      data-testid="recipe-gate"
      role="alertdialog"
      aria-label="Review the recipe before it runs"
    >
      <p className="font-medium text-amber-100">{`This recipe comes from ${x(review.source)}. Nothing has run. Read it before you start it:`}</p>
      {isRemoteReview(review) ? <RemoteRecipe review={review} /> : <StdioRecipe review={review} />}
      <div className="mt-2 flex gap-2">
        <button type="button" className="btn" data-testid="recipe-confirm" onClick={confirm}>
          {isRemoteReview(review) ? 'Connect' : 'Run it'}
        </button>
        <button type="button" className="btn" data-testid="recipe-cancel" onClick={onCancel}>
          Cancel
        </button>
        {failure && <span className="text-red-300">{failure}</span>}
      </div>
    </div>
  );
}

function RemoteRecipe({ review }: { review: RemoteRecipeReview }) {
  return (
    <>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 font-mono text-[11px]">
        <dt className="text-dim">url</dt>
        <dd className="break-all" data-testid="recipe-url">
          {x(review.url)}
        </dd>
        <dt className="text-dim">transport</dt>
        <dd>{x(review.transport)}</dd>
        <dt className="text-dim">headers</dt>
        <dd>
          {review.headers.length === 0 ? (
            <span className="text-dim">none</span>
          ) : (
            <ul>
              {review.headers.map((h) => (
                <li key={h.name} className="break-all" data-testid="recipe-header">{`${x(h.name)}: ${x(h.value)}`}</li>
              ))}
            </ul>
          )}
        </dd>
        <dt className="text-dim">auth</dt>
        <dd>
          {review.auth.length === 0 ? (
            <span className="text-dim">none</span>
          ) : (
            <ul>
              {review.auth.map((a) => (
                <li key={a.name} className="break-all" data-testid="recipe-auth">{`${x(a.name)}=${x(a.value)}`}</li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <p className="mt-1 text-amber-200">Nothing has been sent to this server. Connect only if you trust where the file came from.</p>
    </>
  );
}

function StdioRecipe({ review }: { review: RecipeReview }) {
  return (
    <>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 font-mono text-[11px]">
        <dt className="text-dim">command</dt>
        <dd className="break-all" data-testid="recipe-command">
          {[review.command, ...review.args].map(x).join(' ')}
        </dd>
        <dt className="text-dim">directory</dt>
        <dd className="break-all">{x(review.cwd)}</dd>
        <dt className="text-dim">environment</dt>
        <dd>
          {review.env.length === 0 ? (
            <span className="text-dim">nothing beyond the relay's own</span>
          ) : (
            <ul>
              {review.env.map((e) => (
                <li
                  key={e.name}
                  className={`break-all ${e.dangerous ? 'rounded bg-red-900/60 px-1 text-red-100' : ''}`}
                  data-testid="recipe-env"
                  data-dangerous={e.dangerous ? 'true' : undefined}
                >
                  {`${x(e.name)}=${x(e.value)}`}
                  {e.dangerous && <span className="ml-2 font-sans font-semibold">dangerous: changes how programs load code</span>}
                  {e.secret && <span className="ml-2 font-sans text-dim">secret</span>}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      {review.dangerous.length > 0 && (
        <p className="mt-1 text-red-200">{`${review.dangerous.map(x).join(', ')} can make the server run code the file chose. Run it only if you trust where the file came from.`}</p>
      )}
    </>
  );
}
