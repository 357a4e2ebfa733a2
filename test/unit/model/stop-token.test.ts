import { describe, expect, it } from 'vitest';
import { stopToken } from '../../../shared/model/stop-token.js';

describe('stopToken', () => {
  it('runs each listener once on the first fire, none that was forgotten, and nothing on a second fire', () => {
    const heard: string[] = [];
    const t = stopToken();
    t.onStop(() => heard.push('a'));
    const forget = t.onStop(() => heard.push('b'));
    forget();
    expect(t.stopped).toBe(false);
    expect(t.fire()).toBe(true);
    expect(t.stopped).toBe(true);
    expect(t.fire()).toBe(false);
    expect(heard).toEqual(['a']);
  });

  it('runs a listener added after the stop at once', () => {
    const t = stopToken();
    t.fire();
    let ran = 0;
    t.onStop(() => ran++);
    expect(ran).toBe(1);
  });
});
