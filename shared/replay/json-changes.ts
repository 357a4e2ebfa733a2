// The member-by-member differences between two JSON values, as paths a reader can find in the message.
import { z } from 'zod';

export const JsonChangeSchema = z.object({
  /** `result.content[0].text`; empty for the whole value. */
  path: z.string(),
  change: z.enum(['changed', 'added', 'removed']),
  old: z.unknown().optional(),
  new: z.unknown().optional(),
});
export type JsonChange = z.infer<typeof JsonChangeSchema>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const keyPath = (base: string, k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? (base ? `${base}.${k}` : k) : `${base}[${JSON.stringify(k)}]`);

/** At most `limit` changes: a completely different message says so without listing a thousand members. */
export function jsonChanges(a: unknown, b: unknown, limit = 50): JsonChange[] {
  const out: JsonChange[] = [];
  const walk = (x: unknown, y: unknown, path: string) => {
    if (out.length >= limit) return;
    if (Array.isArray(x) && Array.isArray(y)) {
      for (let i = 0; i < Math.max(x.length, y.length); i++) {
        const p = `${path}[${i}]`;
        if (i >= x.length) out.push({ path: p, change: 'added', new: y[i] });
        else if (i >= y.length) out.push({ path: p, change: 'removed', old: x[i] });
        else walk(x[i], y[i], p);
      }
      return;
    }
    if (isObject(x) && isObject(y)) {
      for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) {
        const p = keyPath(path, k);
        if (!(k in y)) out.push({ path: p, change: 'removed', old: x[k] });
        else if (!(k in x)) out.push({ path: p, change: 'added', new: y[k] });
        else walk(x[k], y[k], p);
      }
      return;
    }
    if (!Object.is(x, y) && JSON.stringify(x) !== JSON.stringify(y)) out.push({ path, change: 'changed', old: x, new: y });
  };
  walk(a, b, '');
  return out.slice(0, limit);
}
