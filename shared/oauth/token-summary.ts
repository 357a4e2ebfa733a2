// What the page may know about stored OAuth credentials: which servers have some, never the secrets themselves.
import { z } from 'zod';

export const OAuthTokenSummarySchema = z.object({
  serverUrl: z.string(),
  issuer: z.string(),
  clientId: z.string().nullable(),
  /** pre-registered, metadata-document or registered; null when only tokens are stored (a pre-registered client). */
  clientHow: z.string().nullable(),
  /** The access token masked: its scheme-free length only. */
  accessToken: z.string().nullable(),
  hasRefreshToken: z.boolean(),
  scope: z.string().nullable(),
  /** Epoch ms. */
  expiresAt: z.number().nullable(),
  updatedAt: z.number(),
  /** The saved profile they belong to; null for targets not from a profile. */
  profileId: z.string().nullable(),
});
export type OAuthTokenSummary = z.infer<typeof OAuthTokenSummarySchema>;

export const PendingAuthorizationSchema = z.object({
  flow: z.string(),
  /** The full URL to open (state included): served only to the token-holding page, never recorded. */
  authorizationUrl: z.string(),
  redirectUri: z.string(),
  startedAt: z.number(),
});
export type PendingAuthorization = z.infer<typeof PendingAuthorizationSchema>;
