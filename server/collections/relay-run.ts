// A collection run from the page: `mcpscope run` inside the relay, on a scratch connection to a live session's own
// target, recorded as a session linked back to the one under test, so each step's frames open in the inspector.
// Threat model: nothing new can be spawned here: the target is the live session's own (already started in this relay
// run, so already allowed), never one from the request, and the collection only names MCP requests. `${env.NAME}`
// is refused: the relay's environment is not the page's to read (a collection could send it to any server).
import { capabilitiesObject, declaredCapabilities } from '../../shared/answers/index.js';
import type { Collection, RunReport } from '../../shared/collections/collection-schema.js';
import { variableProblems } from '../../shared/collections/variables.js';
import type { Target } from '../../shared/relay-protocol.js';
import { installScriptedClient } from '../call/call-answers.js';
import { transportKind } from '../call/call-output.js';
import { CallSession } from '../call/call-session.js';
import type { CheckRecording } from '../check/check-host.js';
import { sessionName, storedTarget } from '../core/stored-target.js';
import { RelayError } from '../errors.js';
import { packageVersion } from '../package-root.js';
import { runCollection } from './run-collection.js';

export interface RelayRunInput {
  collection: Collection;
  target: Target;
  protocolVersion: string;
  timeoutMs: number;
  /** Records the connection as a scratch session (called before it starts, so it sees every frame). */
  record(): CheckRecording;
}

export async function runCollectionInRelay(o: RelayRunInput): Promise<RunReport> {
  const problems = variableProblems(o.collection, () => undefined);
  if (problems.length > 0)
    throw new RelayError(
      'BAD_REQUEST',
      `the collection cannot run here: ${problems.join('; ')} (\${env.…} is filled only by mcpscope run on the command line)`,
    );
  const session = new CallSession(o.target, { timeoutMs: o.timeoutMs, cancelOnTimeout: true });
  const { answers } = o.collection;
  if (answers) {
    const capabilities = capabilitiesObject(declaredCapabilities(answers));
    installScriptedClient(session.engine, { answers, capabilities });
    session.clientCapabilities = capabilities;
  }
  const recording = o.record();
  session.onFrame((f) => recording.append(f));
  const startedAt = new Date().toISOString();
  try {
    await session.start();
    const conn = await session.engine.connect({
      protocolVersion: o.protocolVersion,
      clientInfo: { name: 'mcpscope-run', version: packageVersion() },
      ...(session.clientCapabilities ? { capabilities: session.clientCapabilities } : {}),
      timeoutMs: Math.max(o.timeoutMs, 10_000),
    });
    const steps = await runCollection(o.collection, session, {
      env: () => undefined,
      timeoutMs: o.timeoutMs,
      bail: false,
      transport: transportKind(o.target),
      protocolVersion: conn.protocolVersion,
    });
    return {
      collection: o.collection.name,
      target: sessionName(storedTarget(o.target)),
      transport: transportKind(o.target),
      protocolVersion: conn.protocolVersion,
      startedAt,
      session: recording.id,
      steps,
    };
  } catch (err) {
    throw new RelayError('RUN_FAILED', `the collection could not run: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await session.close();
    recording.end(session.frames.length);
  }
}
