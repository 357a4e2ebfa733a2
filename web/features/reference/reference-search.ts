// What the Reference tab lists and how a search narrows it: codes by number, name and meaning; rules by id and text.
import { LOCAL_ERROR_CODES, WIRE_ERROR_CATALOGUE, explainError, type ErrorExplanation, type ErrorVariant } from '../../../shared/error-codes/index.js';
import { RULES, RULE_IDS, type RuleId } from '../../../shared/lint/index.js';
import { RELAY_ERROR_CODES } from '../../../shared/relay-errors.js';

export type CodeGroup = 'wire' | 'local' | 'relay';

export interface ReferenceCode {
  group: CodeGroup;
  x: ErrorExplanation;
  /** The catalogue's refinements by context (version, transport, HTTP status, message), for wire codes. */
  variants: readonly ErrorVariant[];
}

/** Every code, explained without context: the catalogue's general answer. */
const REFERENCE_CODES: readonly ReferenceCode[] = [
  ...WIRE_ERROR_CATALOGUE.map((e) => ({ group: 'wire' as const, x: explainError({ code: e.code }), variants: e.variants ?? [] })),
  ...Object.keys(LOCAL_ERROR_CODES).map((code) => ({ group: 'local' as const, x: explainError({ code, local: true }), variants: [] })),
  ...Object.keys(RELAY_ERROR_CODES).map((code) => ({ group: 'relay' as const, x: explainError({ code, local: true }), variants: [] })),
];

function codeText(c: ReferenceCode): string {
  const v = c.variants.map((w) => `${w.note ?? ''} ${w.meaning ?? ''}`).join(' ');
  return `${String(c.x.code)} ${c.x.name} ${c.x.meaning} ${c.x.causes.join(' ')} ${c.x.check.join(' ')} ${v}`.toLowerCase();
}

function ruleText(id: RuleId): string {
  const r = RULES[id];
  return `${id} ${r.severity} ${r.title} ${r.explanation} ${r.fix} ${r.spec.section} ${r.quote.text}`.toLowerCase();
}

const CODE_TEXT = new Map(REFERENCE_CODES.map((c) => [c, codeText(c)]));
const RULE_TEXT = new Map(RULE_IDS.map((id) => [id, ruleText(id)]));

/** Every word of the query must appear somewhere in the entry. */
export function referenceMatches(query: string): { errors: ReferenceCode[]; rules: RuleId[] } {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const hit = (text: string) => words.every((w) => text.includes(w));
  return {
    errors: REFERENCE_CODES.filter((c) => hit(CODE_TEXT.get(c)!)),
    rules: RULE_IDS.filter((id) => hit(RULE_TEXT.get(id)!)),
  };
}
