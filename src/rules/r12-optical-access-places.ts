// R12. When category is new and any order item has product @type OpticalAccessLineProduct: that
// item's product.relatedPlace has 1 to 2 items, including one with role locationA. The locationB
// place is a GeographicSite whose geographicSiteCharacteristic contains name collocation_room_name
// with a string value of length 1 to 50. The nested place array has exactly 1 item.

import { Findings, textFault } from '../read.js';
import type { Rule } from '../violation.js';
import { checkLocationB, eachNewProduct, requireRoles, type ValueCheck } from './places.js';

const roomName: ValueCheck = (value) => textFault(value, 1, 50);

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
