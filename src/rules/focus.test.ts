// The field a form focuses for a list rule's finding (`params.focus`): in the input already, or the
// key field of the row a form adds, which the package's blank of that row carries.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutants, order as orders } from '../../test/arbitraries.js';
import { runs } from '../../test/runs.js';
import {
  blankContactMedium,
  blankGeographicSiteCharacteristic,
  blankPlaceRef,
  blankProductOrderItem,
  blankRelatedPlace,
} from '../generated/blanks.js';
import { decodeToken } from '../pointer.js';
import { createProductOrderSchema } from '../standard-schema.js';
import { validateProductOrder } from '../validate.js';
import {
  characteristic,
  email,
  individual,
  item,
  loopSite,
  type Order,
  orderWith,
  PARTY,
  PLACES,
  party,
  phone,
  place,
  placeRef,
  postal,
  roomSite,
  site,
  validOrder,
  withItems,
  withParties,
} from './test-kit.js';

/** The blank row a form adds to each list a focus may point into, by the list's name. */
const blankRows: Readonly<Record<string, () => object>> = {
  contactMedium: () => blankContactMedium(),
  relatedPlace: () => blankRelatedPlace(),
  geographicSiteCharacteristic: () => blankGeographicSiteCharacteristic(),
  productOrderItem: () => blankProductOrderItem(),
  place: () => blankPlaceRef(),
  // rows the spec does not detail, whose key a form adds by FIT's name (their types stay open)
  externalId: () => ({ id: '' }),
  productOfferingQualification: () => ({ id: '' }),
};

/** The codes of findings on a list as a whole. */
const listCodes: ReadonlySet<string> = new Set([
  'too_few_items',
  'too_many_items',
  'missing_phone_contact',
  'missing_postal_contact',
  'missing_place_role',
  'missing_characteristic',
]);

const tokensOf = (pointer: string) => pointer.split('/').slice(1).map(decodeToken);

/** The value at `tokens` in `input`, or undefined. */
function at(input: unknown, tokens: readonly string[]): unknown {
  let node = input;
  for (const token of tokens) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/**
 * Whether `focus` is a field of `input` (its row is there and has it or may have it), or the key field
 * of the row a form adds at the list's end (the list absent: its first row), which the blank of that row has.
 */
function focusable(input: unknown, focus: string): boolean {
  const tokens = tokensOf(focus);
  const [key, index, name] = [tokens.at(-1) ?? '', Number(tokens.at(-2)), tokens.at(-3) ?? ''];
  if (!Number.isInteger(index)) return false;
  const list = at(input, tokens.slice(0, -2));
  const row = Array.isArray(list) ? list[index] : undefined;
  if (typeof row === 'object' && row !== null) return true;
  const added = Array.isArray(list) ? index === list.length || index === 0 : index === 0;
  return added && Object.hasOwn(blankRows, name) && Object.hasOwn(blankRows[name](), key);
}

const schema = createProductOrderSchema();

/** The list findings of `input`: each with its focus, and the Standard Schema issue's path. */
function focusesOf(input: Order) {
  const result = schema['~standard'].validate(input);
  const issues = 'issues' in result ? result.issues : [];
  return validateProductOrder(input).violations.flatMap((v) => {
    const focus = (v.params as { focus?: unknown }).focus;
    if (typeof focus !== 'string') return [];
    const issue = (issues ?? []).find((i) => i.code === v.code && i.path.join('/') === tokensOf(focus).join('/'));
    return [{ rule: v.rule, code: v.code, path: v.path, focus, issue: issue !== undefined }];
  });
}

const CHARS = `${PLACES}/1/place/geographicSiteCharacteristic`;

describe('params.focus of the list rules', () => {
  it.each<[string, Order, string, string, string, boolean]>([
    [
      'R3: a contact role without phone focuses the first contact medium’s kind',
      withParties(party('technicalContact', individual({ contactMedium: [email(), postal()] }))),
      'R3',
      'missing_phone_contact',
      `${PARTY}/contactMedium/0/@type`,
      true,
    ],
    [
      'R3: a contact role without contactMedium focuses the kind of the one the form adds',
      withParties(party('technicalContact', individual())),
      'R3',
      'missing_phone_contact',
      `${PARTY}/contactMedium/0/@type`,
      false,
    ],
    [
      'R4: a delivery contact with a phone only',
      withParties(
        party('technicalContact', individual({ contactMedium: [phone()] })),
        party('deliveryContact', individual({ contactMedium: [phone()] })),
      ),
      'R4',
      'missing_postal_contact',
      '/relatedParty/1/partyOrPartyRole/contactMedium/0/@type',
      true,
    ],
    [
      'the field table: an order without items focuses the first item’s action, which the form adds',
      orderWith((o) => {
        o.productOrderItem = [];
      }),
      'R-field',
      'too_few_items',
      '/productOrderItem/0/action',
      false,
    ],
    [
      'R10: one place focuses the first place’s role',
      withItems([item('HvtLocalLoopProduct', [place('locationA')])]),
      'R10',
      'too_few_items',
      `${PLACES}/0/role`,
      true,
    ],
    [
      'R10: three places focus the first surplus place’s role',
      withItems([
        item('HvtLocalLoopProduct', [place('locationA'), place('locationB', loopSite()), place('alternateAddress')]),
      ]),
      'R10',
      'too_many_items',
      `${PLACES}/2/role`,
      true,
    ],
    [
      'R10: no locationB focuses the role of the place that is not needed',
      withItems([item('HvtLocalLoopProduct', [place('locationA'), place('alternateAddress')])]),
      'R10',
      'missing_place_role',
      `${PLACES}/1/role`,
      true,
    ],
    [
      'R10: a characteristic missing focuses the first characteristic’s name',
      withItems([
        item('HvtLocalLoopProduct', [
          place('locationA'),
          place('locationB', site([characteristic('national_destination_code', '221'), characteristic('asb', '12')])),
        ]),
      ]),
      'R10',
      'missing_characteristic',
      `${CHARS}/0/name`,
      true,
    ],
    [
      'R10: no characteristics focus the name of the one the form adds',
      withItems([item('HvtLocalLoopProduct', [place('locationA'), place('locationB', site([]))])]),
      'R10',
      'missing_characteristic',
      `${CHARS}/0/name`,
      false,
    ],
    [
      'R10: two nested places focus the second',
      withItems([
        item('HvtLocalLoopProduct', [
          place('locationA'),
          place('locationB', site(loopSite().geographicSiteCharacteristic, [placeRef(), placeRef()])),
        ]),
      ]),
      'R10',
      'too_many_items',
      `${PLACES}/1/place/place/1/id`,
      true,
    ],
    [
      'R11: two places focus the second',
      withItems([item('BitstreamAccessProduct', [place('locationA'), place('locationB')])]),
      'R11',
      'too_many_items',
      `${PLACES}/1/role`,
      true,
    ],
    [
      'R12: no locationA focuses the role of the place that is not needed',
      withItems([item('OpticalAccessLineProduct', [place('locationB', roomSite())])]),
      'R12',
      'missing_place_role',
      `${PLACES}/0/role`,
      true,
    ],
    [
      'R12: no nested place focuses the id of the one the form adds',
      withItems([
        item('OpticalAccessLineProduct', [
          place('locationA'),
          place('locationB', site(roomSite().geographicSiteCharacteristic, [])),
        ]),
      ]),
      'R12',
      'too_few_items',
      `${PLACES}/1/place/place/0/id`,
      false,
    ],
  ])('%s', (_, input, rule, code, focus, exists) => {
    const found = focusesOf(input).filter((f) => f.rule === rule && f.code === code);
    expect(found).toEqual([{ rule, code, path: expect.any(String), focus, issue: true }]);
    expect(focus.startsWith(`${found[0].path}/`)).toBe(true);
    expect(at(input, tokensOf(focus)) !== undefined || !exists).toBe(true);
    expect(focusable(input, focus)).toBe(true);
  });

  it('has every list finding of any order focus a field of the list’s own rows, existing or added (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          orders.map((o) => ({ order: o as unknown })),
          ...Object.values(mutants),
        ),
        ({ order }) => {
          // every finding on a list of an order's rows names a field to focus
          for (const v of validateProductOrder(order).violations) {
            const list = (v.params as { property?: string }).property ?? v.path.slice(v.path.lastIndexOf('/') + 1);
            if (listCodes.has(v.code) && Object.hasOwn(blankRows, list))
              expect((v.params as { focus?: unknown }).focus, `${v.code} at ${v.path}`).toEqual(expect.any(String));
          }
          for (const f of focusesOf(order)) {
            expect(f.focus.startsWith(`${f.path}/`), f.focus).toBe(true);
            expect(focusable(order, f.focus), f.focus).toBe(true);
            expect(f.issue, f.focus).toBe(true);
          }
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('leaves a valid order without a focus', () => expect(focusesOf(validOrder())).toEqual([]));
});
