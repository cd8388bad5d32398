// What the one generated walk of an order (src/registry/walk.js) reports to: the findings in path
// order within the budget of the validation (a Work), and the hints. The walk and the rules' hooks call it.
import { encodeToken } from './pointer.js';
import { dateTimeFault, jsonType, lengthOf, nearIn, strayNear, type Work, withFocus } from './read.js';
import type { Finding, FindingOf, ParamsByCode, ViolationCode } from './violation.js';

/**
 * The findings of one walk, in path order: past `stop` findings or the reads of `work`, the walk
 * stops (this collector is thrown, and only the validation that made it catches it). The findings
 * and hints of rules not `on` are left out.
 */
export class Found {
  readonly list: Finding[] = [];
  /** Where the next finding goes: -1 at the end, else before the finding at this index. */
  private cursor = -1;

  constructor(
    readonly on: ReadonlySet<string>,
    readonly stop: number,
    readonly work: Work,
  ) {}

  add<C extends ViolationCode>(rule: string, code: C, path: string, params: ParamsByCode[C]): void {
    if (!this.on.has(rule)) return;
    const finding = { rule, code, path, params } as FindingOf<C> as Finding;
    if (this.cursor < 0) this.list.push(finding);
    else this.list.splice(this.cursor++, 0, finding);
    if (this.list.length >= this.stop) throw this;
  }

  /** Where the findings stand now: an `end` hook inserts at a mark it took while the walk passed a node. */
  mark(): number {
    return this.list.length;
  }

  /** Findings go before the one at `mark` from now on, or at the end again for -1. */
  at(mark: number): void {
    this.cursor = mark;
  }

  /** Where the next finding goes, as {@link at} set it. */
  where(): number {
    return this.cursor;
  }

  /** The length of the array `list`, read once and charged to the budget. */
  visit(list: readonly unknown[]): number {
    const n = lengthOf(list);
    this.spend(n);
    return n;
  }

  /** Takes `n` reads from the budget; once they are spent, stops the walk as too costly. */
  spend(n: number): void {
    const { work } = this;
    work.reads -= n;
    if (work.reads < 0) {
      work.costly = true;
      throw this;
    }
  }

  /** A required property: reported at the parent, naming the missing child. */
  missing(rule: string, path: string, property: string): void {
    this.add(rule, 'required', path, { property });
  }

  wrongType(rule: string, path: string, expected: string, value: unknown): void {
    this.add(rule, 'wrong_type', path, { expected, actual: jsonType(value) });
  }

  /** A string that is no date-time as the schema demands, with what it lacks. */
  dateTime(rule: string, path: string, value: string): void {
    this.add(rule, 'invalid_date_time', path, { format: 'date-time', ...dateTimeFault(value) });
  }

  /** A value not among `allowed`: the violation of `code`, and a hint when it is a near miss of one of them. */
  outside(
    rule: string,
    code: 'not_allowed' | 'unknown_type' | 'unknown_role',
    path: string,
    value: unknown,
    allowed: readonly string[],
  ): void {
    this.add(rule, code, path, { allowed });
    if (typeof value === 'string') this.near(rule, path, value, allowed);
  }

  /** A count outside `min..max`, with what a form focuses: the control that adds a row, or the first surplus row. */
  count(rule: string, path: string, actual: number, min: number, max: number): void {
    if (actual < min) this.add(rule, 'too_few_items', path, withFocus({ limit: min, actual }, path));
    else if (actual > max) this.add(rule, 'too_many_items', path, withFocus({ limit: max, actual }, path, max));
  }

  /** A `did_you_mean` hint when `found`, at `path`, is a near miss of one of `known`. */
  near(rule: string, path: string, found: string, known: readonly string[]): void {
    const suggestion = nearIn(this.work, found, known);
    if (suggestion) this.hint(rule, path, found, suggestion);
  }

  /** A value the schema names elsewhere: a hint when it is a near miss. */
  stray(rule: string, path: string, found: string, known: readonly string[]): void {
    const suggestion = strayNear(this.work, found, known);
    if (suggestion !== undefined) this.hint(rule, path, found, suggestion);
  }

  /** {@link stray} for the key `found` of the object at `parent`: its path is made only for a hint. */
  strayKey(rule: string, parent: string, found: string, known: readonly string[]): void {
    const suggestion = strayNear(this.work, found, known);
    if (suggestion !== undefined) this.hint(rule, `${parent}/${encodeToken(found)}`, found, suggestion);
  }

  hint(rule: string, path: string, found: string, suggestion: string): void {
    if (!this.on.has(rule)) return;
    const { work } = this;
    work.hintsLeft--;
    work.hints ??= [];
    work.hints.push({ rule, code: 'did_you_mean', path, params: { found, suggestion } } as Finding);
  }
}
