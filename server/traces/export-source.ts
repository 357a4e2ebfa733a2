// What `mcpscope export` reads: a bundle file (its transcript, relay events included) or a session in the data dir's
// store (by id, or by name when one session has it), as frames with the session's name and target transport.
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { FrameRecord, Target } from '../../shared/relay-protocol.js';

export interface ExportSource {
  name: string;
  transport: Target['transport'];
  frames: FrameRecord[];
}

async function fromBundle(path: string): Promise<ExportSource> {
  const { bundleEvents } = await import('../bundles/bundle-stream.js');
  const frames: FrameRecord[] = [];
  let name = path;
  let transport: Target['transport'] = 'stdio';
  for await (const ev of bundleEvents(createReadStream(path))) {
    if (ev.type === 'header') {
      name = ev.header.session.name;
      transport = ev.header.target.transport;
    } else if (ev.type === 'frame') frames.push(ev.frame);
  }
  return { name, transport, frames };
}

async function fromStore(dataDir: string, ref: string): Promise<ExportSource> {
  const { Recorder } = await import('../store/recorder.js');
  const { iterateFrames } = await import('../store/archive/frame-cursor.js');
  const recorder = new Recorder(dataDir, { inline: true });
  try {
    const byId = recorder.getSession(ref);
    const byName = byId ? [] : recorder.listSessions().filter((s) => s.name === ref);
    if (!byId && byName.length > 1) throw new Error(`${byName.length} sessions are named "${ref}": give its id (${byName.map((s) => s.id).join(', ')})`);
    const session = byId ?? byName[0];
    if (!session) throw new Error(`"${ref}" is neither a bundle file nor a session id or name in ${dataDir}`);
    const frames: FrameRecord[] = [];
    for await (const f of iterateFrames(recorder, session.id)) frames.push(f);
    return { name: session.name, transport: session.target.transport, frames };
  } finally {
    recorder.close();
  }
}

export function readExportSource(ref: string, dataDir: string): Promise<ExportSource> {
  return existsSync(ref) && statSync(ref).isFile() ? fromBundle(ref) : fromStore(dataDir, ref);
}
