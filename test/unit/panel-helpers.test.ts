import { describe, expect, it } from 'vitest';
import { prepareFormSchema, variantLabel } from '../../web/components/schema-form/form-schema.js';
import { schemaHints } from '../../web/components/schema-form/schema-hints.js';
import { exportTools, unexportableNames } from '../../web/features/tools/tool-export-formats.js';
import { toToolInfo, type ToolInfo } from '../../web/features/tools/tool-info.js';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import { parseTemplate } from '../../web/features/resources/uri-template.js';
import { mediaDataUrl, safeImageSrc } from '../../web/lib/ui/safe-media.js';

describe('safe media sources', () => {
  it('keeps http(s) and data:image/ icons and drops every other scheme', () => {
    expect(safeImageSrc('https://example.com/i.png')).toBe('https://example.com/i.png');
    expect(safeImageSrc('http://example.com/i.png')).toBe('http://example.com/i.png');
    expect(safeImageSrc('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    for (const bad of ['javascript:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'file:///etc/passwd', 'blob:https://x/1', '/relative.png', 42]) {
      expect(safeImageSrc(bad)).toBeNull();
    }
  });

  it('builds data URLs only from a MIME type of the right kind and base64 data', () => {
    expect(mediaDataUrl('image', 'image/png', 'iVBO Rw==')).toBe('data:image/png;base64,iVBORw==');
    expect(mediaDataUrl('audio', 'image/png', 'AAAA')).toBeNull();
    expect(mediaDataUrl('image', 'image/png";onerror="x', 'AAAA')).toBeNull();
    expect(mediaDataUrl('image', 'image/png', 'not base64!')).toBeNull();
  });
});

describe('URI templates', () => {
  const parse = (t: string) => {
    const parsed = parseTemplate(t);
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed;
  };

  it('names the variables of every expression kind once, in order', () => {
    expect(parse('demo://cities/{city}{?units,lang}{&units}').variables).toEqual(['city', 'units', 'lang']);
  });

  it('expands simple, reserved and query expressions, leaving empty fields out', () => {
    expect(parse('demo://cities/{city}').expand({ city: 'são paulo' })).toBe('demo://cities/s%C3%A3o%20paulo');
    expect(parse('file://{+path}').expand({ path: '/a b/c' })).toBe('file:///a%20b/c');
    expect(parse('x://r/{a}{?q,n}').expand({ a: '1', q: 'x&y', n: '' })).toBe('x://r/1?q=x%26y');
  });

  it('builds URIs that the SDK servers match the same template against', () => {
    const template = 'demo://cities/{city}/weather{?units}';
    const uri = parse(template).expand({ city: 'são paulo', units: 'metric' });
    expect(new UriTemplate(template).match(uri)).toEqual({ city: 's%C3%A3o%20paulo', units: 'metric' });
  });

  it('reports a template it cannot parse instead of throwing', () => {
    expect(parseTemplate('demo://cities/{city')).toEqual({ ok: false, error: 'Unclosed template expression' });
  });
});

describe('tool export', () => {
  const tools = [
    {
      name: 'get_weather',
      description: 'Weather',
      inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { q: { type: 'string' } } },
    },
    { name: 'files.read', title: 'Read', inputSchema: 'broken' },
  ].map((t) => toToolInfo(t)!) as ToolInfo[];

  it('writes OpenAI function tools without $schema', () => {
    expect(exportTools(tools, 'openai')[0]).toEqual({
      type: 'function',
      function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { q: { type: 'string' } } } },
    });
  });

  it('writes Anthropic tools, with an empty object schema for a tool whose inputSchema is unusable', () => {
    expect(exportTools(tools, 'anthropic')[1]).toEqual({ name: 'files.read', description: 'Read', input_schema: { type: 'object', properties: {} } });
  });

  it('names the tools whose names the APIs would reject', () => {
    expect(unexportableNames(tools)).toEqual(['files.read']);
  });
});

describe('the form copy of a schema', () => {
  it('names union variants by their discriminator, $ref or type, without touching the original', () => {
    const original = { oneOf: [{ properties: { kind: { const: 'adult' } } }, { $ref: '#/$defs/child' }, { type: 'null' }, {}] };
    const copy = prepareFormSchema(original) as { oneOf: { title: string }[] };
    expect(copy.oneOf.map((o) => o.title)).toEqual(['adult', 'child', 'null', 'option 4']);
    expect('title' in original.oneOf[0]!).toBe(false);
    expect(variantLabel({ properties: { method: { enum: ['card'] } } }, 0)).toBe('card');
  });

  it('summarises constraints in one line', () => {
    expect(schemaHints({ type: 'string', minLength: 1, maxLength: 60, pattern: '^x$' })).toBe('1–60 chars · pattern ^x$');
    expect(schemaHints({ type: ['integer', 'null'], minimum: 0, default: 3 })).toBe('≥ 0 · nullable · default 3');
  });
});
