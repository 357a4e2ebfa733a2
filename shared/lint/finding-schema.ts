// The wire shape of one lint finding, as the relay sends it in page rows and the browser checks it on arrival.
import { z } from 'zod';
import { SEVERITIES } from './lint-types.js';
import { RULE_IDS } from './rules.js';

export const FindingSchema = z.object({
  ruleId: z.enum(RULE_IDS),
  severity: z.enum(SEVERITIES),
  /** The frame the finding is about (its badge goes there); it may be earlier than the frame just pushed. */
  seq: z.number().int(),
  /** Other frames involved: the request of a response, the first of two responses, the batch of a reply. */
  related: z.array(z.number().int()),
  message: z.string(),
});
export type Finding = z.infer<typeof FindingSchema>;
