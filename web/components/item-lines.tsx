// A list row's text (tools, prompts), readable in a narrow column: the name and title on one line, the description on
// a second, clamped, its inline Markdown drawn (code, emphasis; links as text, since the row is a button), with badges
// at its end. Whatever is cut short is whole in its tooltip.
import type { ReactNode } from 'react';
import { inlinePlainText } from '../lib/ui/markdown-subset.js';
import { InlineMarkdown } from './markdown-text.js';

interface Props {
  name: string;
  title: string | null;
  description: string | null;
  /** Test ids of the name and the description: `${testId}-name`, `${testId}-summary`. */
  testId: string;
  badges?: ReactNode;
}

export function ItemLines({ name, title, description, testId, badges }: Props) {
  // One line: the first paragraph, its own line breaks and runs of spaces read as one space (lists and code blocks
  // further down are left to the tooltip and the form).
  const line =
    description
      ?.split(/\n\s*\n/, 1)[0]!
      .replace(/\s+/g, ' ')
      .trim() ?? '';
  return (
    <span className="flex min-w-0 flex-1 flex-col">
      <span className="flex min-w-0 items-baseline gap-2">
        <span data-testid={`${testId}-name`} className="max-w-full shrink-0 truncate font-mono" title={name}>
          {name}
        </span>
        {title && (
          <span className="min-w-0 truncate text-dim" title={title}>
            {title}
          </span>
        )}
      </span>
      {(line !== '' || badges) && (
        <span className="flex min-w-0 items-center gap-2 text-[11px]">
          {line !== '' && (
            <span data-testid={`${testId}-summary`} className="min-w-0 flex-1 truncate text-dim" title={inlinePlainText(description ?? '')}>
              <InlineMarkdown text={line} links={false} />
            </span>
          )}
          {badges && <span className="ml-auto max-w-[60%] shrink-0">{badges}</span>}
        </span>
      )}
    </span>
  );
}
