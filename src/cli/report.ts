// The three outputs: a readable report, one JSON document, one JSON line per result. A Renderer turns
// an order's verdict or an input error into text and keeps no state, so worker threads can run it; a
// Frame, on the main thread, writes what goes around the records, in input order.
import { cliWords } from '../generated/languages.js';
import type { Lang } from '../messages/index.js';
import type { CliWording } from '../messages/wording.js';
import { rules } from '../rules/index.js';
import type { Hint, Violation } from '../violation.js';
import type { Checked } from './check.js';
import type { Options } from './options.js';
import type { InputError, Source } from './sources.js';

/** Where an order is: its source, and its line (NDJSON) or its index (a JSON array). */
export interface Place {
  readonly source: string;
  readonly line?: number | undefined;
  readonly index?: number | undefined;
}

/** Renders an order's result or an input error as output text. */
export interface Renderer {
  order(place: Place, violations: readonly Violation[], hints: readonly Hint[]): string;
  error(error: InputError): string;
}

/** What the main thread writes around the rendered records. */
export interface Frame {
  start(): string;
  /** The rendered records of a unit, as they go into the output. */
  records(text: string): string;
  /** The line closing a source of `orders` orders, `invalid` of them invalid, `many` when it held several. */
  end(source: Source, orders: number, invalid: number, many: boolean): string;
  finish(tally: Tally): string;
}

/** How the output looks. */
export interface Look {
  readonly format: Options['format'];
  readonly lang: Lang;
  /** Whether the readable report is coloured. */
  readonly colour: boolean;
}

/** The counts of a run. */
export class Tally {
  orders = 0;
  invalid = 0;
  inputErrors = 0;
  /** Violations per rule. */
  readonly rules = new Map<string, number>();

  add(checked: Checked): void {
    this.orders += checked.orders;
    this.invalid += checked.invalid;
    this.inputErrors += checked.errors;
    for (const rule in checked.rules) this.rules.set(rule, (this.rules.get(rule) ?? 0) + checked.rules[rule]);
  }

  /** The counts per rule, in the order of the specification's rules, then any other rule by name. */
  byRule(): [string, number][] {
    const rank = (id: string) => {
      const at = rules.findIndex((rule) => rule.id === id);
      return at < 0 ? rules.length : at;
    };
    return [...this.rules].sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  }
}

/** The renderer of a look. */
export function renderer({ format, lang, colour }: Look): Renderer {
  const t = cliWords[lang];
  if (format === 'text') return text(t, colour ? paint : plain);
  // the JSON document's records each start with a separator; the frame drops the first
  const before = format === 'json' ? ',\n' : '';
  const after = format === 'json' ? '' : '\n';
  return {
    order: (place, violations, hints) => before + orderRecord(place, violations, hints) + after,
    error: (error) => before + errorRecord(error, t) + after,
  };
}

/** The frame of a look. */
export function frame({ format, lang, colour }: Look): Frame {
  if (format === 'ndjson') return { start: () => '', records: (s) => s, end: () => '', finish: () => '' };
  if (format === 'json') {
    let first = true;
    return {
      start: () => '{"results":[',
      records: (s) => {
        if (s === '' || !first) return s;
        first = false;
        return s.slice(1);
      },
      end: () => '',
      finish: (tally) => `${first ? '' : '\n'}],"summary":${JSON.stringify(summary(tally))}}\n`,
    };
  }
  const t = cliWords[lang];
  const style = colour ? paint : plain;
  return {
    start: () => '',
    records: (s) => s,
    end(source, orders, invalid, many) {
      if (!many && !source.lines) return '';
      const mark = invalid ? style('red', '✗') : style('green', '✓');
      return `${mark} ${source.name}: ${t.orders(orders)}, ${invalid ? t.invalid(t.number(invalid)) : t.allValid}\n`;
    },
    finish(tally) {
      const perRule = tally.byRule().map(([rule, n]) => `${rule}: ${t.number(n)}`);
      const counts = t.summary(t.orders(tally.orders), t.number(tally.orders - tally.invalid), t.number(tally.invalid));
      const errors = tally.inputErrors > 0 ? `; ${t.inputErrors(tally.inputErrors)}` : '';
      return `\n${style('bold', `${counts}${perRule.length ? ` (${perRule.join(', ')})` : ''}${errors}`)}\n`;
    },
  };
}

/** The JSON record of an order's result. */
function orderRecord(place: Place, violations: readonly Violation[], hints: readonly Hint[]): string {
  const at =
    place.line !== undefined ? `,"line":${place.line}` : place.index !== undefined ? `,"index":${place.index}` : '';
  const head = `{"source":${JSON.stringify(place.source)}${at}`;
  const tail = `,"hints":${hints.length === 0 ? '[]' : JSON.stringify(hints)}}`;
  return violations.length === 0
    ? `${head},"valid":true,"violations":[]${tail}`
    : `${head},"valid":false,"violations":${JSON.stringify(violations)}${tail}`;
}

/** The JSON record of an input error. */
function errorRecord(error: InputError, t: CliWording): string {
  const { name, ...details } = error;
  return JSON.stringify({ source: name, ...details, message: t.error(error) });
}

function summary(tally: Tally): object {
  return {
    orders: tally.orders,
    valid: tally.orders - tally.invalid,
    invalid: tally.invalid,
    inputErrors: tally.inputErrors,
    violationsByRule: Object.fromEntries(tally.byRule()),
  };
}

type Style = 'bold' | 'red' | 'green' | 'yellow' | 'cyan';
const codes: Record<Style, number> = { bold: 1, red: 31, green: 32, yellow: 33, cyan: 36 };
const paint = (style: Style, s: string) => `\x1b[${codes[style]}m${s}\x1b[0m`;
const plain = (_: Style, s: string) => s;

/**
 * The readable report: each invalid order with its violations (rule, path, message), a line for each
 * valid single-order file, and input errors with file, line and column.
 */
function text(t: CliWording, style: typeof paint): Renderer {
  const name = (place: Place) => {
    if (place.line !== undefined) return `${place.source}, ${t.line(place.line)}`;
    if (place.index !== undefined) return `${place.source}, ${t.item(place.index)}`;
    return place.source;
  };
  return {
    order(place, violations, hints) {
      let out: string;
      if (violations.length === 0) {
        const single = place.line === undefined && place.index === undefined;
        if (!single && hints.length === 0) return '';
        out = `${style('green', '✓')} ${name(place)}\n`;
      } else out = `${style('red', '✗')} ${name(place)}\n`;
      for (const v of violations) {
        out += `    ${style('bold', v.rule.padEnd(9))} ${style('cyan', v.path || t.whole)}\n`;
        out += `              ${v.message}\n`;
      }
      // after the violations, marked as what they are: near misses that break no rule
      for (const h of hints) {
        out += `    ${style('yellow', t.hint.padEnd(9))} ${style('cyan', h.path || t.whole)}\n`;
        out += `              ${h.message}\n`;
      }
      return out;
    },
    error(error) {
      const line = error.line === undefined ? '' : `:${error.line}`;
      const at = error.column === undefined ? line : `${line}:${error.column}`;
      return `${style('yellow', '!')} ${error.name}${at}: ${t.error(error)}\n`;
    },
  };
}
