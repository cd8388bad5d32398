// R-field: the ProductOrder_FVO field table: required fields, types, enums, lengths, item counts, date-time.
import { checkOrderFields } from '../generated/table-checks.js';
import { Findings } from '../read.js';
import type { Rule } from '../violation.js';

export const fieldTable: Rule = Object.freeze({
  id: 'R-field',
  title:
    'The order has the required fields of ProductOrder_FVO, each with the type, values, length and count the field table gives.',
  check(order: unknown) {
    const found = new Findings('R-field');
    checkOrderFields(order, '', found);
    return found.done();
  },
});
