// R12. When category is new and any order item has product @type OpticalAccessLineProduct: that
// item's product.relatedPlace has 1 to 2 items, including one with role locationA. The locationB
// place is a GeographicSite whose geographicSiteCharacteristic contains name collocation_room_name
// with a string value of length 1 to 50. The nested place array has exactly 1 item.

import { opticalAccess } from '../../generated/facts.js';
import { placesDemand } from '../places.js';

export const { places, place, placesEnd, type, characteristics, characteristic, characteristicsEnd, nested } =
  /* @__PURE__ */ placesDemand('R12', opticalAccess);
