// The target form's OAuth options: on a 401, either a person approves (authorization code: client identity optional,
// scope, how the URL is opened) or the client acts for itself (client credentials, SEP-1046: a pre-registered id with
// its secret or a private key file on the relay's machine, and scope). Secrets are password fields; a saved profile
// keeps them in the secrets file like its other secrets.
import { TextField } from '../../components/text-field.js';
import type { TargetDraft } from './target-draft.js';

interface Props {
  draft: TargetDraft;
  set: (patch: Partial<TargetDraft>) => void;
}

const field = 'control font-mono';

export function TargetOAuthFields({ draft, set }: Props) {
  const credentials = draft.grant === 'client_credentials';
  return (
    <div className="col-span-3 flex flex-wrap items-center gap-2">
      <label className="flex items-center gap-1">
        <input type="checkbox" data-testid="target-oauth" checked={draft.oauth ?? false} onChange={(e) => set({ oauth: e.target.checked })} />
        <span>OAuth when the server answers 401 (steps in the Auth tab)</span>
      </label>
      {draft.oauth && (
        <>
          <select
            data-testid="target-oauth-grant"
            className="control"
            aria-label="OAuth grant"
            value={draft.grant ?? 'authorization_code'}
            onChange={(e) => set({ grant: e.target.value === 'client_credentials' ? 'client_credentials' : 'authorization_code' })}
          >
            <option value="authorization_code">a person approves (authorization code)</option>
            <option value="client_credentials">client credentials (no person)</option>
          </select>
          <TextField
            label="client id"
            testId="target-client-id"
            className={`${field} w-40`}
            value={draft.clientId ?? ''}
            onChange={(clientId) => set({ clientId })}
            placeholder={credentials ? 'client id' : 'client id (optional)'}
            verbatim
          />
          <TextField
            label="client secret"
            testId="target-client-secret"
            secret
            className={`${field} w-40`}
            value={draft.clientSecret ?? ''}
            onChange={(clientSecret) => set({ clientSecret })}
            placeholder="client secret"
          />
          {credentials ? (
            <TextField
              label="private key file"
              testId="target-client-key"
              className={`${field} w-64`}
              value={draft.clientKeyFile ?? ''}
              onChange={(clientKeyFile) => set({ clientKeyFile })}
              placeholder="or private key file (PEM, private_key_jwt)"
              title="The path of the client's PEM (PKCS #8) private key on the relay's machine: the token request is authenticated with a JWT it signs (RFC 7523), in place of a secret"
              verbatim
            />
          ) : (
            <TextField
              label="client metadata document URL"
              testId="target-client-metadata-url"
              className={`${field} w-64`}
              value={draft.clientMetadataUrl ?? ''}
              onChange={(clientMetadataUrl) => set({ clientMetadataUrl })}
              placeholder="or client metadata document URL"
              verbatim
            />
          )}
          <TextField
            label="scope"
            testId="target-scope"
            className={`${field} w-40`}
            value={draft.scope ?? ''}
            onChange={(scope) => set({ scope })}
            placeholder="scope (default: the server's)"
            verbatim
          />
          {!credentials && (
            <select
              data-testid="target-oauth-open"
              className="control"
              aria-label="how the authorization URL is opened"
              value={draft.oauthOpen ?? 'browser'}
              onChange={(e) => set({ oauthOpen: e.target.value === 'fetch' ? 'fetch' : 'browser' })}
            >
              <option value="browser">approve in a new tab</option>
              <option value="fetch">relay fetches the URL (no person)</option>
            </select>
          )}
        </>
      )}
    </div>
  );
}
