// Pairs the messages of two runs by meaning: requests by method and params in order, answers by the request they
// answer, notifications by method in order. Where a message stands among the others (pacing) never matters.
import type { KeyedMessage } from './message-keys.js';

export interface Pairing {
  /** [index in the old run, index in the new run]. */
  pairs: Array<[number, number]>;
  removed: number[];
  added: number[];
}

/**
 * Pairs within one group: first each old message with the next unpaired new one whose content is the same (so the
 * k-th identical request meets the k-th), then what is left in order (the same kind of message, changed).
 */
function pairWithin(as: number[], bs: number[], sigA: readonly string[], sigB: readonly string[], into: Pairing): void {
  const takenB = new Set<number>();
  const leftA: number[] = [];
  for (const a of as) {
    const b = bs.find((x) => !takenB.has(x) && sigB[x] === sigA[a]);
    if (b === undefined) leftA.push(a);
    else {
      takenB.add(b);
      into.pairs.push([a, b]);
    }
  }
  const leftB = bs.filter((b) => !takenB.has(b));
  for (let i = 0; i < Math.max(leftA.length, leftB.length); i++) {
    if (i < leftA.length && i < leftB.length) into.pairs.push([leftA[i]!, leftB[i]!]);
    else if (i < leftA.length) into.removed.push(leftA[i]!);
    else into.added.push(leftB[i]!);
  }
}

function grouped(list: readonly KeyedMessage[], keyOf: (m: KeyedMessage, i: number) => string | null): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  list.forEach((m, i) => {
    const k = keyOf(m, i);
    if (k === null) return;
    const g = groups.get(k);
    if (g) g.push(i);
    else groups.set(k, [i]);
  });
  return groups;
}

function pairGroups(ga: Map<string, number[]>, gb: Map<string, number[]>, sigA: readonly string[], sigB: readonly string[], into: Pairing): void {
  for (const k of new Set([...ga.keys(), ...gb.keys()])) pairWithin(ga.get(k) ?? [], gb.get(k) ?? [], sigA, sigB, into);
}

/** `sigA`/`sigB`: each message's normalized content as one string, equal when nothing but ignored members differ. */
export function pairMessages(a: readonly KeyedMessage[], b: readonly KeyedMessage[], sigA: readonly string[], sigB: readonly string[]): Pairing {
  const out: Pairing = { pairs: [], removed: [], added: [] };
  const standalone = (m: KeyedMessage) => (m.answers === null ? m.group : null);
  pairGroups(grouped(a, standalone), grouped(b, standalone), sigA, sigB, out);
  // An answer pairs with the answer to its request's partner; an answer to an unpaired request pairs with nothing.
  const partnerOf = new Map(out.pairs);
  const oldOfNew = new Map(out.pairs.map(([x, y]) => [y, x]));
  const answerA = (m: KeyedMessage) => (m.answers === null ? null : partnerOf.has(m.answers) ? `answer:${m.answers}` : `old-only:${m.answers}`);
  const answerB = (m: KeyedMessage) => {
    if (m.answers === null) return null;
    const old = oldOfNew.get(m.answers);
    return old !== undefined ? `answer:${old}` : `new-only:${m.answers}`;
  };
  pairGroups(grouped(a, answerA), grouped(b, answerB), sigA, sigB, out);
  return out;
}
