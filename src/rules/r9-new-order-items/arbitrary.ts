// R9: in a new order, every item adds a product that has related places; its mutants give one
// another action, or take its action, product or places away.
import fc from 'fast-check';
import type { ViolationCode } from '../../violation.js';
import {
  drop,
  edit,
  family,
  find,
  item,
  type Json,
  nodeOf,
  type OrderPart,
  type Orders,
  otherProducts,
  product,
  productTypes,
  put,
} from '../arbitrary-kit.js';

export const part: OrderPart = {
  newItem: (type, places) => item(fc.constant('add'), product(type, places, true), true),
  items: { new: ({ newItemOf }) => fc.constantFrom(...productTypes, ...otherProducts).chain(newItemOf) },
};

export const mutants = ({ orderOf }: Orders) =>
  family('R9', orderOf('new'), (box) => find(box, '/productOrderItem/*'), [
    fc.constantFrom('modify', 'delete', 'nochange', 'transfer', 'Add').map((a) => put('action', a, 'not_allowed')),
    fc.constantFrom('action', 'product').map(drop),
    fc.constant(
      edit('product without relatedPlace', 'required', '/product', (t) => {
        delete (nodeOf(t).product as Json).relatedPlace;
      }),
    ),
  ]);

/** The codes the mutants give, one per mutant. */
export const faults: readonly ViolationCode[] = ['required', 'not_allowed'];
