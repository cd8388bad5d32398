// R4: the delivery contact has a postal address among its contact media; its mutants take it away.
import fc from 'fast-check';
import type { ViolationCode } from '../../violation.js';
import {
  contactFamily,
  deliveryRoles,
  insert,
  media,
  type OrderPart,
  type Orders,
  party,
  postal,
  related,
} from '../arbitrary-kit.js';

export const part: OrderPart = {
  parties: related(fc.constantFrom(...deliveryRoles), party(insert(postal, media), true)),
};

export const mutants = (orders: Orders) =>
  contactFamily(orders, 'R4', deliveryRoles, postal, 'PostalAddressContactMedium', 'missing_postal_contact');

/** The codes the mutants give, one per mutant. */
export const faults: readonly ViolationCode[] = ['missing_postal_contact'];
