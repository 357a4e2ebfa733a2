// What a person sees before a remote recipe from a file (a bundle, an imported profile) may connect: the URL, the
// transport, every header with its value masked and the auth settings with the client secret masked.
// Threat: a file someone sent that makes mcpscope contact a server of the file's choosing on one click, carrying the
// user's credentials (headers supplied at replay, a profile's secret, an OAuth client) or asking for tokens there.
import { z } from 'zod';
import type { RemoteTarget } from '../relay-protocol.js';
import { REDACTED } from '../redaction/secret-patterns.js';
import { replaceUrlPassword } from '../redaction/url-password.js';
import { escapeControls } from './escape-controls.js';
import { RecipeReviewSchema, formatRecipeReview, type RecipeReview } from './recipe-review.js';

const NamedValueSchema = z.object({ name: z.string(), value: z.string() });

/** A remote recipe as the confirmation prompt shows it; `hash` names the exact recipe a "yes" is remembered for. */
const RemoteRecipeReviewSchema = z.object({
  kind: z.literal('remote'),
  hash: z.string(),
  /** Where the recipe came from, in words: `the imported bundle "weather"`. */
  source: z.string(),
  transport: z.string(),
  /** The URL with a userinfo password masked. */
  url: z.string(),
  /** Every header, its value masked (an Authorization header keeps its scheme: Bearer vs Basic is worth seeing). */
  headers: z.array(NamedValueSchema),
  /** The OAuth settings, one per option set, the client secret masked; empty without OAuth. */
  auth: z.array(NamedValueSchema),
});
export type RemoteRecipeReview = z.infer<typeof RemoteRecipeReviewSchema>;

/** Either review: a stdio recipe's (command, env…) or a remote one's (`kind: 'remote'`). */
export const AnyRecipeReviewSchema = z.union([RemoteRecipeReviewSchema, RecipeReviewSchema]);
export type AnyRecipeReview = RemoteRecipeReview | RecipeReview;

export const isRemoteReview = (r: AnyRecipeReview): r is RemoteRecipeReview => 'kind' in r && r.kind === 'remote';

function maskHeader(name: string, value: string): string {
  if (value === '') return '';
  const scheme = /^(authorization|proxy-authorization)$/i.test(name) ? /^([A-Za-z][\w-]*) \S/.exec(value)?.[1] : undefined;
  return scheme ? `${scheme} ${REDACTED}` : REDACTED;
}

export function reviewRemoteRecipe(target: RemoteTarget, hash: string, source: string): RemoteRecipeReview {
  const headers = Object.keys(target.headers)
    .sort()
    .map((name) => ({ name, value: maskHeader(name, target.headers[name]!) }));
  const auth = Object.entries(target.auth ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([name, v]) => ({ name, value: name === 'clientSecret' ? REDACTED : String(v) }));
  return { kind: 'remote', hash, source, transport: target.transport, url: replaceUrlPassword(target.url, REDACTED), headers, auth };
}

/** The remote review as plain text, for a terminal; every string from the file has its control characters escaped. */
export function formatRemoteRecipeReview(r: RemoteRecipeReview): string {
  const e = escapeControls;
  const lines = [`The recipe from ${e(r.source)} would connect to a server:`, `  url:       ${e(r.url)}`, `  transport: ${e(r.transport)}`];
  if (r.headers.length === 0) lines.push('  header:    (none)');
  for (const h of r.headers) lines.push(`  header:    ${e(h.name)}: ${e(h.value)}`);
  if (r.auth.length === 0) lines.push('  auth:      (none)');
  for (const a of r.auth) lines.push(`  auth:      ${e(a.name)}=${e(a.value)}`);
  lines.push('Nothing has been sent to it. Connect only if you trust where the file came from.');
  return lines.join('\n');
}

/** Either review as text: what `mcpscope replay` and `open` print before asking. */
export function formatAnyRecipeReview(r: AnyRecipeReview): string {
  return isRemoteReview(r) ? formatRemoteRecipeReview(r) : formatRecipeReview(r);
}
