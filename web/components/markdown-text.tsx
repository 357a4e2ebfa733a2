// Markdown as explanations and server descriptions use it (code spans, emphasis, links, lists, paragraphs), rendered as
// React elements from markdown-subset's tree: no HTML is ever parsed or injected, and only http(s) links are links.
import type { ReactNode } from 'react';
import { parseInline, parseMarkdown, type Block, type Inline } from '../lib/ui/markdown-subset.js';

/** `links: false` draws links as their text: inside a button (a list row) an anchor would be a control in a control. */
function inlines(nodes: readonly Inline[], links = true): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.t) {
      case 'text':
        return n.text;
      case 'code':
        return (
          <code key={i} className="rounded bg-white/10 px-1 font-mono text-[0.95em]">
            {n.text}
          </code>
        );
      case 'strong':
        return <strong key={i}>{inlines(n.children, links)}</strong>;
      case 'em':
        return <em key={i}>{inlines(n.children, links)}</em>;
      case 'link':
        if (!links)
          return (
            <span key={i} className="underline decoration-dotted">
              {inlines(n.children, false)}
            </span>
          );
        return n.href === null ? (
          <span key={i} data-unsafe-link title="not an http(s) link, so not clickable">
            {inlines(n.children)}
          </span>
        ) : (
          <a key={i} href={n.href} target="_blank" rel="noopener noreferrer" className="text-sky-400 hover:underline">
            {inlines(n.children)}
          </a>
        );
    }
  });
}

function block(b: Block, i: number): ReactNode {
  switch (b.t) {
    case 'p':
      return (
        <p key={i} className="whitespace-pre-wrap">
          {inlines(b.children)}
        </p>
      );
    case 'pre':
      return (
        <pre key={i} className="overflow-auto rounded bg-white/5 px-2 py-1 font-mono text-[11px]">
          {b.text}
        </pre>
      );
    case 'ul':
    case 'ol': {
      const List = b.t;
      return (
        <List key={i} className={`ml-4 ${b.t === 'ul' ? 'list-disc' : 'list-decimal'}`}>
          {b.items.map((item, j) => (
            <li key={j}>{inlines(item)}</li>
          ))}
        </List>
      );
    }
  }
}

/** One line of Markdown inside running text (a list item, a sentence): code, emphasis and links only. */
export function InlineMarkdown({ text, links = true }: { text: string; links?: boolean }) {
  return <>{inlines(parseInline(text), links)}</>;
}

/** A whole description: paragraphs, lists and code blocks. */
export function MarkdownText({ text, className, testId }: { text: string; className?: string; testId?: string }) {
  return (
    <div data-testid={testId} className={`space-y-1 ${className ?? ''}`}>
      {parseMarkdown(text).map(block)}
    </div>
  );
}
