// One way to say why a value failed its zod schema: "path: message" per issue, so every refusal reads the same.
import type { z } from 'zod';

/** `root` names the value itself when an issue is about the whole of it (an empty path). */
export function describeIssues(error: z.ZodError, root = 'value'): string {
  return error.issues.map((i) => `${i.path.map(String).join('.') || root}: ${i.message}`).join('; ');
}
