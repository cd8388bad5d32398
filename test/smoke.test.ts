import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { isProductOrderFVO, validateProductOrder } from '../src/index.js';

test('smoke', () => {
  const order = JSON.parse(readFileSync('examples/orders/valid/new-hvt-local-loop.json', 'utf8'));
  const r = validateProductOrder(order);
  console.log(JSON.stringify(r.violations, null, 1));
  expect(r.valid).toBe(true);
  expect(isProductOrderFVO(order)).toBe(true);
  const bad = structuredClone(order);
  bad.relatedParty[0].partyOrPartyRole.contactMedium[0].phoneNumber = 'x'.repeat(31);
  bad.productOrderItem[0].product.relatedPlace[1].place.geographicSiteCharacteristic[0].value = '0221';
  bad.orderPostedDate = '2023-01-01T08:00+01:00';
  bad.relatedParty[1].partyOrPartyRole['@type'] = 'Person';
  const r2 = validateProductOrder(bad, { lang: 'de' });
  console.log(JSON.stringify(r2.violations, null, 1));
  expect(isProductOrderFVO(bad)).toBe(false);
  console.log(validateProductOrder(42), validateProductOrder(null).violations);
});
