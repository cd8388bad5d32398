// What a form focuses for a list rule's finding (`params.focus`): the key field of a row at fault, in
// the input already, or for a missing row the control that adds one (`…/-`), never a row that is right.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutants, order as orders } from '../../test/arbitraries.js';
import { runs } from '../../test/runs.js';
import {
  blankContactMedium,
  blankGeographicSiteCharacteristic,
  blankPlaceRef,
  blankProductOrderItem,
  blankRelatedParty,
  blankRelatedPlace,
} from '../generated/blanks.js';
import { localLoop, opticalAccess } from '../generated/facts.js';
import { decodeToken } from '../pointer.js';
import { ruleFocus } from '../registry/codes.js';
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
  relatedParty: () => blankRelatedParty(),
  contactMedium: () => blankContactMedium(),
  relatedPlace: () => blankRelatedPlace(),
  geographicSiteCharacteristic: () => blankGeographicSiteCharacteristic(),
  productOrderItem: () => blankProductOrderItem(),
  place: () => blankPlaceRef(),
  // rows the spec does not detail, whose key a form adds by FIT's name (their types stay open)
  externalId: () => ({ id: '' }),
  productOfferingQualification: () => ({ id: '' }),
};

/**
 * Where a form focuses for the findings on a list as a whole, by code: the counts of the field table,
 * and the codes whose rule folder declares a focus (rule.json `codes`).
 */
const focusOf: Readonly<Record<string, readonly ('row' | 'list')[]>> = {
  too_few_items: ['list'],
  too_many_items: ['row'],
  ...ruleFocus,
};
const listCodes: ReadonlySet<string> = new Set(Object.keys(focusOf));

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
 * Whether `focus` is a field of a row of `input` (the row is there), or the control that adds a row to
 * a list of the order's rows (`…/-`), the list there or absent, whose blank row a form adds.
 */
function focusable(input: unknown, focus: string): boolean {
  const tokens = tokensOf(focus);
  if (tokens.at(-1) === '-') {
    const list = at(input, tokens.slice(0, -1));
    return (list === undefined || Array.isArray(list)) && Object.hasOwn(blankRows, tokens.at(-2) ?? '');
  }
  const index = Number(tokens.at(-2));
  if (!Number.isInteger(index)) return false;
  const list = at(input, tokens.slice(0, -2));
  const row = Array.isArray(list) ? list[index] : undefined;
  const name = tokens.at(-3) ?? '';
  const known = Object.hasOwn(blankRows, name) && Object.hasOwn(blankRows[name](), tokens.at(-1) ?? '');
  return typeof row === 'object' && row !== null && known;
}

/** The keys of the Standard Schema issue of a finding with `focus`: the row's field, or the list whose row is missing. */
const issueKeys = (focus: string) => tokensOf(focus.endsWith('/-') ? focus.slice(0, -2) : focus);

/** The roles R10 and R12 demand of some place. */
const demanded: Readonly<Record<string, readonly string[]>> = { R10: localLoop.roles, R12: opticalAccess.roles };

const schema = createProductOrderSchema();

/** The list findings of `input`: each with its focus, and the Standard Schema issue's path. */
function focusesOf(input: Order) {
  const result = schema['~standard'].validate(input);
  const issues = 'issues' in result ? result.issues : [];
  return validateProductOrder(input).violations.flatMap((v) => {
    const focus = (v.params as { focus?: unknown }).focus;
    if (typeof focus !== 'string') return [];
    const issue = (issues ?? []).find((i) => i.code === v.code && i.path.join('/') === issueKeys(focus).join('/'));
    return [{ rule: v.rule, code: v.code, path: v.path, focus, issue: issue !== undefined }];
  });
}

const CHARS = `${PLACES}/1/place/geographicSiteCharacteristic`;

describe('params.focus of the list rules', () => {
  it.each<[string, Order, string, string, string, boolean]>([
    // regression: R3 and R4 focused the first contact medium's kind: one that does not exist, or an
    // e-mail address that is right
    [
      'R3: a contact role with an e-mail and a postal address focuses the control that adds a contact medium',
      withParties(party('technicalContact', individual({ contactMedium: [email(), postal()] }))),
      'R3',
      'missing_phone_contact',
      `${PARTY}/contactMedium/-`,
      false,
    ],
    [
      'R3: a contact role without contactMedium focuses the control that adds a contact medium',
      withParties(party('technicalContact', individual())),
      'R3',
      'missing_phone_contact',
      `${PARTY}/contactMedium/-`,
      false,
    ],
    [
      'R3: a contact role with no contact rows focuses the control that adds a contact medium',
      withParties(party('technicalContact', individual({ contactMedium: [] }))),
      'R3',
      'missing_phone_contact',
      `${PARTY}/contactMedium/-`,
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
      '/relatedParty/1/partyOrPartyRole/contactMedium/-',
      false,
    ],
    [
      'the field table: an order without items focuses the control that adds an item',
      orderWith((o) => {
        o.productOrderItem = [];
      }),
      'R-field',
      'too_few_items',
      '/productOrderItem/-',
      false,
    ],
    // regression: R10 to R12 focused the first place's role, which does not exist or is rightly
    // Standort A
    [
      'R10: no places focus the control that adds a place',
      withItems([item('HvtLocalLoopProduct', [])]),
      'R10',
      'too_few_items',
      `${PLACES}/-`,
      false,
    ],
    [
      'R10: one place, rightly locationA, focuses the control that adds a place, not its role',
      withItems([item('HvtLocalLoopProduct', [place('locationA')])]),
      'R10',
      'too_few_items',
      `${PLACES}/-`,
      false,
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
      'missing_role',
      `${PLACES}/1/role`,
      true,
    ],
    [
      'R10: a characteristic missing focuses the control that adds a characteristic, not one that is right',
      withItems([
        item('HvtLocalLoopProduct', [
          place('locationA'),
          place('locationB', site([characteristic('national_destination_code', '221'), characteristic('asb', '12')])),
        ]),
      ]),
      'R10',
      'missing_characteristic',
      `${CHARS}/-`,
      false,
    ],
    [
      'R10: no characteristics focus the control that adds a characteristic',
      withItems([item('HvtLocalLoopProduct', [place('locationA'), place('locationB', site([]))])]),
      'R10',
      'missing_characteristic',
      `${CHARS}/-`,
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
      'R11: no places focus the control that adds a place',
      withItems([item('BitstreamAccessProduct', [])]),
      'R11',
      'too_few_items',
      `${PLACES}/-`,
      false,
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
      'R12: no places focus the control that adds a place',
      withItems([item('OpticalAccessLineProduct', [])]),
      'R12',
      'too_few_items',
      `${PLACES}/-`,
      false,
    ],
    // regression: R12 with locationB only focused its role, which is right: a locationA place is missing
    [
      'R12: locationB only focuses the control that adds a place, not locationB’s role',
      withItems([item('OpticalAccessLineProduct', [place('locationB', roomSite())])]),
      'R12',
      'missing_role',
      `${PLACES}/-`,
      false,
    ],
    [
      'R12: locationB and alternateAddress focus the role of a place that is not needed',
      withItems([item('OpticalAccessLineProduct', [place('locationB', roomSite()), place('alternateAddress')])]),
      'R12',
      'missing_role',
      `${PLACES}/0/role`,
      true,
    ],
    [
      'R12: no nested place focuses the control that adds one',
      withItems([
        item('OpticalAccessLineProduct', [
          place('locationA'),
          place('locationB', site(roomSite().geographicSiteCharacteristic, [])),
        ]),
      ]),
      'R12',
      'too_few_items',
      `${PLACES}/1/place/place/-`,
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
            // only the codes declared with a focus have one, of the kinds declared: a missing row the
            // control that adds one, a row at fault its key field
            expect(listCodes.has(f.code), f.code).toBe(true);
            expect(focusOf[f.code], `${f.code} focuses ${f.focus}`).toContain(f.focus.endsWith('/-') ? 'list' : 'row');
            // a missing role: a place whose role is not needed or repeats one
            if (f.code === 'missing_role' && !f.focus.endsWith('/-')) {
              const roles = (at(order, tokensOf(f.path)) as { role?: unknown }[]).map((p) => p?.role);
              const j = Number(tokensOf(f.focus).at(-2));
              expect(!demanded[f.rule].includes(roles[j] as string) || roles.indexOf(roles[j]) < j, f.focus).toBe(true);
            }
          }
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('leaves a valid order without a focus', () => expect(focusesOf(validOrder())).toEqual([]));
});
