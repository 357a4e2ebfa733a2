// Who the server says it is (serverInfo), which era and protocol version the handshake settled on, and how.
import { isPlainObject } from '../../../shared/jsonrpc.js';
import { SafeLink } from '../../components/safe-link.js';
import { ServerIcon } from '../../components/server-icon.js';
import type { HandshakeResult } from '../../lib/mcp/handshake-result.js';

export function ServerIdentity({ handshake }: { handshake: HandshakeResult }) {
  const info = isPlainObject(handshake.result.serverInfo) ? handshake.result.serverInfo : {};
  const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v));
  const negotiated = text(handshake.result.protocolVersion);
  const offered = handshake.offeredVersion;
  return (
    <div data-testid="server-identity" className="space-y-0.5">
      <div className="flex items-center gap-2">
        <ServerIcon icons={info.icons} size={20} />
        <span className="text-sm font-semibold">{text(info.title) || text(info.name) || '(no name)'}</span>
        <span className="font-mono text-dim">{text(info.name)}</span>
        <span className="font-mono">{text(info.version)}</span>
      </div>
      {typeof info.description === 'string' && <p className="text-dim">{info.description}</p>}
      {info.websiteUrl !== undefined && <SafeLink href={info.websiteUrl} />}
      <p data-testid="session-era">
        Era <code className="font-semibold">{handshake.era}</code>
        <span className="text-dim">
          {handshake.era === 'modern'
            ? ` — server/discover (#${handshake.requestSeq}) was answered: every request carries the 2026 _meta keys`
            : ` — initialize (#${handshake.requestSeq}) was answered`}
        </span>
        {handshake.probe !== null && (
          <span data-testid="era-probe" className="block text-amber-300">
            auto probe: {handshake.probe}
          </span>
        )}
      </p>
      <p>
        Protocol version{' '}
        <code data-testid="negotiated-version" className="font-semibold">
          {negotiated || '(missing)'}
        </code>
        {offered !== null && offered !== negotiated && (
          <span className="text-amber-300"> — mcpscope offered {offered}; the server answered with a different version.</span>
        )}
        {offered !== null && offered === negotiated && <span className="text-dim"> (as offered)</span>}
      </p>
    </div>
  );
}
