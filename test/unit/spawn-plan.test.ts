import { describe, expect, it } from 'vitest';
import { serverSpawnOptions, treeKillCommand } from '../../server/transports/spawn-plan.js';

describe('how a stdio server is spawned on each platform', () => {
  it('leads its own process group on POSIX, so the tree can be signalled at once, and hides no window there', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      expect(serverSpawnOptions('/srv', { A: '1' }, platform)).toEqual({ cwd: '/srv', env: { A: '1' }, stdio: 'pipe', windowsHide: true, detached: true });
    }
  });

  it('is not detached on Windows, where that would open a console, and hides its window', () => {
    expect(serverSpawnOptions(undefined, {}, 'win32')).toMatchObject({ detached: false, windowsHide: true });
  });

  it('ends a Windows tree with taskkill /T /F on the leader', () => {
    expect(treeKillCommand(4242)).toEqual({ command: 'taskkill', args: ['/pid', '4242', '/T', '/F'] });
  });
});
