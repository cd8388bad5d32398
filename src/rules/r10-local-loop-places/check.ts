// R10. When category is new and any order item has product @type HvtLocalLoopProduct or
// KvzLocalLoopProduct: that item's product.relatedPlace has exactly 2 items, one with role locationA
// and one with role locationB. The locationB place is a GeographicSite whose
// geographicSiteCharacteristic contains (a) name national_destination_code with a string value
// matching the pattern ^[1-9][0-9]{1,4}$, and (b) name local_exchange_area with a string value
// matching the pattern ^[1-9][0-9]{0,3}$. The nested place array of that site has exactly 1 item.
// Both characteristics and the nested place are required.

import { localLoop } from '../../generated/facts.js';
import { placesDemand } from '../places.js';

export const { places, place, placesEnd, type, characteristics, characteristic, characteristicsEnd, nested } =
  /* @__PURE__ */ placesDemand('R10', localLoop);
