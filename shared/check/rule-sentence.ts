// A lint rule's sentence in the check's vocabulary: a result lint made worse, or a check that grades what a rule grades,
// rests on that rule's own quote, so check and lint cannot word (or weigh) the same sentence twice.
import { ruleMeta } from '../lint/rules.js';
import { checkKeyword, type SpecSentence } from './check-types.js';

export function ruleSentence(ruleId: string): SpecSentence | null {
  const meta = ruleMeta(ruleId);
  if (!meta) return null;
  const where = meta.spec.source === 'MCP' ? `MCP ${meta.spec.version}, ${meta.spec.section}` : `${meta.spec.source} ${meta.spec.section}`;
  return { keyword: checkKeyword(meta.quote.keyword), quote: `${meta.quote.text} (lint: ${ruleId})`, source: where };
}
