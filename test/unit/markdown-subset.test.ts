import { describe, expect, it } from 'vitest';
import { inlinePlainText, parseInline, parseMarkdown } from '../../web/lib/ui/markdown-subset.js';

describe('the Markdown subset', () => {
  it('turns backticks, stars and underscores into code and emphasis, leaving snake_case and lone stars alone', () => {
    expect(parseInline('call `tools/list` **now**, _please_: snake_case_name, 2 * 3 * 4')).toEqual([
      { t: 'text', text: 'call ' },
      { t: 'code', text: 'tools/list' },
      { t: 'text', text: ' ' },
      { t: 'strong', children: [{ t: 'text', text: 'now' }] },
      { t: 'text', text: ', ' },
      { t: 'em', children: [{ t: 'text', text: 'please' }] },
      { t: 'text', text: ': snake_case_name, 2 * 3 * 4' },
    ]);
  });

  it('keeps a link URL only when it is http(s): javascript:, data: and file: links lose theirs', () => {
    const hrefs = (s: string) => parseInline(s).flatMap((n) => (n.t === 'link' ? [n.href] : []));
    expect(hrefs('[a](https://x.test/p) [b](javascript:alert(1)) [c](data:text/html,hi) [d](file:///etc/passwd)')).toEqual([
      'https://x.test/p',
      null,
      null,
      null,
    ]);
    expect(hrefs('see https://x.test/a.')).toEqual(['https://x.test/a']);
  });

  it('has no node that could carry HTML: tags are text', () => {
    expect(parseInline('<img src=x onerror=alert(1)><b>x</b>')).toEqual([{ t: 'text', text: '<img src=x onerror=alert(1)><b>x</b>' }]);
  });

  it('splits paragraphs on blank lines and gathers list items and fenced code', () => {
    const blocks = parseMarkdown('One\nline two\n\n- a\n- b\n1. x\n2. y\n\n```\n<raw> `code`\n```');
    expect(blocks.map((b) => b.t)).toEqual(['p', 'ul', 'ol', 'pre']);
    expect(blocks[0]).toEqual({ t: 'p', children: [{ t: 'text', text: 'One\nline two' }] });
    expect(blocks[3]).toEqual({ t: 'pre', text: '<raw> `code`' });
  });

  it('reads as plain text without its markers', () => {
    expect(inlinePlainText('`id` is **not** [here](javascript:x)')).toBe('id is not here');
  });
});
