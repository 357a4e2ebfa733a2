// A check context on scripted connections for the check suite's unit tests: the main connection handshaken in `era`,
// each fresh one a new connection to the same script unless a test gives its own `fresh`.
import type { CheckContext } from '../../../shared/check/index.js';
import type { TransportKind } from '../../../shared/lint/lint-types.js';
import { toolPolicy } from '../../../server/check/check-args.js';
import { scriptedConnection, type Script } from '../../helpers/scripted-peer.js';

export async function scriptedContext(
  script: Script,
  o: { era?: 'legacy' | 'modern'; transport?: TransportKind; fresh?: CheckContext['fresh'] } = {},
): Promise<CheckContext> {
  const main = scriptedConnection('check', script);
  const connection = await main.engine.connect({ era: o.era ?? 'legacy', clientInfo: { name: 't', version: '1' }, capabilities: {}, timeoutMs: 300 });
  return {
    main,
    connection,
    transport: o.transport ?? 'stdio',
    timeoutMs: 300,
    mayCall: toolPolicy(null),
    fresh: o.fresh ?? (async (name) => scriptedConnection(name, script)),
    facts: new Map(),
  };
}
