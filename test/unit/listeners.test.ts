import { describe, expect, it } from 'vitest';
import { Listeners } from '../../shared/listeners.js';

describe('Listeners', () => {
  it('calls each listener with the arguments, in the order they were added, and stops after removal', () => {
    const heard: string[] = [];
    const l = new Listeners<[string]>();
    const offA = l.add((x) => heard.push(`a${x}`));
    l.add((x) => heard.push(`b${x}`));
    l.emit('1');
    offA();
    l.emit('2');
    expect(heard).toEqual(['a1', 'b1', 'b2']);
    expect(l.size).toBe(1);
  });

  it('lets a listener remove itself and add another during an emit, without calling the new one in that emit', () => {
    const heard: string[] = [];
    const l = new Listeners();
    const off = l.add(() => {
      heard.push('once');
      off();
      l.add(() => heard.push('later'));
    });
    l.emit();
    l.emit();
    expect(heard).toEqual(['once', 'later']);
  });

  it('keeps one entry for a listener added twice, and its add is bound so it can be passed on', () => {
    const l = new Listeners();
    const fn = () => {};
    const { add } = l;
    add(fn);
    add(fn);
    expect(l.size).toBe(1);
  });
});
