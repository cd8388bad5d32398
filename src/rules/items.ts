// R9 and R14 share one shape: in orders of some categories every item has one action.

import { isRecord } from '../read.js';
import type { RuleId } from '../violation.js';
import type { Found } from '../walk.js';

/** The pointer of order item `i`; built only for a fault. */
export const itemPath = (i: number): string => `/productOrderItem/${i}`;

/** The hooks of a rule that every item of an order in one of `categories` has `action`. A non-string action is R-field's. */
export function actionDemand(id: RuleId, categories: ReadonlySet<string>, action: string) {
  const applies = (category: unknown) => typeof category === 'string' && categories.has(category);
  return Object.freeze({
    /** At an order item: its action is missing. */
    item(f: Found, item: unknown, actual: unknown, category: unknown, i: number): void {
      if (actual === undefined && isRecord(item) && applies(category)) f.missing(id, itemPath(i), 'action');
    },
    /** At an order item's action. */
    action(f: Found, actual: unknown, category: unknown, i: number): void {
      if (typeof actual === 'string' && actual !== action && applies(category))
        f.add(id, 'not_allowed', `${itemPath(i)}/action`, { allowed: [action] });
    },
  });
}
