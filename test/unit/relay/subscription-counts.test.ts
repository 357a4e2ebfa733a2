// The page's subscription counts: the relay hears subscribe on the first holder and unsubscribe on the last only.
import { describe, expect, it } from 'vitest';
import { SubscriptionCounts } from '../../../web/lib/relay/subscription-counts.js';

describe('subscription counts', () => {
  it('asks the relay to subscribe only for the first holder of a session', () => {
    const counts = new SubscriptionCounts();
    expect(counts.add('scratch')).toBe(true);
    expect(counts.add('scratch')).toBe(false);
    expect(counts.add('other')).toBe(true);
    expect([...counts.sessions()]).toEqual(['scratch', 'other']);
  });

  it('keeps the session subscribed until its last holder lets go', () => {
    const counts = new SubscriptionCounts();
    counts.add('scratch'); // the fault lab
    counts.add('scratch'); // the detail showing the scratch session's log
    expect(counts.remove('scratch')).toBe(false);
    expect(counts.has('scratch')).toBe(true);
    expect(counts.remove('scratch')).toBe(true);
    expect(counts.has('scratch')).toBe(false);
    expect([...counts.sessions()]).toEqual([]);
  });

  it('ignores a release of a session nobody holds, so an extra unsubscribe cannot end another holder’s stream later', () => {
    const counts = new SubscriptionCounts();
    expect(counts.remove('never')).toBe(false);
    counts.add('s');
    expect(counts.remove('s')).toBe(true);
    expect(counts.remove('s')).toBe(false);
    expect(counts.add('s')).toBe(true);
  });
});
