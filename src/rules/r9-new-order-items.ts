// R9. When category is new: every order item has action equal to add, and every order item's
// product requires relatedPlace.

import { has, isRecord, own } from '../read.js';
import { actionDemand } from './items.js';

export const r9 = actionDemand({
  id: 'R9',
  title: 'When category is new: every order item has action add, and its product requires relatedPlace.',
  categories: new Set(['new']),
  action: 'add',
  item(found, item, path) {
    if (!has(item, 'product', item.product)) return found.missing(path, 'product');
    const product = own(item, 'product', item.product);
    if (isRecord(product) && !has(product, 'relatedPlace', product.relatedPlace))
      found.missing(`${path}/product`, 'relatedPlace');
  },
});
