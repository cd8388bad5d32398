// R-field: the ProductOrder_FVO field table: required fields, types, enums, lengths, item counts, date-time.
import { checkOrderFields } from '../../generated/table-checks.js';
import { Findings, type Work } from '../../read.js';
import type { Check } from '../../violation.js';

/** An R-field rule that runs one compiled field table over the whole input. */
export function tableRule(walk: (value: unknown, path: string, found: Findings) => void): Check {
  return Object.freeze({
    id: 'R-field',
    check(order: unknown, work?: Work) {
      const found = new Findings('R-field', work);
      walk(order, '', found);
      return found.done();
    },
  });
}

export const fieldTable = /* @__PURE__ */ tableRule(checkOrderFields);
