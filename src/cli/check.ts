// What a unit of the input gives: parsed, validated and rendered as output text, with its counts.
// Worker threads do this work (the main thread, with --jobs 1), so the main thread only moves bytes.
import type { Lang } from '../messages/index.js';
import { settings } from '../options.js';
import { asParsedJson } from '../read.js';
import { itemStarts, Lines } from '../text/locate.js';
import { locate, namesUnique, type TextFinding, textFindings, withText } from '../text/located.js';
import { encodingFault, type SyntaxFault, syntaxFault } from '../text/syntax.js';
import { baselineKey } from './baseline.js';
import type { Checked, Deferred, Place, Renderer, Unit, Verdict } from './report.js';
import type { Validate } from './validators.js';

/** A decoder that drops a byte order mark at the start and throws on bytes that are not UTF-8. */
const utf8 = () => new TextDecoder('utf-8', { fatal: true });
let decoder = utf8();

const noParts: readonly Uint8Array[] = [];

/** The findings of a valid order without hints: none, shared. */
const noFindings: readonly never[] = Object.freeze([]);

const noText: readonly TextFinding[] = Object.freeze([]);

/** The text findings of a JSON array of orders, by the index of the order, each path relative to it. */
function byItem(found: readonly TextFinding[]): Map<number, TextFinding[]> {
  const items = new Map<number, TextFinding[]>();
  for (const finding of found) {
    const end = finding.path.indexOf('/', 1);
    const index = Number(finding.path.slice(1, end < 0 ? undefined : end));
    const path = end < 0 ? '' : finding.path.slice(end);
    const list = items.get(index) ?? [];
    list.push({ ...finding, path } as TextFinding);
    items.set(index, list);
  }
  return items;
}

/** A JSON text's value starts at its first character that is no white space; the locator skips to it. */
const start = () => 0;

/** How a unit is checked: the validator and its options, the reports to render, whether valid orders are left out. */
export interface Checking {
  readonly validate: Validate;
  readonly options: {
    readonly lang: Lang;
    readonly maxViolations?: number | undefined;
    readonly keepInexactNumbers?: boolean | undefined;
  };
  readonly renderers: readonly Renderer[];
  readonly quiet: boolean;
  /** Whether an order with hints fails the run (`--fail-on hints`): then it is never left out, quiet or not. */
  readonly failOnHints?: boolean | undefined;
  /** Whether hints are left out (`--no-hints`). */
  readonly noHints?: boolean | undefined;
  /** The baseline keys of known violations, which are not reported. */
  readonly known?: ReadonlySet<string> | undefined;
  /** Whether the baseline keys of all violations are given back, for `--write-baseline`. */
  readonly collect?: boolean | undefined;
}

/**
 * Parses, validates and renders the orders of a unit; a unit whose check throws (its report longer
 * than a string can be, say) gives the input error `check_failed` in its place, so the run goes on.
 */
export function checkUnit(unit: Unit, checking: Checking): Checked {
  try {
    return check(unit, checking);
  } catch (error) {
    const reason = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 200);
    const texts = checking.renderers.map((render) => render.error({ name: unit.name, error: 'check_failed', reason }));
    return { texts, orders: 0, invalid: 0, hinted: 0, errors: 1, rules: {}, many: false, suppressed: 0 };
  }
}

/** Parses, validates and renders the orders of a unit, each violation and hint at its line and column. */
export function check(
  unit: Unit,
  { validate, options, renderers, quiet, failOnHints, noHints, known, collect }: Checking,
): Checked {
  const source = unit.name;
  const { max } = settings(options);
  const rules: Record<string, number> = {};
  const keys: string[] | undefined = collect ? [] : undefined;
  let deferred: Deferred[] | undefined;
  const texts = renderers.map(() => '');
  let orders = 0;
  let invalid = 0;
  let hinted = 0;
  let errors = 0;
  let many = unit.lines;

  /** Reports a JSON text that starts at `line` of the source as malformed. */
  const malformed = ({ reason, found, line, column }: SyntaxFault, start: number) => {
    errors++;
    const error = { name: source, error: 'malformed_json', reason, found, line: start + line - 1, column } as const;
    for (let r = 0; r < renderers.length; r++) texts[r] += renderers[r].error(error);
  };
  /**
   * Checks the order at `from` in `text`, which starts on `line` of the source; `found` are the
   * findings of its text its value cannot show (inexact numbers, repeated names), `stopped` when
   * their scan stopped early.
   */
  const order = (
    value: unknown,
    text: string,
    from: () => number,
    line: number,
    place: Place,
    found: readonly TextFinding[],
    stopped: boolean,
  ) => {
    // JSON.parse's value is JSON through and through: the validation need not look for what is not
    // (1e400 is Infinity here, an inexact number of the text, not a value that is no JSON)
    const checked = asParsedJson(value, () => validate(value, options));
    const result = found.length === 0 ? checked : withText(checked, found, options.lang, max, stopped);
    const listed = result.violations;
    const near = noHints ? noFindings : result.hints;
    orders++;
    const ofListed =
      keys || known ? listed.map((v) => baselineKey(source, v.rule, v.code, v.path, v.params)) : undefined;
    if (keys && ofListed) keys.push(...ofListed);
    if (known && ofListed?.some((key) => known.has(key))) {
      lines ??= new Lines(text);
      const { violations, hints } = locate(text, from(), listed, near, lines, line - 1);
      const verdict = { place, violations, hints, truncated: result.truncated };
      deferred ??= [];
      deferred.push({ verdict, keys: ofListed, at: texts.map((t) => t.length) });
      return;
    }
    if (listed.length > 0) invalid++;
    else if (result.hints.length > 0) hinted++;
    if (quiet && listed.length === 0 && !(failOnHints && result.hints.length > 0)) return;
    for (const v of listed) rules[v.rule] = (rules[v.rule] ?? 0) + 1;
    let verdict: Verdict;
    if (listed.length > 0 || near.length > 0) {
      lines ??= new Lines(text);
      const unique = namesUnique(found, stopped);
      const { violations, hints } = locate(text, from(), listed, near, lines, line - 1, unique);
      verdict = { place, violations, hints, truncated: result.truncated };
    } else verdict = { place, violations: noFindings, hints: noFindings, truncated: undefined };
    for (let r = 0; r < renderers.length; r++) texts[r] += renderers[r].order(verdict);
  };
  let lines: Lines | undefined; // of the JSON text under way
  /** Checks one JSON text that starts at `line` of the source; a blank line is skipped. */
  const json = (part: string, line: number) => {
    let value: unknown;
    try {
      value = JSON.parse(part);
    } catch {
      // a blank line, or a document of JSON white space only, holds no order: the input's end says so (no_orders)
      if (unit.lines ? part.trim() === '' : /^[ \t\r\n]*$/.test(part)) return;
      malformed(syntaxFault(part) ?? { reason: 'unexpected_end', line: 1, column: 1 }, line);
      return;
    }
    lines = undefined;
    // an array's orders share the text: its scans find all, each order lists its first `max`
    const most = Array.isArray(value) ? Number.POSITIVE_INFINITY : max;
    const { findings, stopped } = textFindings(part, options.keepInexactNumbers === true, most, value);
    if (unit.lines) order(value, part, start, line, { source, line }, findings, stopped);
    else if (Array.isArray(value)) {
      const ofItem = byItem(findings);
      many = true;
      let starts: number[] | undefined; // where the items start, found once an item needs its place
      for (let i = 0; i < value.length; i++) {
        const from = () => {
          const at = starts ?? itemStarts(part, 0);
          starts = at;
          return at[i];
        };
        order(value[i], part, from, line, { source, index: i }, ofItem.get(i) ?? noText, stopped);
      }
    } else order(value, part, start, line, { source }, findings, stopped);
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
  return { texts, orders, invalid, hinted, errors, rules, many, suppressed: 0, keys, deferred };
}

/**
 * Settles the deferred orders of a checked unit, in input order: an occurrence of a known key is
 * left out while `remaining` (the baseline's count for the key, less the occurrences met before) is
 * above 0; the later ones are new. Gives the unit as if nothing had been deferred.
 */
export function settle(
  unit: Checked,
  remaining: Map<string, number>,
  renderers: readonly Renderer[],
  { quiet, failOnHints }: { readonly quiet: boolean; readonly failOnHints?: boolean | undefined },
): Checked {
  if (!unit.deferred) return unit;
  let { invalid, hinted, suppressed } = unit;
  const rules: Record<string, number> = { ...unit.rules };
  const texts = unit.texts.map(() => '');
  const from = unit.texts.map(() => 0);
  for (const { verdict, keys, at } of unit.deferred) {
    const violations = verdict.violations.filter((_, i) => {
      const left = remaining.get(keys[i]) ?? 0;
      if (left === 0) return true;
      remaining.set(keys[i], left - 1);
      suppressed++;
      return false;
    });
    if (violations.length > 0) invalid++;
    else if (verdict.hints.length > 0) hinted++;
    for (let r = 0; r < texts.length; r++) {
      texts[r] += unit.texts[r].slice(from[r], at[r]);
      from[r] = at[r];
    }
    if (quiet && violations.length === 0 && !(failOnHints && verdict.hints.length > 0)) continue;
    for (const v of violations) rules[v.rule] = (rules[v.rule] ?? 0) + 1;
    const shown: Verdict =
      violations.length === verdict.violations.length
        ? verdict
        : { place: verdict.place, violations, hints: verdict.hints, truncated: verdict.truncated };
    for (let r = 0; r < texts.length; r++) texts[r] += renderers[r].order(shown);
  }
  for (let r = 0; r < texts.length; r++) texts[r] += unit.texts[r].slice(from[r]);
  return Object.assign({}, unit, { texts, invalid, hinted, suppressed, rules, deferred: undefined });
}
