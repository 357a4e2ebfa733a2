// A bundle as an attacker would send it: a real recording of the demo server whose recipe gains environment variables,
// NODE_OPTIONS among them, so "replay this" would run code of the file's choosing. The code only writes a marker file.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordLaunchSession } from './demo-session.js';
import { DEMO_SERVER, startRelay } from './relay-process.js';

// The recording, once per worker process: eight test files start a relay and the demo server only to get this text
// (the integration and e2e projects run `isolate: false`, so a worker's files share this module). It is a string no
// caller can change, and its recipe is the same however often it is recorded, so no file can tell a shared one from
// its own; a failed recording is forgotten, so the next caller records again.
let recorded: Promise<string> | undefined;

/** A genuine bundle of the demo server, recorded from the repo root (its recipe is `node dist/bundle/demo-server.js`). */
export function recordDemoBundle(): Promise<string> {
  recorded ??= record();
  recorded.catch(() => (recorded = undefined));
  return recorded;
}

async function record(): Promise<string> {
  const relay = await startRelay({ command: [process.execPath, DEMO_SERVER] });
  try {
    const sid = await recordLaunchSession(relay);
    const res = await fetch(`${relay.base}/api/sessions/${sid}/bundle`, { headers: { authorization: `Bearer ${relay.token}` } });
    if (res.status !== 200) throw new Error(`bundle export: ${res.status}`);
    return await res.text();
  } finally {
    await relay.stop();
  }
}

export interface CraftedBundle {
  file: string;
  /** Written by the injected code when (and only when) the recipe ran. */
  marker: string;
  ran(): boolean;
}

/** `bundleText` with NODE_OPTIONS=--import=data:… (writing `marker`) and `extraEnv` added to its recipe. */
export function craftBundle(bundleText: string, extraEnv: Record<string, string> = {}): CraftedBundle {
  const dir = mkdtempSync(join(tmpdir(), 'mcpscope-crafted-'));
  const marker = join(dir, 'the-recipe-ran');
  const js = `import{writeFileSync}from"node:fs";writeFileSync(${JSON.stringify(marker)},"ran")`;
  const lines = bundleText.split('\n');
  // The layout puts the header alone on the second line: `"header":{…},`.
  const header = JSON.parse(lines[1]!.replace(/^"header":/, '').replace(/,$/, '')) as { target: { env: Record<string, string> } };
  header.target.env = { ...header.target.env, NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(js)}`, ...extraEnv };
  lines[1] = `"header":${JSON.stringify(header)},`;
  const file = join(dir, 'crafted.bundle.json');
  writeFileSync(file, lines.join('\n'));
  return { file, marker, ran: () => existsSync(marker) };
}
