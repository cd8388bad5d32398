// Test-only helpers: a minimal valid order, builders for the shapes the rules look at, and assertions
// on rule, code, path and params (never on wording). Not exported from the package.
import { expect } from 'vitest';
import { comparePaths } from '../pointer.js';
import { checks } from '../registry/checks.js';
import { validateProductOrder } from '../validate.js';
import type { Check, RuleId, ViolationCode } from '../violation.js';
import { categories, contactRoles, deliveryRoles, freeRoles, terminations } from './arbitrary-kit.js';

// biome-ignore lint/suspicious/noExplicitAny: tests build and break orders freely
export type Order = any;

/** The ten categories of the field table. */
/** The categories of R14; the role groups of R3, R4 and R5, as the spec lists them. */
export { categories, contactRoles, deliveryRoles, freeRoles, terminations };

/** Every category but new. */
export const notNew = categories.filter((c) => c !== 'new');

/** A string of `n` code points; `'😀'` makes each one a surrogate pair. */
export const chars = (n: number, char = 'x'): string => char.repeat(n);

export const phone = (extra: object = {}) => ({
  '@type': 'PhoneContactMedium',
  contactType: 'fixed',
  phoneNumber: '+49221123456',
  ...extra,
});
export const email = (extra: object = {}) => ({
  '@type': 'EmailContactMedium',
  contactType: 'email',
  emailAddress: 'melanie.muster@example.de',
  ...extra,
});
export const postal = (extra: object = {}) => ({
  '@type': 'PostalAddressContactMedium',
  contactType: 'postal',
  city: 'Köln',
  postcode: '50667',
  streetName: 'Biberweg',
  streetNr: '2',
  ...extra,
});

export const individual = (extra: object = {}) => ({
  '@type': 'Individual',
  salutation: 'Frau',
  familyName: 'Muster',
  ...extra,
});
export const organization = (extra: object = {}) => ({ '@type': 'Organization', name: 'Muster GmbH', ...extra });
export const party = (role: unknown, partyOrPartyRole: unknown = individual()) => ({ role, partyOrPartyRole });

export const address = (extra: object = {}) => ({
  '@type': 'GeographicAddress',
  streetName: 'Biberweg',
  streetNr: '2',
  postcode: '59055',
  city: 'Rheinhausen',
  ...extra,
});
export const placeRef = (extra: object = {}) => ({
  '@type': 'PlaceRef',
  id: 'HVT-0221-12',
  '@referredType': 'GeographicAddress',
  ...extra,
});
export const characteristic = (name: string, value: unknown) => ({ name, value });
export const site = (geographicSiteCharacteristic: unknown[] = [], place: unknown[] = [placeRef()]) => ({
  '@type': 'GeographicSite',
  geographicSiteCharacteristic,
  place,
});
/** The locationB site of R10. */
export const loopSite = (ndc: unknown = '221', lea: unknown = '12') =>
  site([characteristic('national_destination_code', ndc), characteristic('local_exchange_area', lea)]);
/** The locationB site of R12. */
export const roomSite = (room: unknown = 'Raum 1.04') => site([characteristic('collocation_room_name', room)]);
export const place = (role: unknown, placeValue: unknown = address()) => ({ role, place: placeValue });

export const item = (productType: unknown, relatedPlace?: unknown[], action: unknown = 'add') => ({
  action,
  product: relatedPlace === undefined ? { '@type': productType } : { '@type': productType, relatedPlace },
});

/** A fresh minimal valid new order: one technicalContact, one HVt local loop. */
export function validOrder(): Order {
  return {
    category: 'new',
    orderPostedDate: '2025-03-10T09:15:00+01:00',
    requestedCompletionDate: '2025-04-01T12:00:00+02:00',
    relatedParty: [party('technicalContact', individual({ contactMedium: [phone()] }))],
    productOrderItem: [item('HvtLocalLoopProduct', [place('locationA'), place('locationB', loopSite())])],
  };
}

/** A fresh valid order of `category`: its items have action delete in the termination categories. */
export function withCategory(category: string): Order {
  const order = validOrder();
  order.category = category;
  if ((terminations as readonly string[]).includes(category)) order.productOrderItem[0].action = 'delete';
  return order;
}

/** A fresh valid order changed by `change`. */
export function orderWith(change: (order: Order) => void, base: Order = validOrder()): Order {
  change(base);
  return base;
}

/** A fresh order of `category` whose only item is `items[0]`, and so on. */
export const withItems = (items: unknown[], category = 'new'): Order =>
  orderWith((o) => {
    o.productOrderItem = items;
  }, withCategory(category));

/** A fresh order whose only related parties are `parties`. */
export const withParties = (...parties: unknown[]): Order =>
  orderWith((o) => {
    o.relatedParty = parties;
  });

/** A fresh order with one locationAContact (no contact-medium demand) whose party has `media`. */
export const withMedia = (...media: unknown[]): Order =>
  withParties(party('locationAContact', individual({ contactMedium: media })));

/** JSON Pointers into the orders above. */
export const PARTY = '/relatedParty/0/partyOrPartyRole';
export const MEDIA = `${PARTY}/contactMedium`;
export const ITEM = '/productOrderItem/0';
export const PLACES = `${ITEM}/product/relatedPlace`;

/** The check of the rule `id`, as the validator runs it. */
export function checkOf(id: RuleId): Check {
  const check = checks.find((c) => c.id === id);
  if (!check) throw new Error(`no rule ${id}`);
  return check;
}

export interface Expected {
  readonly rule: RuleId;
  readonly code: ViolationCode;
  readonly path: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/**
 * Asserts that the whole validator gives exactly these violations for `order`, in this order (params
 * compared with toMatchObject): for what only the validator does, as turning a throwing read into
 * `unreadable`. A rule's own cases use {@link ruleKit}.
 */
export function expectValidatorViolations(order: unknown, expected: readonly Expected[]): void {
  const result = validateProductOrder(order);
  const actual = result.violations.map(({ rule, code, path, params }) => ({ rule, code, path, params }));
  expect(actual).toMatchObject(expected.map((e) => ({ ...e })));
  expect(result.valid).toBe(expected.length === 0);
}

/**
 * The assertions of one rule's tests. They call checks directly, never the whole validator, so a new
 * rule's finding never breaks them: the rule's own check, and the check of each other rule an
 * expected finding names (where a fault is left to a neighbour, that neighbour must report it). The
 * findings are ordered as the validator orders them: by path, then by the order of the rules' ids.
 * Params compared with toMatchObject.
 */
export function ruleKit(id: RuleId) {
  const rule = checkOf(id);
  const expectFindings = (order: unknown, expected: readonly Expected[]): void => {
    const named = new Set<string>([rule.id, ...expected.map((e) => e.rule)]);
    const found = checks.filter((c) => named.has(c.id)).flatMap((c) => [...c.check(order)]);
    found.sort((a, b) => comparePaths(a.path, b.path));
    const actual = found.map(({ rule, code, path, params }) => ({ rule, code, path, params }));
    expect(actual).toMatchObject(expected.map((e) => ({ ...e })));
  };
  return {
    /** Asserts that the rule (and each neighbour named) finds exactly these faults in `order`, in this order. */
    expectViolations: expectFindings,
    /** Asserts that the rule (or the neighbour named) finds exactly one fault in `order`, this one. */
    expectViolation: (order: unknown, expected: Expected): void => expectFindings(order, [expected]),
    /** Asserts that the rule finds no fault in `order`. */
    expectNoViolation: (order: unknown): void => expectFindings(order, []),
  };
}

/** An order with five R-field faults at /description, /priority, /orderPostedDate, /externalId, /note. */
export const fiveFaults = () =>
  orderWith((o) => {
    o.description = '';
    o.priority = 'x'.repeat(11);
    o.orderPostedDate = 'yesterday';
    o.externalId = [];
    o.note = 'none';
  });
