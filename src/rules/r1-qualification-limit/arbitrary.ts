// R1: a new order carries at most one product offering qualification; its mutants carry two to four.
import fc from 'fast-check';
import { newCategory, qualifications } from '../../generated/facts.js';
import { entity, family, type OrderPart, type Orders, put, root } from '../arbitrary-kit.js';

export const part: OrderPart = { qualifications: { [newCategory]: qualifications } };

export const mutants = ({ orderOf }: Orders) =>
  family('R1', orderOf(newCategory), root, [
    fc
      .array(entity('ProductOfferingQualificationRef'), {
        minLength: qualifications + 1,
        maxLength: qualifications + 3,
      })
      .map((list) => put('productOfferingQualification', list, 'too_many_items')),
  ]);
