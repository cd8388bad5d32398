// What the field facts ask of the fields the validator leaves open (`formOnly`: a place's address),
// as a rule a schema or validator runs: react-hook-form ignores `register`'s rules once a resolver
// is set, so a form's resolver must hold them itself.

import type { CustomFinding, CustomRule } from '../custom-rules.js';
import { formPatterns } from '../generated/form-patterns.js';
import { decodeToken, encodeToken } from '../pointer.js';
import { isRecord, lengthOf } from '../read.js';
import type { ParamsByCode } from '../violation.js';
import type { FieldFact, FieldFacts } from './field-facts.js';

/** A finding of {@link formOnlyRule}: the codes and params of the package's own field checks. */
export type FormOnlyFinding =
  | FormOnlyFindingOf<'required'>
  | FormOnlyFindingOf<'too_short'>
  | FormOnlyFindingOf<'too_long'>
  | FormOnlyFindingOf<'pattern_mismatch'>;

/** A finding of {@link formOnlyRule} of the code `C`, with the params of the package's own check of `C`. */
export interface FormOnlyFindingOf<C extends 'required' | 'too_short' | 'too_long' | 'pattern_mismatch'>
  extends CustomFinding<C, ParamsByCode[C]> {
  /** The rule's id, `'form-only'`. */
  readonly rule: 'form-only';
}

/** The most rows of one list, facts and findings the rule reads or gives: an order has far fewer. */
const maxRows = 10_000;
const maxFacts = 1_000;
const maxFindings = 1_000;

/**
 * A rule for `rules` of the schema factories (or `createValidator`) that checks what `facts` say a
 * form enforces itself (`formOnly: true`, a place's address): a required field present, its length
 * within `minLength` and `maxLength` (in code points), its `pattern` matched (a pattern of the
 * package's schema; one it does not know, in facts of a caller's own, is not checked). A field counts where
 * the object it sits in is of a kind (`@type`) that has it. Its findings have the codes and params
 * of the package's own (`required` at the object that lacks the field, `too_short`, `too_long`,
 * `pattern_mismatch`), so the labels word them: "Straße (Standort A) ist eine Pflichtangabe.".
 * The rule's id is `'form-only'`. With `emptyAsMissing`, an emptied input is missing.
 * @example
 * ```ts
 * import { createProductOrderSchema, fieldFactsDe, formOnlyRule, labelsDe } from 'product-order-validator';
 *
 * const schema = createProductOrderSchema({ labels: labelsDe, emptyAsMissing: true, rules: [formOnlyRule(fieldFactsDe)] });
 * ```
 */
export function formOnlyRule(facts: FieldFacts): CustomRule<FormOnlyFinding> {
  const checked = facts.fields.slice(0, maxFacts).filter((fact) => fact.formOnly === true);
  const kinds = new Map(facts.fields.map((fact) => [fact.pointer, fact]));
  const patterns = new Map(checked.map((fact) => [fact, fact.pattern ? formPatterns.get(fact.pattern) : undefined]));
  return {
    id: 'form-only',
    title: 'The fields a form enforces itself (a place’s address) are as the field facts say.',
    check: (order) => {
      const found: FormOnlyFinding[] = [];
      for (const fact of checked) {
        const tokens = fact.pointer.split('/').slice(1);
        const name = decodeToken(tokens.pop() ?? '');
        const types = kinds.get(`/${[...tokens, '@type'].join('/')}`)?.options;
        for (const [path, object] of objectsAt(order, tokens, '')) {
          if (found.length >= maxFindings) return found;
          // a field of one kind of object only (an address's street, not a site's)
          const kind = types?.find((option) => option.value === object['@type']);
          if (types && !kind?.fields?.includes(name)) continue;
          finding(fact, name, path, object, patterns.get(fact), found);
        }
      }
      return found;
    },
  };
}

/** The findings of `fact` about the field `name` of `object` at `path`. */
function finding(
  fact: FieldFact,
  name: string,
  path: string,
  object: Readonly<Record<string, unknown>>,
  pattern: RegExp | undefined,
  found: FormOnlyFinding[],
): void {
  const value = Object.hasOwn(object, name) ? object[name] : undefined;
  if (value === undefined) {
    if (fact.required) found.push({ rule: 'form-only', code: 'required', path, params: { property: name } });
    return;
  }
  if (typeof value !== 'string') return;
  const at = `${path}/${encodeToken(name)}`;
  const length = [...value].length;
  // a pattern says what the value must be (five digits), more than its length does
  if (pattern && fact.pattern && !pattern.test(value))
    found.push({ rule: 'form-only', code: 'pattern_mismatch', path: at, params: { pattern: fact.pattern } });
  else if (fact.minLength !== undefined && length < fact.minLength)
    found.push({ rule: 'form-only', code: 'too_short', path: at, params: { limit: fact.minLength } });
  else if (fact.maxLength !== undefined && length > fact.maxLength)
    found.push({ rule: 'form-only', code: 'too_long', path: at, params: { limit: fact.maxLength } });
}

/** The objects at the pointer `tokens` below `node` (`*` any row of a list), with their pointers. */
function* objectsAt(
  node: unknown,
  tokens: readonly string[],
  path: string,
): Generator<[string, Readonly<Record<string, unknown>>]> {
  const [first, ...rest] = tokens;
  if (first === undefined) {
    if (isRecord(node)) yield [path, node];
    return;
  }
  if (first === '*') {
    if (!Array.isArray(node)) return;
    const n = Math.min(lengthOf(node), maxRows);
    for (let i = 0; i < n; i++) if (Object.hasOwn(node, i)) yield* objectsAt(node[i], rest, `${path}/${i}`);
    return;
  }
  const key = first.replaceAll('~1', '/').replaceAll('~0', '~');
  if (isRecord(node) && Object.hasOwn(node, key)) yield* objectsAt(node[key], rest, `${path}/${first}`);
}
