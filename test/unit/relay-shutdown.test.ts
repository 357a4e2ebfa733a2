import { describe, expect, it } from 'vitest';
import { shutDown, type ShutdownSteps } from '../../server/relay/relay-shutdown.js';

function steps(over: Partial<ShutdownSteps>) {
  const done: string[] = [];
  const exits: number[] = [];
  const s: ShutdownSteps = {
    stopSessions: async () => void done.push('stop'),
    close: [() => void done.push('server'), () => void done.push('store')],
    killAll: () => void done.push('kill'),
    exit: (code) => void exits.push(code),
    log: (m) => void done.push(`log: ${m}`),
    hardMs: 5000,
    ...over,
  };
  return { s, done, exits };
}

describe('the relay shutdown sequence', () => {
  it('stops, closes, kills what is left and exits 0 when every step works', async () => {
    const { s, done, exits } = steps({});
    await shutDown(s);
    expect(done).toEqual(['stop', 'server', 'store', 'kill']);
    expect(exits).toEqual([0]);
  });

  it('still closes the server and the store, and exits 1, when stopping the sessions throws', async () => {
    const { s, done, exits } = steps({
      stopSessions: async () => {
        throw new Error('stop blew up');
      },
    });
    await shutDown(s);
    expect(done).toEqual(['log: stopping the sessions failed: stop blew up', 'server', 'store', 'kill']);
    expect(exits).toEqual([1]);
  });

  it('exits 1 after the other steps when closing the store throws', async () => {
    const { s, done, exits } = steps({});
    s.close = [
      () => {
        throw new Error('database is locked');
      },
      () => void done.push('store'),
    ];
    await shutDown(s);
    expect(done).toEqual(['stop', 'log: closing failed: database is locked', 'store', 'kill']);
    expect(exits).toEqual([1]);
  });

  it('leaves at the deadline, killing the children, when stopping the sessions never finishes, and exits only once', async () => {
    let release!: () => void;
    const { s, done, exits } = steps({ hardMs: 50, stopSessions: () => new Promise<void>((r) => (release = r)) });
    const running = shutDown(s);
    await new Promise((r) => setTimeout(r, 200));
    expect(exits).toEqual([1]);
    expect(done).toEqual(['log: stopping took over 50 ms; leaving anyway', 'kill']);
    release();
    await running;
    expect(exits).toEqual([1]);
  });
});
