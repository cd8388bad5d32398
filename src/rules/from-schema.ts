// Turns the errors of a generated validator into findings: one per node, deepest node, no noise.
import { dateTimePattern } from '../generated/table-checks.js';
import type { SchemaCheck, SchemaError } from '../schema-check.js';
import { type Finding, type RuleId, tokens, type ViolationCode } from '../violation.js';
import { isRecord, jsonType, none, own } from './read.js';

/** Runs a generated validator on `data` and reports its errors under `base` as findings of `rule`. */
export function schemaFindings(check: SchemaCheck, rule: RuleId, data: unknown, base: string): readonly Finding[] {
  if (check(data)) return none;
  const found: Finding[] = [];
  const seen = new Set<string>();
  for (const error of check.errors ?? []) {
    const finding = toFinding(error, rule, data, base);
    if (!finding) continue;
    const key = `${finding.path}\u0000${finding.params.property ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(finding);
  }
  return found;
}

const codes: Readonly<Record<string, ViolationCode>> = {
  required: 'required',
  type: 'wrong_type',
  enum: 'not_allowed',
  const: 'not_allowed',
  minLength: 'too_short',
  maxLength: 'too_long',
  minItems: 'too_few_items',
  maxItems: 'too_many_items',
  format: 'invalid_date_time',
  pattern: 'pattern_mismatch',
};

function toFinding(error: SchemaError, rule: RuleId, data: unknown, base: string): Finding | undefined {
  const { keyword, params, instancePath } = error;
  let code = codes[keyword];
  if (!code) return undefined; // if / allOf: the branch's own error says it better
  const path = base + instancePath;
  const value = () => at(data, instancePath);
  switch (code) {
    case 'required':
      return { rule, code, path, params: { property: params.missingProperty } };
    case 'wrong_type':
      return { rule, code, path, params: { expected: params.type, actual: jsonType(value()) } };
    case 'not_allowed': {
      const allowed = keyword === 'enum' ? params.allowedValues : [params.allowedValue];
      if (instancePath.endsWith('/@type')) code = 'unknown_type';
      return { rule, code, path, params: { allowed } };
    }
    case 'too_short':
    case 'too_long':
    case 'too_few_items':
    case 'too_many_items':
      return { rule, code, path, params: { limit: params.limit } };
    case 'pattern_mismatch':
      if (params.pattern !== dateTimePattern) return { rule, code, path, params: { pattern: params.pattern } };
      return dateTimeFinding(rule, path, value());
    default:
      return dateTimeFinding(rule, path, value());
  }
}

function dateTimeFinding(rule: RuleId, path: string, value: unknown): Finding {
  return { rule, code: 'invalid_date_time', path, params: { format: 'date-time', reason: dateTimeFault(value) } };
}

/** What a date-time lacks, so the message can say so. */
export function dateTimeFault(value: unknown): string {
  if (typeof value !== 'string') return 'invalid';
  if (/^\d{4}-\d\d-\d\d$/.test(value)) return 'missing_time';
  if (/^\d{4}-\d\d-\d\d[Tt ]\d\d:\d\d(?:[Zz]|[+-]\d\d:?\d\d)?$/.test(value)) return 'missing_seconds';
  if (/^\d{4}-\d\d-\d\d[Tt ]\d\d:\d\d:\d\d(?:\.\d+)?$/.test(value)) return 'missing_offset';
  return 'invalid';
}

/** The node at a JSON Pointer below `data`, own properties only. */
function at(data: unknown, path: string): unknown {
  let node = data;
  for (const token of tokens(path)) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isRecord(node)) node = own(node, token);
    else return undefined;
  }
  return node;
}
