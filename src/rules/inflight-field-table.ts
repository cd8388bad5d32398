// R-field of an in-flight change: the InflightChangeProductOrder_FVO field table: @type,
// requestPostedDate, entity (an EntityRef with @type and id) and category required; types and
// date-times of the other fields.
import { checkInflightFields } from '../generated/inflight-table-checks.js';
import type { Rule } from '../violation.js';
import { tableRule } from './r-field-table/check.js';

export const inflightFieldTable: Rule = /* @__PURE__ */ titledTable();

function titledTable(): Rule {
  return Object.freeze({
    ...tableRule(checkInflightFields),
    title:
      'The in-flight change has the required fields of InflightChangeProductOrder_FVO, each with the type, count and date-time form the schema gives.',
  });
}
