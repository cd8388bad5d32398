// R1. When category is new: productOfferingQualification has at most 1 item.

import { qualifications as maxQualifications, newCategory } from '../../generated/facts.js';
import { Findings, isRecord, lengthOf, none, own, type Work } from '../../read.js';
import type { Check } from '../../violation.js';

export const r1: Check = /* @__PURE__ */ Object.freeze({
  id: 'R1',
  check(order: unknown, work?: Work) {
    if (!isRecord(order) || own(order, 'category', order.category) !== newCategory) return none;
    const qualifications = own(order, 'productOfferingQualification', order.productOfferingQualification);
    const n = Array.isArray(qualifications) ? lengthOf(qualifications) : 0;
    if (n <= maxQualifications) return none;
    const found = new Findings('R1', work);
    found.count('/productOfferingQualification', n, 0, maxQualifications);
    return found.done();
  },
});
