// Reading untrusted input: own properties only, no assumption about shape.
import type { Finding, RuleId, ViolationCode } from '../violation.js';

export type Data = Readonly<Record<string, unknown>>;

/** The result of a rule that holds; shared, so the valid path allocates nothing. */
export const none: readonly Finding[] = Object.freeze([]);

export function isRecord(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const hasOwn = Object.prototype.hasOwnProperty;

/** An own property's value; inherited properties count as absent. */
export function own(data: Data, key: string): unknown {
  return hasOwn.call(data, key) ? data[key] : undefined;
}

/** Whether `data` has the own property `key` with a value (`undefined` is no JSON value). */
export function has(data: Data, key: string): boolean {
  return hasOwn.call(data, key) && data[key] !== undefined;
}

/** The JSON type name of a value, for `expected` / `actual` params. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Collects the findings of one rule; allocates only once something is found. */
export class Findings {
  private list: Finding[] | undefined;
  constructor(private readonly rule: RuleId) {}

  add(code: ViolationCode, path: string, params: Finding['params'] = {}): void {
    this.list ??= [];
    this.list.push({ rule: this.rule, code, path, params });
  }

  /** Adds findings made elsewhere, such as a generated validator's. */
  addAll(findings: readonly Finding[]): void {
    if (findings.length === 0) return;
    this.list ??= [];
    for (const finding of findings) this.list.push(finding);
  }

  /** A required property: reported at the parent, naming the missing child. */
  missing(path: string, property: string): void {
    this.add('required', path, { property });
  }

  wrongType(path: string, expected: string, value: unknown): void {
    this.add('wrong_type', path, { expected, actual: jsonType(value) });
  }

  /** A count outside `min..max`, as too_few_items or too_many_items. */
  count(path: string, actual: number, min: number, max: number): void {
    if (actual < min) this.add('too_few_items', path, { limit: min, actual });
    else if (actual > max) this.add('too_many_items', path, { limit: max, actual });
  }

  done(): readonly Finding[] {
    return this.list ?? none;
  }
}

const empty: readonly unknown[] = Object.freeze([]);

/** `data[key]` when it is an own array, else an empty list. */
export function list(data: Data, key: string): readonly unknown[] {
  const value = own(data, key);
  return Array.isArray(value) ? value : empty;
}
