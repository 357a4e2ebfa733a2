// Parses the small Markdown subset explanations and server descriptions use into a tree the page renders as React
// elements. Threat model: server-supplied text (descriptions) may carry HTML or javascript: links meant to run in the
// inspector's origin. Nothing here produces HTML: text stays text, and a link keeps its URL only when it is http(s).
import { safeHttpUrl } from './format.js';

export type Inline =
  | { t: 'text'; text: string }
  | { t: 'code'; text: string }
  | { t: 'strong' | 'em'; children: Inline[] }
  /** href null: not http(s), shown as its text and never clickable. */
  | { t: 'link'; href: string | null; children: Inline[] };

export type Block = { t: 'p'; children: Inline[] } | { t: 'ul' | 'ol'; items: Inline[][] } | { t: 'pre'; text: string };

const ITEM = /^\s{0,3}(?:[-*+]|(\d{1,9})[.)])\s+(.*)$/;

/** Blocks: blank-line separated paragraphs, `-`/`*`/`1.` lists, and ``` fences; single newlines stay line breaks. */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let para: string[] = [];
  const flush = () => {
    if (para.length > 0) blocks.push({ t: 'p', children: parseInline(para.join('\n')) });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*```/.test(line)) {
      flush();
      const body: string[] = [];
      for (i++; i < lines.length && !/^\s*```/.test(lines[i]!); i++) body.push(lines[i]!);
      blocks.push({ t: 'pre', text: body.join('\n') });
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      flush();
      const ordered = item[1] !== undefined;
      const items: Inline[][] = [parseInline(item[2]!)];
      for (; i + 1 < lines.length; i++) {
        const next = ITEM.exec(lines[i + 1]!);
        if (!next || (next[1] !== undefined) !== ordered) break;
        items.push(parseInline(next[2]!));
      }
      blocks.push({ t: ordered ? 'ol' : 'ul', items });
      continue;
    }
    if (line.trim() === '') flush();
    else para.push(line);
  }
  flush();
  return blocks;
}

const INLINE =
  /`([^`\n]+)`|\*\*([^*\n]+?)\*\*|__([^_\n]+?)__|\*([^*\s][^*\n]*?)\*|(?<![\w])_([^_\s][^_\n]*?)_(?![\w])|\[([^\]\n]+)\]\(\s*([^)\s]+)\s*\)|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/g;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push({ t: 'text', text: text.slice(last, m.index) });
    last = m.index + m[0].length;
    if (m[1] !== undefined) out.push({ t: 'code', text: m[1] });
    else if (m[2] !== undefined || m[3] !== undefined) out.push({ t: 'strong', children: parseInline(m[2] ?? m[3]!) });
    else if (m[4] !== undefined || m[5] !== undefined) out.push({ t: 'em', children: parseInline(m[4] ?? m[5]!) });
    else if (m[6] !== undefined) out.push({ t: 'link', href: safeHttpUrl(m[7]), children: parseInline(m[6]) });
    else out.push({ t: 'link', href: safeHttpUrl(m[8]), children: [{ t: 'text', text: m[8]! }] });
  }
  if (last < text.length) out.push({ t: 'text', text: text.slice(last) });
  return out;
}

/** What a line of Markdown reads as once rendered (markers gone, link text kept): for search and for tests. */
export function inlinePlainText(text: string): string {
  const walk = (nodes: readonly Inline[]): string => nodes.map((n) => ('children' in n ? walk(n.children) : n.text)).join('');
  return walk(parseInline(text));
}
