// R3: a party of a contact role has a phone among its contact media; its mutants take it away.
import fc from 'fast-check';
import type { ViolationCode } from '../../violation.js';
import {
  contactFamily,
  contactRoles,
  insert,
  media,
  type OrderPart,
  type Orders,
  party,
  phone,
  related,
} from '../arbitrary-kit.js';

export const part: OrderPart = {
  parties: related(fc.constantFrom(...contactRoles), party(insert(phone, media), true)),
};

export const mutants = (orders: Orders) =>
  contactFamily(orders, 'R3', contactRoles, phone, 'PhoneContactMedium', 'missing_phone_contact');

/** The codes the mutants give, one per mutant. */
export const faults: readonly ViolationCode[] = ['missing_phone_contact'];
