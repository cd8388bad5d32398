// R1: a new order carries at most one product offering qualification; its mutants carry two to four.
import fc from 'fast-check';
import type { ViolationCode } from '../../violation.js';
import { entity, family, type OrderPart, type Orders, put, root } from '../arbitrary-kit.js';

export const part: OrderPart = { qualifications: { new: 1 } };

export const mutants = ({ orderOf }: Orders) =>
  family('R1', orderOf('new'), root, [
    fc
      .array(entity('ProductOfferingQualificationRef'), { minLength: 2, maxLength: 4 })
      .map((list) => put('productOfferingQualification', list, 'too_many_items')),
  ]);

/** The codes the mutants give, one per mutant. */
export const faults: readonly ViolationCode[] = ['too_many_items'];
