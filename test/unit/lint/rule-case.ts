// The shape of one rule's pair of examples: traffic that must trigger it and near-identical traffic that must not.
import type { LinterOptions, RuleId } from '../../../shared/lint/index.js';
import type { Pair } from './frames.js';

export interface RuleCase {
  rule: RuleId;
  /** Completes "flags …". */
  fails: string;
  bad: readonly Pair[];
  /** Completes "stays quiet on …". */
  passes: string;
  good: readonly Pair[];
  options?: Partial<LinterOptions>;
  /** Overrides `options` for the passing example only. */
  goodOptions?: Partial<LinterOptions>;
}
