import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defineRule } from '../custom-rules.js';
import { labelsDe } from '../form-labels/de.js';
import { fieldFactsDe } from '../registry/field-facts-de.js';
import { createProductOrderSchema } from '../standard-schema.js';
import { createValidator } from '../validator/index.js';
import { formOnlyRule } from './form-only.js';

// biome-ignore lint/suspicious/noExplicitAny: an order edited freely
const hvt = (): any => JSON.parse(readFileSync('examples/orders/valid/new-hvt-local-loop.json', 'utf8'));
const address = ['productOrderItem', 0, 'product', 'relatedPlace', 0, 'place'];
const schema = createProductOrderSchema({
  labels: labelsDe,
  emptyAsMissing: true,
  rules: [formOnlyRule(fieldFactsDe)],
});
const issuesOf = (order: unknown) =>
  (schema['~standard'].validate(order) as { issues?: { path: unknown[]; message: string; code: string }[] }).issues ??
  [];

describe('formOnlyRule', () => {
  // regression: the facts said an address's street was required and at most 40 characters, but
  // nothing enforced it: react-hook-form ignores register's rules once a resolver is set
  it('holds a place’s address to the facts: an emptied street, a long city, a postcode of four digits', () => {
    const order = hvt();
    const place = order.productOrderItem[0].product.relatedPlace[0].place;
    place.streetName = '';
    place.city = 'K'.repeat(41);
    place.postcode = '5082';
    expect(issuesOf(order).map(({ path, message }) => [path.join('.'), message])).toEqual([
      [[...address, 'streetName'].join('.'), 'Straße (Standort A) ist eine Pflichtangabe.'],
      [[...address, 'city'].join('.'), 'Ort (Standort A) darf höchstens 40 Zeichen lang sein.'],
      [[...address, 'postcode'].join('.'), 'Postleitzahl (Standort A) muss aus 5 Ziffern bestehen.'],
    ]);
    // the valid order holds, and so do a site and a reference, which have no street
    expect(issuesOf(hvt())).toEqual([]);
  });

  it('is a rule like a carrier’s: a validator runs it, and it never throws on a hostile order', () => {
    const validator = createValidator({ rules: [defineRule(formOnlyRule(fieldFactsDe))] });
    const order = hvt();
    delete order.productOrderItem[0].product.relatedPlace[0].place.city;
    expect(validator.validate(order).violations.map(({ rule, code, path }) => [rule, code, path])).toEqual([
      ['form-only', 'required', '/productOrderItem/0/product/relatedPlace/0/place'],
    ]);
    const rule = formOnlyRule(fieldFactsDe);
    const sparse = { productOrderItem: [{ product: { relatedPlace: Object.assign([], { length: 2 ** 32 - 1 }) } }] };
    for (const input of [null, 42, 'x', [], { productOrderItem: 'x' }, sparse])
      expect(() => rule.check(input)).not.toThrow();
    const many = { productOrderItem: Array.from({ length: 3 }, () => ({ product: { relatedPlace: [] } })) };
    many.productOrderItem[0].product.relatedPlace = Array.from({ length: 20_000 }, () => ({
      place: { '@type': 'GeographicAddress' },
    })) as never;
    expect(rule.check(many).length).toBeLessThanOrEqual(1_000);
  });
});
