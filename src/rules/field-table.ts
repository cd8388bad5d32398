// R-field: the ProductOrder_FVO field table: required fields, types, enums, lengths, item counts, date-time.
import { checkOrderFields } from '../generated/table-checks.js';
import type { Rule } from '../violation.js';
import { schemaFindings } from './from-schema.js';

export const fieldTable: Rule = Object.freeze({
  id: 'R-field',
  title:
    'The order has the required fields of ProductOrder_FVO, each with the type, values, length and count the field table gives.',
  check: (order: unknown) => schemaFindings(checkOrderFields, 'R-field', order, ''),
});
