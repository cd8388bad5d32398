// R9 and R14 share one shape: in orders of some categories every item has one action.

import { Findings, isRecord, list, none, own, type Work } from '../read.js';
import type { Check, RuleId } from '../violation.js';

interface ActionDemand {
  readonly id: RuleId;
  readonly categories: ReadonlySet<string>;
  readonly action: string;
  /** Further checks of each item, for R9's relatedPlace. */
  readonly item?: (found: Findings, item: Readonly<Record<string, unknown>>, index: number) => void;
}

/** The pointer of order item `i`; built only for a fault. */
export const itemPath = (i: number): string => `/productOrderItem/${i}`;

/** A rule that every item of an order in one of `categories` has `action`. A non-string action is R-field's. */
export function actionDemand({ id, categories, action, item: more }: ActionDemand): Check {
  return Object.freeze({
    id,
    check(order: unknown, work?: Work) {
      if (!isRecord(order)) return none;
      const category = own(order, 'category', order.category);
      if (typeof category !== 'string' || !categories.has(category)) return none;
      const items = list(order, 'productOrderItem', order.productOrderItem);
      const found = new Findings(id, work);
      for (let i = 0, n = found.visit(items); i < n; i++) {
        const item = items[i];
        if (!isRecord(item)) continue;
        const actual = own(item, 'action', item.action);
        if (actual === undefined) found.missing(itemPath(i), 'action');
        else if (typeof actual === 'string' && actual !== action)
          found.add('not_allowed', `${itemPath(i)}/action`, { allowed: [action] });
        more?.(found, item, i);
      }
      return found.done();
    },
  });
}
