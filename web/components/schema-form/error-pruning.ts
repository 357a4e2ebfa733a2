// Turns a validator's full error tree into the few errors a person should see: the leaves, from the most plausible union branch.
import type { OutputUnit } from '@cfworker/json-schema';

// A mismatched discriminator (const/enum) or type says "this is not the branch meant"; other failures say "meant, but wrong".
const WRONG_BRANCH_KEYWORDS = new Set(['const', 'enum', 'type', 'false']);

/**
 * Drops the errors that only say "a subschema failed" when the failure below them is also reported, and keeps,
 * for each oneOf/anyOf that failed, the errors of the one branch the value most likely meant.
 */
export function pruneErrors(errors: readonly OutputUnit[]): OutputUnit[] {
  let kept = dropUnionNoise(errors);
  kept = kept.filter((e) => !kept.some((other) => other !== e && other.keywordLocation.startsWith(`${e.keywordLocation}/`)));
  // "additionalProperties: false" reports the parent ("x is not allowed") and a bare "false schema" at the child; the parent says it better.
  kept = kept.filter(
    (e) => e.keyword !== 'false' || !kept.some((o) => FORBIDDING_KEYWORDS.has(o.keyword) && isParentLocation(o.instanceLocation, e.instanceLocation)),
  );
  return dedupe(kept);
}

const FORBIDDING_KEYWORDS = new Set(['additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems', 'items', 'prefixItems']);

function isParentLocation(parent: string, child: string): boolean {
  return child.startsWith(`${parent}/`) && !child.slice(parent.length + 1).includes('/');
}

function dropUnionNoise(errors: readonly OutputUnit[]): OutputUnit[] {
  let kept = [...errors];
  // Outermost first: deciding an outer union drops the losing branches' inner unions with them.
  const unions = errors
    .filter((e) => (e.keyword === 'oneOf' || e.keyword === 'anyOf') && /\/(oneOf|anyOf)$/.test(e.keywordLocation))
    .sort((a, b) => a.keywordLocation.length - b.keywordLocation.length);
  for (const union of unions) {
    if (!kept.includes(union)) continue;
    // Array items share keyword locations, so a union is one keyword location at one instance location.
    const inside = (e: OutputUnit) =>
      e.keywordLocation.startsWith(`${union.keywordLocation}/`) &&
      (e.instanceLocation === union.instanceLocation || e.instanceLocation.startsWith(`${union.instanceLocation}/`));
    // A oneOf that matched two branches failed for that reason, not because of anything inside a branch.
    if (/\(([1-9]\d*) matches\)/.test(union.error)) {
      kept = kept.filter((e) => !inside(e));
      continue;
    }
    const branchOf = (e: OutputUnit) => e.keywordLocation.slice(union.keywordLocation.length + 1).split('/')[0]!;
    const branches = new Map<string, OutputUnit[]>();
    for (const e of kept) if (inside(e)) branches.set(branchOf(e), [...(branches.get(branchOf(e)) ?? []), e]);
    const best = bestBranch(branches);
    kept = kept.filter((e) => !inside(e) || branchOf(e) === best);
  }
  return kept;
}

function bestBranch(branches: Map<string, OutputUnit[]>): string {
  let best = '';
  let bestScore = Infinity;
  for (const [index, errs] of branches) {
    // Only the leaves count: a branch is not worse for reporting the same failure at several levels.
    const leaves = errs.filter((e) => !errs.some((o) => o !== e && o.keywordLocation.startsWith(`${e.keywordLocation}/`)));
    const score = leaves.reduce((sum, e) => sum + (WRONG_BRANCH_KEYWORDS.has(e.keyword) ? 10 : 1), 0);
    if (score < bestScore || (score === bestScore && Number(index) < Number(best))) {
      best = index;
      bestScore = score;
    }
  }
  return best;
}

function dedupe(errors: OutputUnit[]): OutputUnit[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.instanceLocation}|${e.keywordLocation}|${e.error}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
