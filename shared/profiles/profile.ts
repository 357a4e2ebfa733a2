// A saved server profile: connection settings plus which env vars and headers are secret. Declared once, here.
import { z } from 'zod';
import { DEFAULT_PROTOCOL_VERSION } from '../mcp-versions.js';
import { TargetSchema } from '../relay-protocol.js';

/** legacy: initialize handshake; modern: 2026-07-28 stateless; auto: probe with server/discover, fall back. */
export const ERAS = ['legacy', 'auto', 'modern'] as const;
export type Era = (typeof ERAS)[number];

export const ProfileInputSchema = z.object({
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
export type ProfileInput = z.infer<typeof ProfileInputSchema>;

export const ProfileSchema = ProfileInputSchema.extend({
  id: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** What the relay sends in place of a secret value; sending it back unchanged keeps the stored value. */
export const SECRET_PLACEHOLDER = '••••••';

/** The profile as the API shows it: secret values replaced by the placeholder. */
export function maskProfile(p: Profile): Profile {
  const t = p.target;
  if (t.transport === 'stdio') {
    const env = Object.fromEntries(Object.entries(t.env).map(([k, v]) => [k, p.secretEnv.includes(k) && v !== '' ? SECRET_PLACEHOLDER : v]));
    return { ...p, target: { ...t, env } };
  }
  const secret = new Set(p.secretHeaders.map((h) => h.toLowerCase()));
  const headers = Object.fromEntries(Object.entries(t.headers).map(([k, v]) => [k, secret.has(k.toLowerCase()) && v !== '' ? SECRET_PLACEHOLDER : v]));
  return { ...p, target: { ...t, headers } };
}

/** An edited profile whose secret fields still hold the placeholder gets the stored values back. */
export function unmaskProfile(edited: ProfileInput, stored: ProfileInput): ProfileInput {
  const t = edited.target;
  const s = stored.target;
  if (t.transport === 'stdio' && s.transport === 'stdio') {
    const env = Object.fromEntries(Object.entries(t.env).map(([k, v]) => [k, v === SECRET_PLACEHOLDER ? (s.env[k] ?? '') : v]));
    return { ...edited, target: { ...t, env } };
  }
  if (t.transport !== 'stdio' && s.transport !== 'stdio') {
    const headers = Object.fromEntries(Object.entries(t.headers).map(([k, v]) => [k, v === SECRET_PLACEHOLDER ? (s.headers[k] ?? '') : v]));
    return { ...edited, target: { ...t, headers } };
  }
  return edited;
}
