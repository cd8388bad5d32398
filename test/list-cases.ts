// The list rules with an empty list, as a clerk meets them: an example order with one list emptied,
// the rule that holds it back, and the list it is about. The list pages of test/react-form/ and
// test/tanstack-form/ start from `order(id)`; their tests check the message at the list and the focus
// on its control that adds a row.
import bitstream from '../examples/orders/valid/new-bitstream-access-ftth.json' with { type: 'json' };
import hvt from '../examples/orders/valid/new-hvt-local-loop.json' with { type: 'json' };
import optical from '../examples/orders/valid/new-optical-access-line-with-collocation-site.json' with { type: 'json' };

/** An order as the pages hold it: JSON, changed in place. */
// biome-ignore lint/suspicious/noExplicitAny: the example orders, edited freely
type Order = any;

/** One list rule with its list emptied. */
export interface ListCase {
  /** The case's name in the page's URL (`?case=`). */
  readonly id: string;
  /** The rule that the empty list breaks, and its code. */
  readonly rule: string;
  readonly code: string;
  /** The JSON Pointer of the list. */
  readonly list: string;
  /** The order: an example with the list emptied. */
  readonly order: () => Order;
}

const PLACES = '/productOrderItem/0/product/relatedPlace';
const copy = (order: unknown): Order => structuredClone(order);
const site = (order: Order) => order.productOrderItem[0].product.relatedPlace[1].place;

export const listCases: readonly ListCase[] = [
  {
    id: 'items',
    rule: 'R-field',
    code: 'too_few_items',
    list: '/productOrderItem',
    order: () => Object.assign(copy(hvt), { productOrderItem: [] }),
  },
  {
    id: 'external-id',
    rule: 'R-field',
    code: 'too_few_items',
    list: '/externalId',
    order: () => Object.assign(copy(hvt), { externalId: [] }),
  },
  {
    id: 'r3',
    rule: 'R3',
    code: 'missing_phone_contact',
    list: '/relatedParty/0/partyOrPartyRole/contactMedium',
    order: () => {
      const order = copy(hvt);
      order.relatedParty[0].partyOrPartyRole.contactMedium = [];
      return order;
    },
  },
  {
    id: 'r4',
    rule: 'R4',
    code: 'missing_postal_contact',
    list: '/relatedParty/1/partyOrPartyRole/contactMedium',
    order: () => {
      const order = copy(bitstream);
      order.relatedParty[1].partyOrPartyRole.contactMedium = [];
      return order;
    },
  },
  ...(
    [
      ['r10', 'R10', hvt],
      ['r11', 'R11', bitstream],
      ['r12', 'R12', optical],
    ] as const
  ).map(([id, rule, example]) => ({
    id,
    rule,
    code: 'too_few_items',
    list: PLACES,
    order: () => {
      const order = copy(example);
      order.productOrderItem[0].product.relatedPlace = [];
      return order;
    },
  })),
  ...(
    [
      ['r10', 'R10', hvt],
      ['r12', 'R12', optical],
    ] as const
  ).flatMap(([id, rule, example]) => [
    {
      id: `${id}-characteristics`,
      rule,
      code: 'missing_characteristic',
      list: `${PLACES}/1/place/geographicSiteCharacteristic`,
      order: () => {
        const order = copy(example);
        site(order).geographicSiteCharacteristic = [];
        return order;
      },
    },
    {
      id: `${id}-nested-place`,
      rule,
      code: 'too_few_items',
      list: `${PLACES}/1/place/place`,
      order: () => {
        const order = copy(example);
        site(order).place = [];
        return order;
      },
    },
  ]),
];

/** The order of the case `id`, or the HVt example for none. */
export const orderOf = (id: string | null): Order => listCases.find((c) => c.id === id)?.order() ?? copy(hvt);
