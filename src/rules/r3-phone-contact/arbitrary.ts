// R3: a party of a contact role has a phone among its contact media; its mutants take it away.

import fc from 'fast-check';
import { contactRoles, phoneMedium } from '../../generated/facts.js';
import { contactFamily, insert, media, type OrderPart, type Orders, party, phone, related } from '../arbitrary-kit.js';

export const part: OrderPart = {
  parties: related(fc.constantFrom(...contactRoles), party(insert(phone, media), true)),
};

export const mutants = (orders: Orders) =>
  contactFamily(orders, 'R3', contactRoles, phone, phoneMedium, 'missing_phone_contact');
