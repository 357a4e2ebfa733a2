// One set of listeners for a store or an emitter: `add` hands back the way to remove, `emit` calls each in the order
// they came. Fifteen modules kept their own Set and loop; this is the one they share.

export class Listeners<A extends unknown[] = []> {
  private readonly set = new Set<(...args: A) => void>();

  /** Adds `listener` (once, however often it is added); the function returned removes it. Bound, so it can be handed on as is (useSyncExternalStore's subscribe). */
  readonly add = (listener: (...args: A) => void): (() => void) => {
    this.set.add(listener);
    return () => {
      this.set.delete(listener);
    };
  };

  /** Calls every listener with `args`, over a copy: a listener may remove itself, or add another, while it runs. */
  emit(...args: A): void {
    for (const listener of [...this.set]) listener(...args);
  }

  /** How many are listening (a store stops its timer when none is). */
  get size(): number {
    return this.set.size;
  }
}
