// R9. When category is new: every order item has action equal to add, and every order item's
// product requires relatedPlace.

import { addAction, newCategory } from '../../generated/facts.js';
import { isRecord, own } from '../../read.js';
import { actionDemand, itemPath } from '../items.js';

export const r9 = /* @__PURE__ */ actionDemand({
  id: 'R9',
  categories: new Set([newCategory]),
  action: addAction,
  item(found, item, i) {
    const product = own(item, 'product', item.product);
    if (product === undefined) found.missing(itemPath(i), 'product');
    else if (isRecord(product) && own(product, 'relatedPlace', product.relatedPlace) === undefined)
      found.missing(`${itemPath(i)}/product`, 'relatedPlace');
  },
});
