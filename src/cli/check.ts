// What a unit of the input gives: parsed, validated and rendered as output text, with its counts.
// Worker threads do this work (the main thread, with --jobs 1), so the main thread only moves bytes.
import type { Lang } from '../messages/index.js';
import { encodingFault, type SyntaxFault, syntaxFault } from '../text/syntax.js';
import type { Renderer } from './report.js';
import type { Validate } from './validators.js';

/** UTF-8 bytes of a source to check: a whole JSON document (one order or an array of orders), or whole NDJSON lines. */
export interface Unit {
  /** The bytes, in parts that may split a character (each part's buffer is its own, so it can move to a worker). */
  readonly parts: readonly Uint8Array[];
  /** Whether the bytes are NDJSON lines, one order each. */
  readonly lines: boolean;
  /** The name of the source, for the output. */
  readonly name: string;
  /** The line of the source the bytes start on. */
  readonly line: number;
}

/** What a unit gave: its output text and its counts. */
export interface Checked {
  readonly text: string;
  readonly orders: number;
  readonly invalid: number;
  /** Malformed JSON texts. */
  readonly errors: number;
  /** Violations per rule. */
  readonly rules: Readonly<Record<string, number>>;
  /** Whether the unit held several orders (lines or an array) rather than one. */
  readonly many: boolean;
}

/** A decoder that drops a byte order mark at the start and throws on bytes that are not UTF-8. */
const utf8 = () => new TextDecoder('utf-8', { fatal: true });
let decoder = utf8();

const noParts: readonly Uint8Array[] = [];

/**
 * Parses, validates and renders the orders of a unit; a unit whose check throws (its report longer
 * than a string can be, say) gives the input error `check_failed` in its place, so the run goes on.
 */
export function checkUnit(unit: Unit, validate: Validate, lang: Lang, render: Renderer): Checked {
  try {
    return check(unit, validate, lang, render);
  } catch (error) {
    const reason = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 200);
    const text = render.error({ name: unit.name, error: 'check_failed', reason });
    return { text, orders: 0, invalid: 0, errors: 1, rules: {}, many: false };
  }
}

/** Parses, validates and renders the orders of a unit. */
export function check(unit: Unit, validate: Validate, lang: Lang, render: Renderer): Checked {
  const source = unit.name;
  const options = { lang };
  const rules: Record<string, number> = {};
  let text = '';
  let orders = 0;
  let invalid = 0;
  let errors = 0;
  let many = unit.lines;

  /** Reports a JSON text that starts at `line` of the source as malformed. */
  const malformed = ({ reason, found, line, column }: SyntaxFault, start: number) => {
    errors++;
    text += render.error({ name: source, error: 'malformed_json', reason, found, line: start + line - 1, column });
  };
  const order = (value: unknown, line: number | undefined, index: number | undefined) => {
    const { violations, hints } = validate(value, options);
    orders++;
    if (violations.length > 0) invalid++;
    for (const v of violations) rules[v.rule] = (rules[v.rule] ?? 0) + 1;
    text += render.order({ source, line, index }, violations, hints);
  };
  /** Checks one JSON text that starts at `line` of the source; a blank line is skipped. */
  const json = (part: string, line: number) => {
    let value: unknown;
    try {
      value = JSON.parse(part);
    } catch {
      if (unit.lines && part.trim() === '') return;
      malformed(syntaxFault(part) ?? { reason: 'unexpected_end', line: 1, column: 1 }, line);
      return;
    }
    if (unit.lines) order(value, line, undefined);
    else if (Array.isArray(value)) {
      many = true;
      for (let i = 0; i < value.length; i++) order(value[i], undefined, i);
    } else order(value, undefined, undefined);
  };

  /**
   * Checks the JSON text of the bytes of `head` and then `bytes`, which start at `line`; one that is
   * not UTF-8 is malformed, as it is for the HTTP readers.
   */
  const decoded = (head: readonly Uint8Array[], bytes: Uint8Array, line: number) => {
    let part = '';
    try {
      for (const h of head) part += decoder.decode(h, { stream: true });
      part += decoder.decode(bytes);
    } catch (error) {
      decoder = utf8(); // the standard lets one that threw keep the rest of its input for the next call
      const fault = encodingFault(head.length === 0 ? bytes : Buffer.concat([...head, bytes]));
      if (!fault) throw error;
      malformed(fault, line);
      return;
    }
    json(part, line);
  };

  // Only the last part holds newlines: the parts before it are the start of the first line. Each
  // line is decoded on its own, so its text dies young.
  const last = unit.parts[unit.parts.length - 1];
  let head: readonly Uint8Array[] = unit.parts.slice(0, -1);
  if (!unit.lines) decoded(head, last, unit.line);
  else {
    let line = unit.line;
    for (let start = 0; start < last.length || head.length > 0; line++) {
      const newline = last.indexOf(10, start);
      const end = newline < 0 ? last.length : newline;
      decoded(head, last.subarray(start, end), line);
      head = noParts;
      start = end + 1;
    }
  }
  return { text, orders, invalid, errors, rules, many };
}
