// R-field of an in-flight change: the InflightChangeProductOrder_FVO field table: @type,
// requestPostedDate, entity (an EntityRef with @type and id) and category required; types and
// date-times of the other fields.
import { checkInflightFields } from '../generated/inflight-table-checks.js';
import { Findings, type Work } from '../read.js';
import type { Rule } from '../violation.js';

export const inflightFieldTable: Rule = /* @__PURE__ */ Object.freeze({
  id: 'R-field',
  title:
    'The in-flight change has the required fields of InflightChangeProductOrder_FVO, each with the type, count and date-time form the schema gives.',
  check(change: unknown, work?: Work) {
    const found = new Findings('R-field', work);
    checkInflightFields(change, '', found);
    return found.done();
  },
});
