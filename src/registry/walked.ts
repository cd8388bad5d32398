// The rules of an order as the one generated walk runs them: each rule's check is that walk with only
// the rule on; a validation with several runs it once with all of them on (src/validate.ts).

import { maxReads, Work } from '../read.js';
import type { Check, Finding, RuleId } from '../violation.js';
import { Found } from '../walk.js';
import { walkOrder } from './walk.js';

const walked = /* @__PURE__ */ new WeakMap<object, RuleId>();

/** The id of `check` when it is one of the walk's rules, else undefined. */
export const walkedId = (check: unknown): RuleId | undefined =>
  typeof check === 'object' && check !== null ? walked.get(check) : undefined;

/**
 * The findings of the rules `on` in `input`, in path order: one walk, until `stop` findings or the
 * reads of `work` are spent (then `stopped`). A throw of the input (a getter, a Proxy trap) is thrown.
 */
export function walkFindings(
  input: unknown,
  on: ReadonlySet<string>,
  stop: number,
  work: Work,
): { found: Finding[]; stopped: boolean } {
  const found = new Found(on, stop, work);
  try {
    walkOrder(input, '', found);
  } catch (error) {
    if (error !== found) throw error;
    return { found: found.list, stopped: true };
  }
  return { found: found.list, stopped: false };
}

/** `check`, a copy of a walked rule's (with its title, say), known as that rule of the walk. */
export function walkedAs<C extends Check>(check: C, of: Check): C {
  const id = walkedId(of);
  if (id !== undefined) walked.set(check, id);
  return check;
}

/** The check of rule `id`: the walk with only that rule on. */
export function walkRule(id: RuleId): Check {
  const on = new Set<string>([id]);
  const check: Check = Object.freeze({
    id,
    check(order: unknown, work?: Work) {
      return walkFindings(order, on, Number.POSITIVE_INFINITY, work ?? new Work(Number.POSITIVE_INFINITY, maxReads))
        .found;
    },
  });
  walked.set(check, id);
  return check;
}
