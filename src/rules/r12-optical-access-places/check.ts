// R12. When category is new and any order item has product @type OpticalAccessLineProduct: that
// item's product.relatedPlace has 1 to 2 items, including one with role locationA. The locationB
// place is a GeographicSite whose geographicSiteCharacteristic contains name collocation_room_name
// with a string value of length 1 to 50. The nested place array has exactly 1 item.

import { opticalAccess } from '../../generated/facts.js';
import { Findings, type Work } from '../../read.js';
import type { Check } from '../../violation.js';
import { checkPlaces, eachNewProduct } from '../places.js';

const products: ReadonlySet<string> = /* @__PURE__ */ new Set(opticalAccess.products);

export const r12: Check = /* @__PURE__ */ Object.freeze({
  id: 'R12',
  check(order: unknown, work?: Work) {
    const found = new Findings('R12', work);
    eachNewProduct(order, found, products, (places, path) => checkPlaces(found, places, path, opticalAccess));
    return found.done();
  },
});
