// The Overview tab: the server's identity, negotiated version, capabilities (explained), instructions, and ping.
import type { ReactNode } from 'react';
import { useMcpSession } from '../../api/use-mcp-session.js';
import { CapabilityList } from './capability-list.js';
import { PingButton } from './ping-button.js';
import { ServerIdentity } from './server-identity.js';
import { MarkdownText } from '../../components/markdown-text.js';

export function OverviewPanel({ sessionId, onSelect }: { sessionId: string; onSelect: (seq: number) => void }) {
  const mcp = useMcpSession(sessionId);
  const instructions = mcp.handshake?.result.instructions;
  return (
    <section data-testid="overview-panel" className="min-h-0 flex-1 space-y-3 overflow-auto p-3">
      {mcp.handshake ? (
        <ServerIdentity handshake={mcp.handshake} />
      ) : (
        <p className="text-dim">
          {mcp.live ? 'No initialize exchange in this log yet: the overview fills in once the server answers one.' : 'The session is not live.'}
        </p>
      )}
      <PingButton sessionId={sessionId} live={mcp.live} modern={mcp.era === 'modern'} onSelect={onSelect} />
      {mcp.handshake && (
        <>
          <Section title="Capabilities">
            <CapabilityList capabilities={mcp.capabilities} />
          </Section>
          <Section title="Instructions">
            {typeof instructions === 'string' && instructions !== '' ? (
              <MarkdownText text={instructions} testId="instructions" className="break-words" />
            ) : (
              <p className="text-dim">None given.</p>
            )}
          </Section>
        </>
      )}
    </section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-1 text-[10px] tracking-wide text-dim uppercase">{title}</h3>
      {children}
    </div>
  );
}
