// The member-by-member differences between two JSON values, as paths a reader can find in the message.
import { z } from 'zod';

export const JsonChangeSchema = z.object({
  /** `result.content[0].text`; `result.tools[name="echo"].description` for an array compared by key; empty for the whole value. */
  path: z.string(),
  change: z.enum(['changed', 'added', 'removed']),
  old: z.unknown().optional(),
  new: z.unknown().optional(),
});
export type JsonChange = z.infer<typeof JsonChangeSchema>;

/**
 * Arrays whose order carries no meaning, by path (`result.tools`), and the member that names each element (`name`).
 * Such an array is compared element by element by that member, so a list in another order is no difference.
 */
export type KeyedArrays = ReadonlyMap<string, string>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const keyPath = (base: string, k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? (base ? `${base}.${k}` : k) : `${base}[${JSON.stringify(k)}]`);

/** The elements of `arr` by their `field`, or null when some element lacks it or two share it (then order is all there is). */
export function byKey(arr: readonly unknown[], field: string): Map<string, unknown> | null {
  const out = new Map<string, unknown>();
  for (const el of arr) {
    const k = isObject(el) ? el[field] : undefined;
    if (typeof k !== 'string' || out.has(k)) return null;
    out.set(k, el);
  }
  return out;
}

/** At most `limit` changes: a completely different message says so without listing a thousand members. */
export function jsonChanges(a: unknown, b: unknown, limit = 50, keyed: KeyedArrays = new Map()): JsonChange[] {
  const out: JsonChange[] = [];
  const walk = (x: unknown, y: unknown, path: string) => {
    if (out.length >= limit) return;
    if (Array.isArray(x) && Array.isArray(y)) {
      const field = keyed.get(path);
      const kx = field === undefined ? null : byKey(x, field);
      const ky = field === undefined || kx === null ? null : byKey(y, field);
      if (field !== undefined && kx && ky) {
        for (const k of new Set([...kx.keys(), ...ky.keys()])) {
          const p = `${path}[${field}=${JSON.stringify(k)}]`;
          if (!ky.has(k)) out.push({ path: p, change: 'removed', old: kx.get(k) });
          else if (!kx.has(k)) out.push({ path: p, change: 'added', new: ky.get(k) });
          else walk(kx.get(k), ky.get(k), p);
        }
        return;
      }
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
