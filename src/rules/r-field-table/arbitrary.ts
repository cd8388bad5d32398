// The field table's mutants: an order or an in-flight change with one field missing, of the wrong
// type, out of its bounds or not a date-time; the skeleton of src/rules/arbitrary-kit.ts is its valid order.
import fc from 'fast-check';
import type { ViolationCode } from '../../violation.js';
import {
  type Break,
  bounds,
  categories,
  drop,
  edit,
  family,
  find,
  nodeOf,
  type Orders,
  put,
  root,
  swap,
  unknownString,
} from '../arbitrary-kit.js';

/** Date-times the field tables reject. */
const dateFaults = [
  '2023-01-01T08:00+01:00',
  '2023-01-01T08:00:00',
  '2023-01-01',
  '2023-02-30T08:00:00Z',
  '2023-01-01 08:00:00Z',
  '2023-01-01T08:00:00+0100',
  '2023-13-01T08:00:00Z',
];

const fieldBreaks: fc.Arbitrary<Break>[] = [
  fc
    .constantFrom('productOrderItem', 'category', 'orderPostedDate', 'requestedCompletionDate', 'relatedParty')
    .map(drop),
  unknownString(categories).map((c) => put('category', c, 'not_allowed')),
  ...bounds('description', 255),
  ...bounds('priority', 10),
  fc
    .tuple(fc.constantFrom('orderPostedDate', 'requestedCompletionDate'), fc.constantFrom(...dateFaults))
    .map(([field, value]) => put(field, value, 'invalid_date_time')),
  fc.constantFrom('orderPostedDate', 'requestedCompletionDate').map((f) => put(f, 20230101, 'wrong_type')),
  fc.constant(put('externalId', [], 'too_few_items')),
  fc.constant(put('externalId', [{ id: 'A' }, { id: 'B' }], 'too_many_items')),
  fc.constant(put('productOrderItem', [], 'too_few_items')),
  fc
    .constantFrom('relatedParty', 'productOrderItem', 'note', 'agreement', 'attachment', 'productOfferingQualification')
    .map((f) => put(f, { 0: {} }, 'wrong_type')),
  fc.constantFrom('note', 'attachment', 'productOrderRelationship').map((f) =>
    edit(`${f} = ["text"]`, 'wrong_type', `/${f}/0`, (t) => {
      nodeOf(t)[f] = ['text'];
    }),
  ),
  fc.constantFrom('billingAccount', 'additionalOrderInformation').map((f) => put(f, [], 'wrong_type')),
  fc.constantFrom('@type', '@baseType', '@schemaLocation').map((f) => put(f, 622, 'wrong_type')),
  fc.constantFrom(null, 42, 'order', [], true).map(swap),
];

export const mutants = ({ order }: Orders) => family('R-field', order, root, fieldBreaks);

const inflightFieldBreaks: fc.Arbitrary<Break>[] = [
  fc.constantFrom('@type', 'requestPostedDate', 'entity', 'category').map(drop),
  fc
    .tuple(fc.constantFrom('requestPostedDate', 'requestedCompletionDate'), fc.constantFrom(...dateFaults))
    .map(([field, value]) => put(field, value, 'invalid_date_time')),
  fc.constant(put('category', [], 'too_few_items')),
  fc.constantFrom('new', 7, {}, null).map((value) => put('category', value, 'wrong_type')),
  fc.constant(
    edit('category = [3]', 'wrong_type', '/category/0', (t) => {
      nodeOf(t).category = [3];
    }),
  ),
  fc.constantFrom('entity', 'closeMessage', 'providerChangeInfo').map((f) => put(f, [], 'wrong_type')),
  fc
    .constantFrom('relatedParty', 'productOrderItem', 'agreement', 'note', 'externalId')
    .map((f) => put(f, { 0: {} }, 'wrong_type')),
  fc.constantFrom('@type', '@baseType', '@schemaLocation', 'id').map((f) => put(f, 622, 'wrong_type')),
  fc.constantFrom(null, 42, 'change', [], true).map(swap),
];

/** The in-flight change's own field table broken: at its root, or in its entity. */
export const inflightMutants = ({ inflightOrder }: Orders) =>
  fc.oneof(
    family('R-field', inflightOrder, root, inflightFieldBreaks),
    family('R-field', inflightOrder, (box) => find(box, '/entity'), [
      fc.constantFrom('@type', 'id').map(drop),
      fc.constantFrom('@type', 'id', 'href', 'name', '@referredType').map((f) => put(f, 5, 'wrong_type')),
    ]),
  );

/** The codes the mutants give, one per mutant. */
export const faults: readonly ViolationCode[] = [
  'required',
  'wrong_type',
  'not_allowed',
  'too_short',
  'too_long',
  'too_few_items',
  'too_many_items',
  'invalid_date_time',
];

/** The codes the in-flight mutants give, one per mutant. */
export const inflightFaults: readonly ViolationCode[] = [
  'required',
  'wrong_type',
  'too_few_items',
  'invalid_date_time',
];
