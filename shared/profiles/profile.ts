// A saved server profile: connection settings plus which env vars and headers are secret. Declared once, here.
import { z } from 'zod';
import { DEFAULT_PROTOCOL_VERSION } from '../mcp-versions.js';
import { REDACTED } from '../redaction/secret-patterns.js';
import { maskTarget, type SecretMask } from '../redaction/target-secrets.js';
import { RecipeTargetSchema, TargetSchema } from '../relay-protocol.js';

/** legacy: initialize handshake; modern: 2026-07-28 stateless; auto: probe with server/discover, fall back. */
export const ERAS = ['legacy', 'auto', 'modern'] as const;
export type Era = (typeof ERAS)[number];

/** A profile as the relay stored it: read as it was written, so one saved before a check was added still loads. */
export const StoredProfileInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  target: TargetSchema,
  protocolVersion: z.string().min(1).default(DEFAULT_PROTOCOL_VERSION),
  era: z.enum(ERAS).default('auto'),
  /** Env var names whose values are secret: masked when shown, redacted from every export. */
  secretEnv: z.array(z.string()).default([]),
  /** Header names whose values are secret (every custom header is masked in recordings regardless). */
  secretHeaders: z.array(z.string()).default([]),
  /**
   * Set when the profile came from a file (an imported mcp.json): its stdio recipe runs only once a person confirmed it.
   * The relay keeps it through edits; a body cannot clear it.
   */
  importedFrom: z.string().max(300).optional(),
});

/** A profile as it enters (the API, the editor): its recipe checked as every recipe that enters is. */
export const ProfileInputSchema = StoredProfileInputSchema.extend({ target: RecipeTargetSchema });
export type ProfileInput = z.infer<typeof ProfileInputSchema>;

export const ProfileSchema = StoredProfileInputSchema.extend({
  id: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** What the relay sends in place of a secret value; sending it back unchanged keeps the stored value. */
export const SECRET_PLACEHOLDER = '••••••';

/** Named values (env, headers, a URL password, a client secret) show the placeholder; a value inside an argument or a
 * query string shows [REDACTED], as the recordings do. */
const placeholder: SecretMask = (place) => (place.kind === 'arg' || place.kind === 'query' ? REDACTED : SECRET_PLACEHOLDER);

/** The profile's target with its secrets masked (shared/redaction/target-secrets.ts), by the profile's own marks. */
const shownTarget = (p: ProfileInput) => maskTarget(p.target, placeholder, { secretEnv: p.secretEnv, secretHeaders: p.secretHeaders }).target;

/**
 * The profile as the API shows it: secret values replaced by the placeholder — marked env vars and headers and those
 * named like a credential, the value of a secret-looking flag (`--api-key V`, `--token=V`), credential-shaped arguments,
 * a URL's password and secret query values, and an OAuth client secret.
 */
export function maskProfile(p: Profile): Profile {
  return { ...p, target: shownTarget(p) };
}

/** An edited profile whose secret fields still hold the placeholder (or the mask the API showed) gets the stored values back. */
export function unmaskProfile(edited: ProfileInput, stored: ProfileInput): ProfileInput {
  const t = edited.target;
  const s = stored.target;
  const shown = shownTarget(stored);
  if (t.transport === 'stdio' && s.transport === 'stdio' && shown.transport === 'stdio') {
    const env = Object.fromEntries(Object.entries(t.env).map(([k, v]) => [k, v === SECRET_PLACEHOLDER ? (s.env[k] ?? '') : v]));
    // An argument left as the API showed it keeps the stored value; an edited one is taken as typed.
    const args = t.args.map((a, i) => (a !== s.args[i] && a === shown.args[i] ? s.args[i]! : a));
    return { ...edited, target: { ...t, env, args } };
  }
  if (t.transport !== 'stdio' && s.transport !== 'stdio' && shown.transport !== 'stdio') {
    const headers = Object.fromEntries(Object.entries(t.headers).map(([k, v]) => [k, v === SECRET_PLACEHOLDER ? (s.headers[k] ?? '') : v]));
    const url = t.url !== s.url && t.url === shown.url ? s.url : t.url;
    const auth = t.auth?.clientSecret === SECRET_PLACEHOLDER ? { ...t.auth, clientSecret: s.auth?.clientSecret ?? '' } : t.auth;
    return { ...edited, target: { ...t, url, headers, ...(auth ? { auth } : {}) } };
  }
  return edited;
}
