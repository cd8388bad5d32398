// R11. When category is new and any order item has product @type BitstreamAccessProduct: that
// item's product.relatedPlace has exactly 1 item, with role locationA.

import { Findings } from '../read.js';
import type { Rule } from '../violation.js';
import { eachNewProduct, rolesOf } from './places.js';

const bitstream: ReadonlySet<string> = new Set(['BitstreamAccessProduct']);

export const r11: Rule = Object.freeze({
  id: 'R11',
  title: 'In a new order, a BitstreamAccessProduct has exactly 1 relatedPlace, with role locationA.',
  check(order: unknown) {
    const found = new Findings('R11');
    eachNewProduct(order, bitstream, (places, path) => {
      if (places.length !== 1) return found.count(path, places.length, 1, 1);
      const role = rolesOf(places)?.[0];
      if (role && role !== 'locationA') found.add('not_allowed', `${path}/0/role`, { allowed: ['locationA'] });
    });
    return found.done();
  },
});
