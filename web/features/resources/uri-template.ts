// RFC 6570 URI templates, as resource templates use them: the variable names, and expansion with string values.

interface Operator {
  first: string;
  sep: string;
  named: boolean;
  ifEmpty: string;
  /** Reserved characters pass through unencoded ({+var}, {#var}). */
  reserved: boolean;
}

const OPERATORS: Record<string, Operator> = {
  '': { first: '', sep: ',', named: false, ifEmpty: '', reserved: false },
  '+': { first: '', sep: ',', named: false, ifEmpty: '', reserved: true },
  '#': { first: '#', sep: ',', named: false, ifEmpty: '', reserved: true },
  '.': { first: '.', sep: '.', named: false, ifEmpty: '', reserved: false },
  '/': { first: '/', sep: '/', named: false, ifEmpty: '', reserved: false },
  ';': { first: ';', sep: ';', named: true, ifEmpty: '', reserved: false },
  '?': { first: '?', sep: '&', named: true, ifEmpty: '=', reserved: false },
  '&': { first: '&', sep: '&', named: true, ifEmpty: '=', reserved: false },
};

const EXPRESSION = /\{([^{}]*)\}/g;

interface VarSpec {
  name: string;
  prefix: number | null;
}

function parseExpression(body: string): { op: Operator; vars: VarSpec[] } {
  const opChar = body[0] !== undefined && body[0] in OPERATORS && body[0] !== '' ? body[0] : '';
  const list = opChar ? body.slice(1) : body;
  const vars = list
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => {
      const m = /^([^:*]+)(?::(\d+)|\*)?$/.exec(v);
      return { name: m?.[1] ?? v, prefix: m?.[2] ? Number(m[2]) : null };
    });
  return { op: OPERATORS[opChar]!, vars };
}

/** The variable names in order of first appearance: "demo://cities/{city}{?units}" → ["city", "units"]. */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(EXPRESSION)) {
    for (const v of parseExpression(m[1]!).vars) if (!names.includes(v.name)) names.push(v.name);
  }
  return names;
}

function encode(value: string, reserved: boolean): string {
  // encodeURIComponent leaves !'()* alone; RFC 3986 unreserved does not include them.
  const strict = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return reserved ? encodeURI(value).replace(/%25([0-9A-Fa-f]{2})/g, '%$1') : strict(value);
}

/** Expands the template; variables left empty are treated as undefined and dropped, as RFC 6570 does. */
export function expandTemplate(template: string, values: Record<string, string>): string {
  return template.replace(EXPRESSION, (_all, body: string) => {
    const { op, vars } = parseExpression(body);
    const parts = vars.flatMap((v) => {
      const raw = values[v.name];
      if (raw === undefined || raw === '') return [];
      const value = encode(v.prefix === null ? raw : raw.slice(0, v.prefix), op.reserved);
      return [op.named ? `${v.name}${value === '' ? op.ifEmpty : `=${value}`}` : value];
    });
    return parts.length === 0 ? '' : op.first + parts.join(op.sep);
  });
}
