// What every JUnit report mcpscope writes (check's, a collection run's) needs of XML: text made safe for it, and time in
// the XSD's form.

/** XML 1.0 cannot carry most control characters at all, even escaped: they are dropped. */
function isXmlChar(c: string): boolean {
  const n = c.charCodeAt(0);
  return n >= 0x20 || n === 0x9 || n === 0xa || n === 0xd;
}

/** Text for an attribute or an element's content. */
export const xml = (s: string) =>
  [...s]
    .filter(isXmlChar)
    .join('')
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Seconds with millisecond precision, as the XSD's time pattern wants (digits, a dot, digits: no exponent, no unit). */
export const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);
