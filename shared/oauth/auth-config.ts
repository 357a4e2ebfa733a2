// How a remote target authenticates with OAuth: the user's choices (client identity, scope, how the person is asked).
import { z } from 'zod';
import { OAUTH_GRANTS, OAUTH_OPEN_MODES } from './auth-choices.js';

export const OAuthConfigSchema = z.object({
  type: z.literal('oauth'),
  grant: z.enum(OAUTH_GRANTS).optional(),
  /** A pre-registered client; without it the client is a metadata document URL, or registers itself (RFC 7591). */
  clientId: z.string().min(1).optional(),
  /** The pre-registered client's secret. Never recorded: stored targets show it masked. */
  clientSecret: z.string().min(1).optional(),
  /**
   * client_credentials with private_key_jwt (RFC 7523): the path of the client's PEM (PKCS #8) private key, read when
   * the token is requested. A path, never the key, sits in a target; bundles drop it (a recipe must not pick a key).
   */
  clientKeyFile: z.string().min(1).optional(),
  /** The JWT signing algorithm for clientKeyFile (default: the first the authorization server lists, else RS256). */
  signingAlg: z.string().min(1).optional(),
  /** Client ID Metadata Document (2025-11-25): an https URL that is the client_id and serves the client's metadata. */
  clientMetadataUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** Asked for in place of the scope the server's challenge or metadata suggests. */
  scope: z.string().min(1).optional(),
  open: z.enum(OAUTH_OPEN_MODES).optional(),
  /** False: tokens live only as long as the connection (nothing written to the data directory). */
  tokenCache: z.boolean().optional(),
  /** The loopback port of the CLI's redirect URI (a pre-registered client names one); unset: any free port. */
  callbackPort: z.number().int().min(1).max(65535).optional(),
});
export type OAuthConfig = z.infer<typeof OAuthConfigSchema>;
