// Held traffic (the page's 'sent' answers and echoes waiting for the reply): the one timer, left armed across round
// trips, releases a hold only once that hold is HOLD_MS old, however late in the timer's wait it began.
import { describe, expect, it } from 'vitest';
import { HeldTraffic } from '../../../server/relay/held-traffic.js';

const until = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('held traffic', () => {
  it('releases a hold that began while the timer waited only once it is 4 ms old, and a taken one never', async () => {
    const released: number[] = [];
    const client = { held: [] as string[] };
    const holding = new HeldTraffic<typeof client>((c) => {
      released.push(performance.now());
      holding.take(c);
    });
    holding.hold(client, 'sent 1');
    await until(1);
    // The reply came: what was held leaves with it, and the timer stays armed.
    expect(holding.take(client)).toEqual(['sent 1']);
    await until(1);
    const second = performance.now();
    holding.hold(client, 'sent 2');
    expect(holding.has(client)).toBe(true);
    while (released.length === 0 && performance.now() - second < 200) await until(1);
    expect(released).toHaveLength(1);
    expect(released[0]! - second).toBeGreaterThanOrEqual(3.9);
    expect(holding.has(client)).toBe(false);
    await until(10);
    expect(released).toHaveLength(1);
  });
});
