// The import-direction rules of eslint.config.js for server/'s rooms (docs/architecture.md, "server/ by job"), run
// through ESLint itself on small texts placed in each room: what goes up the lines is an error, what goes down is not.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The messages of the layer rules for `text` as if it were the file at `path` (which need not exist). */
async function layerErrors(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${text}\nexport {};\n`, { filePath: path });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe("server/'s rooms import only downward", () => {
  it('a store module importing the relay, a transport, core or the entry is refused, statically and with import()', async () => {
    const errors = await layerErrors(
      'server/store/example.ts',
      [
        "import { Hub } from '../relay/hub.js';",
        "import type { Transport } from '../transports/transport.js';",
        "export { messageFrame } from '../core/frame-factory.js';",
        "await import('../cli.js');",
        "await import('../commands/index.js');",
      ].join('\n'),
    );
    expect(errors).toHaveLength(5);
    expect(errors[0]).toMatch(/server\/store imports none of .*relay.*: imports run one way/);
  });

  it('a module deeper in a room is held to its room', async () => {
    expect(await layerErrors('server/store/archive/example.ts', "import { Hub } from '../../relay/hub.js';")).toHaveLength(1);
    expect(await layerErrors('server/relay/routes/example.ts', "import { run } from '../../commands/index.js';")).toHaveLength(1);
    expect(
      await layerErrors(
        'server/relay/routes/example.ts',
        "import { messageFrame } from '../../core/frame-factory.js';\nimport { Recorder } from '../../store/recorder.js';",
      ),
    ).toEqual([]);
  });

  it('the rooms beside each other and below are allowed: core uses oauth and transports, check uses call, the relay the tap', async () => {
    expect(
      await layerErrors(
        'server/core/example.ts',
        "import { OAuthAuthorizer } from '../oauth/oauth-authorizer.js';\nimport { LineBuffer } from '../transports/line-buffer.js';",
      ),
    ).toEqual([]);
    expect(
      await layerErrors('server/check/example.ts', "import { CallSession } from '../call/call-session.js';\nimport { now } from '../store/clock.js';"),
    ).toEqual([]);
    expect(
      await layerErrors('server/relay/example.ts', "import { TapWatcher } from '../tap/tap-watcher.js';\nconst m = await import('../check/check-run.js');"),
    ).toEqual([]);
    expect(await layerErrors('server/commands/example.ts', "import { SessionManager } from '../relay/session-manager.js';")).toEqual([]);
    // collections/ (`mcpscope run`) sits beside call/ and check/: their sessions and recordings are its to use.
    expect(
      await layerErrors(
        'server/collections/example.ts',
        "import { CallSession } from '../call/call-session.js';\nimport { recordCheckConnection } from '../check/check-recording.js';",
      ),
    ).toEqual([]);
  });

  it('fuzz sits beside call and check: it uses them and the store, and neither the relay nor a command', async () => {
    expect(
      await layerErrors(
        'server/fuzz/example.ts',
        "import { CallSession } from '../call/call-session.js';\nimport { toolPolicy } from '../check/check-args.js';\nconst r = await import('../store/recorder.js');",
      ),
    ).toEqual([]);
    expect(await layerErrors('server/fuzz/example.ts', "import { Hub } from '../relay/hub.js';\nimport { run } from '../commands/fuzz.js';")).toHaveLength(2);
    expect(await layerErrors('server/relay/example.ts', "const m = await import('../fuzz/fuzz-campaign.js');")).toEqual([]);
  });

  it('the features never import the relay or the commands, and the relay never the commands or the entry', async () => {
    expect(await layerErrors('server/tap/example.ts', "import type { SessionManager } from '../relay/session-manager.js';")).toHaveLength(1);
    expect(await layerErrors('server/call/example.ts', "import { run } from '../commands/call.js';")).toHaveLength(1);
    expect(await layerErrors('server/collections/example.ts', "import { run } from '../commands/run.js';\nawait import('../relay/app.js');")).toHaveLength(2);
    expect(await layerErrors('server/relay/example.ts', "import { run } from '../commands/index.js';\nawait import('../cli.js');")).toHaveLength(2);
    expect(await layerErrors('server/commands/example.ts', "await import('../cli.js');")).toHaveLength(1);
  });

  it('the model room uses call/ beside it and the store below, and imports neither the relay nor a command', async () => {
    expect(
      await layerErrors(
        'server/model/example.ts',
        "import { CallSession } from '../call/call-session.js';\nimport { SecretStore } from '../store/secret-store.js';",
      ),
    ).toEqual([]);
    expect(await layerErrors('server/model/example.ts', "import { Hub } from '../relay/hub.js';\nawait import('../commands/chat.js');")).toHaveLength(2);
    expect(await layerErrors('server/relay/example.ts', "const m = await import('../model/relay-chat.js');")).toEqual([]);
  });

  it('transports may name the OAuth authorizer as a type, and nothing of oauth/ at run time, nor the store', async () => {
    expect(await layerErrors('server/transports/example.ts', "import type { OAuthAuthorizer } from '../oauth/oauth-authorizer.js';")).toEqual([]);
    expect(await layerErrors('server/transports/example.ts', "import { OAuthAuthorizer } from '../oauth/oauth-authorizer.js';")).toHaveLength(1);
    expect(await layerErrors('server/transports/example.ts', "import { Recorder } from '../store/recorder.js';")).toHaveLength(1);
    expect(await layerErrors('server/cli/example.ts', "import { LineBuffer } from '../transports/line-buffer.js';")).toEqual([]);
    expect(await layerErrors('server/cli/example.ts', "import { createTransport } from '../core/create-transport.js';")).toHaveLength(1);
  });

  it('traces/ sits beside call and check: it reads bundles and the store, and imports neither the relay nor a command', async () => {
    expect(
      await layerErrors(
        'server/traces/example.ts',
        "import { bundleEvents } from '../bundles/bundle-stream.js';\nconst r = await import('../store/recorder.js');\nimport { OTLP_FLAGS } from '../cli/trace-flags.js';",
      ),
    ).toEqual([]);
    expect(await layerErrors('server/traces/example.ts', "import { Hub } from '../relay/hub.js';\nawait import('../commands/export.js');")).toHaveLength(2);
    expect(await layerErrors('server/commands/example.ts', "const t = await import('../traces/session-tracing.js');")).toEqual([]);
  });

  it('the floor imports no room, and the entry may import any', async () => {
    expect(
      await layerErrors('server/errors.ts', "import { Recorder } from './store/recorder.js';\nawait import('./relay/app.js');\nawait import('./cli.js');"),
    ).toHaveLength(3);
    expect(await layerErrors('server/errors.ts', "import { isPlainObject } from '../shared/jsonrpc.js';")).toEqual([]);
    expect(await layerErrors('server/cli.ts', "import { run } from './commands/index.js';\nawait import('./relay/app.js');")).toEqual([]);
  });
});
