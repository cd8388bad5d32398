// R10. When category is new and any order item has product @type HvtLocalLoopProduct or
// KvzLocalLoopProduct: that item's product.relatedPlace has exactly 2 items, one with role locationA
// and one with role locationB. The locationB place is a GeographicSite whose
// geographicSiteCharacteristic contains (a) name national_destination_code with a string value
// matching the pattern ^[1-9][0-9]{1,4}$, and (b) name local_exchange_area with a string value
// matching the pattern ^[1-9][0-9]{0,3}$. The nested place array of that site has exactly 1 item.
// Both characteristics and the nested place are required.

import { Findings, jsonType } from '../read.js';
import type { Rule } from '../violation.js';
import { checkLocationB, eachNewProduct, requireRoles, type ValueCheck } from './places.js';

/** A check that the value is a string matching `pattern`. */
function matching(pattern: RegExp): ValueCheck {
  return (value) => {
    if (typeof value !== 'string') return ['wrong_type', { expected: 'string', actual: jsonType(value) }];
    return pattern.test(value) ? undefined : ['pattern_mismatch', { pattern: pattern.source }];
  };
}

const localLoops: ReadonlySet<string> = new Set(['HvtLocalLoopProduct', 'KvzLocalLoopProduct']);
const site = {
  characteristics: [
    ['national_destination_code', matching(/^[1-9][0-9]{1,4}$/)],
    ['local_exchange_area', matching(/^[1-9][0-9]{0,3}$/)],
  ],
} as const;

export const r10: Rule = Object.freeze({
  id: 'R10',
  title:
    'In a new order, an HVt or KVz local loop has one locationA and one locationB place, locationB a GeographicSite with national_destination_code, local_exchange_area and 1 nested place.',
  check(order: unknown) {
    const found = new Findings('R10');
    eachNewProduct(order, localLoops, (places, path) => {
      if (places.length !== 2) found.count(path, places.length, 2, 2);
      else requireRoles(found, places, path, ['locationA', 'locationB']);
      checkLocationB(found, places, path, site);
    });
    return found.done();
  },
});
