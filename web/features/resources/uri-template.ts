// A resource template read with the MCP SDK's RFC 6570 UriTemplate: the class SDK servers match read URIs against, so
// the URI the form builds is the one such a server recognises. A template the SDK cannot parse is reported, not thrown.
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';

export type ParsedTemplate = { ok: true; variables: string[]; expand: (values: Record<string, string>) => string } | { ok: false; error: string };

export function parseTemplate(template: string): ParsedTemplate {
  let parsed: UriTemplate;
  try {
    parsed = new UriTemplate(template);
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  return {
    ok: true,
    // A name used twice ({?units}{&units}) is one field.
    variables: [...new Set(parsed.variableNames)],
    // A field left empty is left out, as RFC 6570 treats an undefined variable; the SDK would expand it as "".
    expand: (values) => parsed.expand(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''))),
  };
}
