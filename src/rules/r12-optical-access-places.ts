// R12. When category is new and any order item has product @type OpticalAccessLineProduct: that
// item's product.relatedPlace has 1 to 2 items, including one with role locationA. The locationB
// place is a GeographicSite whose geographicSiteCharacteristic contains name collocation_room_name
// with a string value of length 1 to 50. The nested place array has exactly 1 item.

import { Findings, jsonType } from '../read.js';
import { codePointLength } from '../schema-runtime.js';
import type { Rule } from '../violation.js';
import { checkLocationB, eachNewProduct, requireRoles, type ValueCheck } from './places.js';

const roomName: ValueCheck = (value) => {
  if (typeof value !== 'string') return ['wrong_type', { expected: 'string', actual: jsonType(value) }];
  const length = codePointLength(value);
  if (length < 1) return ['too_short', { limit: 1 }];
  return length > 50 ? ['too_long', { limit: 50 }] : undefined;
};

const opticalAccess: ReadonlySet<string> = new Set(['OpticalAccessLineProduct']);
const site = { characteristics: [['collocation_room_name', roomName]] } as const;

export const r12: Rule = Object.freeze({
  id: 'R12',
  title:
    'In a new order, an OpticalAccessLineProduct has 1 to 2 places including locationA; a locationB place is a GeographicSite with collocation_room_name (1 to 50) and 1 nested place.',
  check(order: unknown) {
    const found = new Findings('R12');
    eachNewProduct(order, opticalAccess, (places, path) => {
      if (places.length < 1 || places.length > 2) found.count(path, places.length, 1, 2);
      else requireRoles(found, places, path, ['locationA']);
      checkLocationB(found, places, path, site);
    });
    return found.done();
  },
});
