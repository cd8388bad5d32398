// R1. When category is new, productOfferingQualification has at most 1 item.

import { qualifications as maxQualifications, newCategory } from '../../generated/facts.js';
import type { Found } from '../../walk.js';

/** At the order's productOfferingQualification: `n` items, in an order of `category`. */
export function qualifications(f: Found, n: number, category: unknown): void {
  if (category === newCategory && n > maxQualifications)
    f.count('R1', '/productOfferingQualification', n, 0, maxQualifications);
}
