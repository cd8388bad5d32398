// R-field of an in-flight change: the InflightChangeProductOrder_FVO field table: @type,
// requestPostedDate, entity (an EntityRef with @type and id) and category required; types and
// date-times of the other fields.
import { checkInflightFields } from '../generated/inflight-table-checks.js';
import { tableRule } from './field-table.js';

export const inflightFieldTable = /* @__PURE__ */ tableRule(
  'The in-flight change has the required fields of InflightChangeProductOrder_FVO, each with the type, count and date-time form the schema gives.',
  checkInflightFields,
);
