// R11. When category is new and any order item has product @type BitstreamAccessProduct: that
// item's product.relatedPlace has exactly 1 item, with role locationA.

import { bitstream } from '../../generated/facts.js';
import { Findings, lengthOf, type Work } from '../../read.js';
import type { Check } from '../../violation.js';
import { eachNewProduct, rolesOf } from '../places.js';

const products: ReadonlySet<string> = /* @__PURE__ */ new Set(bitstream.products);

export const r11: Check = /* @__PURE__ */ Object.freeze({
  id: 'R11',
  check(order: unknown, work?: Work) {
    const found = new Findings('R11', work);
    const { places: count, role: only } = bitstream;
    eachNewProduct(order, found, products, (places, path) => {
      const n = lengthOf(places);
      if (n < count.min || n > count.max) return found.count(path, n, count.min, count.max);
      const roles = rolesOf(found, places) ?? [];
      for (let j = 0; j < roles.length; j++)
        if (roles[j] !== only) found.add('not_allowed', `${path}/${j}/role`, { allowed: [only] });
    });
    return found.done();
  },
});
