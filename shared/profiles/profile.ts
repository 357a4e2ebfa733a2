// A saved server profile: connection settings plus which env vars and headers are secret. Declared once, here.
import { z } from 'zod';
import { DEFAULT_PROTOCOL_VERSION } from '../mcp-versions.js';
import { maskSecretArgs } from '../redaction/secret-args.js';
import { replaceUrlPassword } from '../redaction/url-password.js';
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

/** A URL with its userinfo password (http://user:secret@host/) shown as the placeholder; other URLs unchanged. */
const maskUrlPassword = (href: string): string => replaceUrlPassword(href, SECRET_PLACEHOLDER);

/**
 * The profile as the API shows it: secret values replaced by the placeholder — marked env vars and headers, the value
 * of a secret-looking flag (`--api-key V`, `--token=V`), a URL's password and an OAuth client secret.
 */
export function maskProfile(p: Profile): Profile {
  const t = p.target;
  if (t.transport === 'stdio') {
    const env = Object.fromEntries(Object.entries(t.env).map(([k, v]) => [k, p.secretEnv.includes(k) && v !== '' ? SECRET_PLACEHOLDER : v]));
    return { ...p, target: { ...t, env, args: maskSecretArgs(t.args) } };
  }
  const secret = new Set(p.secretHeaders.map((h) => h.toLowerCase()));
  const headers = Object.fromEntries(Object.entries(t.headers).map(([k, v]) => [k, secret.has(k.toLowerCase()) && v !== '' ? SECRET_PLACEHOLDER : v]));
  const auth = t.auth?.clientSecret ? { ...t.auth, clientSecret: SECRET_PLACEHOLDER } : t.auth;
  return { ...p, target: { ...t, url: maskUrlPassword(t.url), headers, ...(auth ? { auth } : {}) } };
}

/** An edited profile whose secret fields still hold the placeholder (or the mask the API showed) gets the stored values back. */
export function unmaskProfile(edited: ProfileInput, stored: ProfileInput): ProfileInput {
  const t = edited.target;
  const s = stored.target;
  if (t.transport === 'stdio' && s.transport === 'stdio') {
    const env = Object.fromEntries(Object.entries(t.env).map(([k, v]) => [k, v === SECRET_PLACEHOLDER ? (s.env[k] ?? '') : v]));
    // An argument left as the API showed it keeps the stored value; an edited one is taken as typed.
    const shown = maskSecretArgs(s.args);
    const args = t.args.map((a, i) => (a !== s.args[i] && a === shown[i] ? s.args[i]! : a));
    return { ...edited, target: { ...t, env, args } };
  }
  if (t.transport !== 'stdio' && s.transport !== 'stdio') {
    const headers = Object.fromEntries(Object.entries(t.headers).map(([k, v]) => [k, v === SECRET_PLACEHOLDER ? (s.headers[k] ?? '') : v]));
    const url = t.url !== s.url && t.url === maskUrlPassword(s.url) ? s.url : t.url;
    const auth = t.auth?.clientSecret === SECRET_PLACEHOLDER ? { ...t.auth, clientSecret: s.auth?.clientSecret ?? '' } : t.auth;
    return { ...edited, target: { ...t, url, headers, ...(auth ? { auth } : {}) } };
  }
  return edited;
}
