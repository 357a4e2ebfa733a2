// Whether and how the CLI colours what it prints for people (check's summary, replay's diff): off unless the stream is a
// terminal, off for NO_COLOR (https://no-color.org), on for FORCE_COLOR, and --color auto|always|never over both.
// Colour is added after a text is escaped, by the line's own marks, so a server's text can never bring its own.
import { value } from './flags.js';
import { oneOf } from './validators.js';

const CHOICES = ['auto', 'always', 'never'] as const;
export type ColourChoice = (typeof CHOICES)[number];

export const COLOUR_FLAGS = {
  color: value('<when>', 'colour the output: auto (default: on a terminal, unless NO_COLOR is set), always or never', oneOf(CHOICES)),
};

/**
 * The flag wins (it is the person's word for this one run); then FORCE_COLOR (set and not "0" or "false": on; "0"
 * or "false": off), then NO_COLOR (set and not empty: off), then whether the stream is a terminal that is not "dumb".
 */
export function wantsColour(choice: ColourChoice | undefined, stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (choice === 'always') return true;
  if (choice === 'never') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

type Hue = 'red' | 'green' | 'yellow' | 'dim' | 'bold';
const SGR: Record<Hue, [number, number]> = { red: [31, 39], green: [32, 39], yellow: [33, 39], dim: [2, 22], bold: [1, 22] };

/** Wraps text in one colour when `on`; the text unchanged when not. */
export type Paint = (hue: Hue, text: string) => string;
export function painter(on: boolean): Paint {
  return on ? (hue, text) => `\x1b[${SGR[hue][0]}m${text}\x1b[${SGR[hue][1]}m` : (_hue, text) => text;
}

/** check's summary: each result's mark (PASS green, FAIL red, WARN yellow, SKIP dim) and the counts line in bold. */
export function colourCheckSummary(text: string, paint: Paint): string {
  const hue: Record<string, Hue> = { PASS: 'green', FAIL: 'red', WARN: 'yellow', SKIP: 'dim' };
  return text
    .split('\n')
    .map((line) => {
      const m = /^( {2})(PASS|FAIL|WARN|SKIP)( {2})/.exec(line);
      if (m) return `${m[1]}${paint(hue[m[2]!]!, m[2]!)}${line.slice(m[1]!.length + m[2]!.length)}`;
      return /^\d+ checks: /.test(line) ? paint('bold', line) : line;
    })
    .join('\n');
}

/** replay's diff, already escaped: a changed entry yellow, an added one green, a removed one red, the verdict bold. */
export function colourDiff(text: string, paint: Paint): string {
  const hue: Record<string, Hue> = { '~': 'yellow', '+': 'green', '-': 'red' };
  return text
    .split('\n')
    .map((line) => {
      const mark = hue[line.slice(0, 2).trimEnd()];
      if (mark !== undefined && line[1] === ' ') return paint(mark, line);
      return /^(identical|differs): /.test(line) ? paint('bold', line) : line;
    })
    .join('\n');
}
