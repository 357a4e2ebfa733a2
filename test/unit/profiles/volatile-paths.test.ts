// volatileReason: the folders that vanish on their own (package runners' caches, one Node version of a version manager,
// temporary folders) are named with the reason, on every platform's spelling; a path that stays is not.
import { describe, expect, it } from 'vitest';
import { volatileReason } from '../../../shared/profiles/volatile-paths.js';

describe('volatileReason', () => {
  it.each([
    ['/home/ann/.npm/_npx/6a9c1e/node_modules/.bin/mcp-server-everything', 'npx'],
    ['C:\\Users\\Ann\\AppData\\Local\\npm-cache\\_npx\\6a9c1e\\node_modules\\pkg\\index.js', 'npx'],
    ['/home/ann/.nvm/versions/node/v20.19.0/bin/node', 'nvm'],
    ['/Users/ann/.local/state/fnm_multishells/123_456/bin/node', 'fnm'],
    ['/home/ann/.local/share/fnm/node-versions/v22.1.0/installation/bin/node', 'fnm'],
    ['/home/ann/.volta/tools/image/node/20.11.0/bin/node', 'Volta'],
    ['/home/ann/.asdf/installs/nodejs/20.11.0/bin/node', 'asdf'],
    ['/home/ann/.local/share/mise/installs/node/22/bin/node', 'mise'],
    ['/tmp/mcpscope/bin/mcpscope.js', 'temporary'],
    ['C:\\Users\\Ann\\AppData\\Local\\Temp\\x\\server.exe', 'temporary'],
  ])('names %s as volatile (%s)', (path, word) => {
    expect(volatileReason(path)).toContain(word);
  });

  it.each([
    '/usr/bin/node',
    '/usr/local/lib/node_modules/mcpscope/bin/mcpscope.js',
    'C:\\Program Files\\nodejs\\node.exe',
    'npx',
    '/home/ann/project/node_modules/.bin/srv',
  ])('leaves %s alone', (path) => {
    expect(volatileReason(path)).toBeNull();
  });

  it("counts this machine's own temporary folder, but never the root", () => {
    expect(volatileReason('/var/folders/x1/T/srv/index.js', ['/var/folders/x1/T/'])).toContain('temporary');
    expect(volatileReason('/var/folders/x1/Tee/index.js', ['/var/folders/x1/T'])).toBeNull();
    expect(volatileReason('/usr/bin/node', ['/'])).toBeNull();
  });
});
