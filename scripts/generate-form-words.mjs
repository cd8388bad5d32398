// The table of docs/forms.md of what a form says per code: each row a fault of a valid order, validated
// with labelsDe and labelsEn as the package builds them (bundled from src/ when this runs), so the
// table is the words a clerk reads, never a copy of them. The page shows the German words, the form
// it builds; the English ones are checked beside them (test/form-words.test.ts).
import { readFileSync } from 'node:fs';
import { bundledModule } from './generate-field-facts.mjs';
import { between, invalidOrderExamples, readRules } from './generate-rules.mjs';

const place = (o, i) => o.productOrderItem[0].product.relatedPlace[i];
const party = (o, i) => o.relatedParty[i].partyOrPartyRole;

/**
 * One fault per code, and one per rule that words its demand itself (R9 to R14): `fault` makes it in
 * a valid new HVt local loop order, `code` and `rule` pick its finding; `plain` words it with labels
 * without the rules' own messages. A code no order gives (`rule_failed`) comes from a carrier's rule
 * that throws.
 */
export const faults = [
  { code: 'required', fault: (o) => delete party(o, 0).familyName },
  { code: 'wrong_type', fault: (o) => (o.priority = 1) },
  { code: 'not_allowed', fault: (o) => (o.category = 'old') },
  { code: 'unknown_type', fault: (o) => (party(o, 0)['@type'] = 'Person') },
  { code: 'unknown_role', fault: (o) => (o.relatedParty[1].role = 'caretaker') },
  { code: 'too_short', fault: (o) => (o.description = '') },
  { code: 'too_long', fault: (o) => (party(o, 0).contactMedium[0].phoneNumber = '0'.repeat(31)) },
  { code: 'too_few_items', fault: (o) => (o.productOrderItem = []) },
  { code: 'too_many_items', fault: (o) => o.productOfferingQualification.push({ id: '2' }) },
  { code: 'invalid_date_time', fault: (o) => (o.requestedCompletionDate = '2025-04-31T10:00:00+02:00') },
  { code: 'invalid_date_time', fault: (o) => (o.requestedCompletionDate = '2025-04-30T10:00+02:00') },
  { code: 'invalid_date_time', fault: (o) => (o.requestedCompletionDate = '31.04.2025') },
  { code: 'pattern_mismatch', fault: (o) => (place(o, 1).place.geographicSiteCharacteristic[0].value = '0221') },
  { code: 'missing_phone_contact', fault: (o) => party(o, 0).contactMedium.shift() },
  {
    code: 'missing_postal_contact',
    fault: (o) => o.relatedParty.push({ role: 'deliveryContact', partyOrPartyRole: { ...party(o, 1) } }),
  },
  // worded per code where labels have no message of the rule (a carrier's own labels)
  { code: 'missing_role', plain: true, fault: (o) => (place(o, 1).role = 'alternateAddress') },
  { code: 'missing_characteristic', fault: (o) => (place(o, 1).place.geographicSiteCharacteristic = []) },
  { code: 'did_you_mean', fault: (o) => (o.productOrderItem[0].product['@type'] = 'HvtLocalLoopProdukt') },
  { code: 'rule_failed', fault: () => undefined },
  { code: 'required', rule: 'R9', fault: (o) => delete o.productOrderItem[0].product },
  { code: 'not_allowed', rule: 'R9', fault: (o) => (o.productOrderItem[0].action = 'modify') },
  { code: 'too_few_items', rule: 'R10', fault: (o) => o.productOrderItem[0].product.relatedPlace.pop() },
  {
    code: 'too_many_items',
    rule: 'R11',
    fault: (o) => {
      o.productOrderItem[0].product['@type'] = 'BitstreamAccessProduct';
    },
  },
  {
    code: 'missing_role',
    rule: 'R12',
    fault: (o) => {
      o.productOrderItem[0].product['@type'] = 'OpticalAccessLineProduct';
      o.productOrderItem[0].product.relatedPlace.shift();
    },
  },
  { code: 'not_allowed', rule: 'R14', fault: (o) => (o.category = 'terminationByBuyer') },
];

const cell = (text) => text.replaceAll('|', '\\|');

/**
 * The rows of the table: the code (and the rule whose demand it words), the German message, the
 * English one; a fault of `made` (the list above unless given) that does not give its finding fails
 * the generator.
 */
export async function formWordRows(root, made = faults) {
  const { createValidator, defineLabels, labelsDe, labelsEn } = await bundledModule(
    root,
    `export { createValidator, defineLabels, labelsDe, labelsEn } from './src/index.ts';`,
  );
  const valid = readFileSync(`${root}examples/orders/valid/new-hvt-local-loop.json`, 'utf8');
  const buggy = {
    id: 'X-buggy',
    title: 'Reads what is not there.',
    check: (order) => order.x.product,
  };
  const validator = createValidator({ rules: [buggy] });
  const rows = made.map(({ code, rule, plain, fault }) => {
    const order = JSON.parse(valid);
    fault(order);
    const said = [labelsDe, labelsEn].map((labels) => {
      const result = validator.validate(order, { labels: plain ? defineLabels({ ...labels, rules: {} }) : labels });
      const found = [...result.violations, ...result.hints].find(
        (v) =>
          v.code === code &&
          (rule === undefined || v.rule === rule) &&
          (code === 'rule_failed') === (v.rule === 'X-buggy'),
      );
      if (!found)
        throw new Error(`scripts/generate-form-words.mjs: no ${code}${rule ? ` of ${rule}` : ''} in its fault`);
      return found.message;
    });
    return { code, rule, de: said[0], en: said[1] };
  });
  // a code a rule folder introduces (rule.json `codes`) and no fault above makes: from the first
  // invalid example order that gives it, so that a new rule's folder brings its row
  const listed = new Set(rows.map((row) => row.code));
  const ruleCodes = readRules(root).flatMap((rule) => Object.keys(rule.codes ?? {}));
  for (const code of ruleCodes.filter((c) => !listed.has(c))) {
    const said = invalidOrderExamples(root)
      .map((path) => JSON.parse(readFileSync(`${root}${path}`, 'utf8')))
      .map((order) =>
        [labelsDe, labelsEn].map((labels) =>
          validator.validate(order, { labels }).violations.find((v) => v.code === code),
        ),
      )
      .find(([de, en]) => de !== undefined && en !== undefined);
    if (!said) throw new Error(`scripts/generate-form-words.mjs: no invalid example gives ${code}`);
    rows.push({ code, rule: undefined, de: said[0].message, en: said[1].message });
  }
  return rows;
}

/** docs/forms.md with its table of a form's words per code, in German. */
export async function formWordsDoc(root) {
  const rows = await formWordRows(root);
  const text = readFileSync(`${root}docs/forms.md`, 'utf8');
  return between(
    text,
    'form-words',
    [
      '| code | `labelsDe` |',
      '|---|---|',
      ...rows.map(({ code, rule, de }) => `| \`${code}\`${rule ? ` (${rule})` : ''} | ${cell(de)} |`),
    ],
    'docs/forms.md',
  );
}
