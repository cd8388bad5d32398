// examples/custom-rule from the packed package, as a carrier would use it: its rules (rules.ts) in its
// validator (carrier.ts) and its order form's schema (form.ts), type-checked under strict (no casts),
// built, and run in a process of its own.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { importEsm, requireCjs } from './consumer.js';
import { typeCheck } from './type-check.js';

const consumer = inject('consumer');
const valid = JSON.parse(readFileSync('examples/orders/valid/new-hvt-local-loop.json', 'utf8'));

const files = ['rules.ts', 'carrier.ts', 'form.ts'];

beforeAll(async () => {
  for (const file of files) copyFileSync(`examples/custom-rule/${file}`, join(consumer, file));
  await build({
    entryPoints: ['carrier.ts', 'form.ts'].map((file) => join(consumer, file)),
    outdir: consumer,
    outExtension: { '.js': '.mjs' },
    format: 'esm',
    platform: 'node',
    bundle: true,
    packages: 'external',
    logLevel: 'error',
  });
});

/** What the carrier's order form says of `values`, from a process of its own: its issues, and its hints. */
function formSays(values: unknown) {
  writeFileSync(join(consumer, 'values.json'), JSON.stringify(values));
  const script = `import { orderForm } from './form.mjs'; import { readFileSync } from 'node:fs';
    const values = JSON.parse(readFileSync('values.json', 'utf8'));
    const result = orderForm['~standard'].validate(values);
    console.log(JSON.stringify({ issues: result.issues ?? [], hints: orderForm.hints(values) }));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: consumer }).toString(),
  );
}

/** What the carrier's validator says of `order` in `lang`, from a process of its own. */
function carrierSays(order: unknown, lang: 'en' | 'de') {
  writeFileSync(join(consumer, 'order.json'), JSON.stringify(order));
  const script = `import { carrier } from './carrier.mjs'; import { readFileSync } from 'node:fs';
    const result = carrier.validate(JSON.parse(readFileSync('order.json', 'utf8')), { lang: '${lang}' });
    console.log(JSON.stringify({ valid: result.valid, rules: carrier.rules.map((r) => r.id), violations: result.violations }));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: consumer }).toString(),
  );
}

describe("a carrier's own rules and words (examples/custom-rule)", () => {
  it('type-checks under strict, exactOptionalPropertyTypes and noUncheckedIndexedAccess, without casts', () => {
    // no @types: the package's declarations are checked too, against the language and the DOM only
    expect(typeCheck(consumer, { files, types: [], libCheck: true })).toBe('');
    for (const file of files)
      expect(readFileSync(`examples/custom-rule/${file}`, 'utf8')).not.toMatch(/\bas\b (?!const)|<any>|: any\b/);
  });

  it('passes a valid order, and runs the built-in rules and its own after them', () => {
    const out = carrierSays(valid, 'en');
    expect(out.valid).toBe(true);
    expect(out.rules.slice(-2)).toEqual(['X-completion-after-posting', 'X-priority-range']);
  });

  it('gives its own violations beside the built-in ones, in one result ordered by path, in German and English', () => {
    const order = { ...valid, requestedCompletionDate: '2020-01-01T00:00:00Z', priority: '7', description: '' };
    const de = carrierSays(order, 'de');
    expect(de.violations.map((v: Record<string, string>) => [v.rule, v.code, v.path])).toEqual([
      ['R-field', 'too_short', '/description'],
      ['X-priority-range', 'priority_out_of_range', '/priority'],
      ['X-completion-after-posting', 'completion_before_posting', '/requestedCompletionDate'],
    ]);
    expect(de.violations[1].message).toBe('Die Priorität muss zwischen 0 (höchste) und 4 (niedrigste) liegen.');
    expect(de.violations[2].message).toMatch(/^Der Wunschtermin muss nach dem Auftragsdatum \(.+\) liegen\.$/);
    const en = carrierSays(order, 'en');
    expect(en.violations[1].message).toBe('The priority must be 0 (highest) to 4 (lowest).');
  });
});

describe("a carrier's own rules in its order form (examples/custom-rule/form.ts)", () => {
  const PARTY = ['relatedParty', 0, 'partyOrPartyRole'];

  /** The valid order with each of the carrier's rules broken once, and blanks a form leaves. */
  function brokenOnce() {
    const order = structuredClone(valid);
    order.priority = '7';
    order.description = '';
    order.requestedCompletionDate = '2025-03-01T12:00:00+01:00';
    const media = order.relatedParty[0].partyOrPartyRole.contactMedium;
    media[1].emailAddress = 'melanie.muster.example.de';
    media.push({
      '@type': 'PostalAddressContactMedium',
      contactType: 'postal',
      streetName: 'Venloer Straße',
      streetNr: '241',
      postcode: '508230',
      city: 'Köln',
      country: 'DE',
    });
    order.productOrderItem[0].product['@type'] = '– bitte wählen –';
    return order;
  }

  it("shows each rule's issue at its field, in the carrier's German, with emptyAsMissing", () => {
    const { issues } = formSays(brokenOnce());
    expect(issues.map((i: Record<string, unknown>) => [i.path, i.rule, i.code, i.message])).toEqual([
      [
        ['priority'],
        'X-priority-range',
        'priority_out_of_range',
        'Die Priorität muss zwischen 0 (höchste) und 4 (niedrigste) liegen.',
      ],
      [
        ['productOrderItem', 0, 'product', '@type'],
        'X-product-type-chosen',
        'product_type_placeholder',
        'Bitte wählen Sie eine Produktart aus.',
      ],
      [
        [...PARTY, 'contactMedium', 1, 'emailAddress'],
        'X-email-address',
        'email_without_at',
        'Die E-Mail-Adresse braucht einen Namen, ein @ und eine Domain, etwa name@example.de.',
      ],
      [
        [...PARTY, 'contactMedium', 2, 'postcode'],
        'X-german-postcode',
        'postcode_not_german',
        'Eine deutsche Postleitzahl hat 5 Ziffern.',
      ],
      [
        ['requestedCompletionDate'],
        'X-completion-after-posting',
        'completion_before_posting',
        'Der Wunschtermin muss nach dem Auftragsdatum (10.03.2025) liegen.',
      ],
    ]);
  });

  it('passes the valid order and its blanks, and says the same as the validator', () => {
    expect(formSays({ ...valid, priority: '', description: ' ' }).issues).toEqual([]);
    const order = brokenOnce();
    const said = carrierSays({ ...order, description: 'x' }, 'de').violations;
    expect(formSays(order).issues.map((i: { message: string }) => i.message)).toEqual(
      said.map((v: { message: string }) => v.message),
    );
  });

  it('offers a near miss as a note at its field, beside the issues', () => {
    const order = structuredClone(valid);
    order.productOrderItem[0].product['@type'] = 'HvtLocalLoopProdukt';
    const { issues, hints } = formSays(order);
    expect(issues).toEqual([]);
    expect(hints).toMatchObject([
      {
        path: ['productOrderItem', 0, 'product', '@type'],
        code: 'did_you_mean',
        params: { found: 'HvtLocalLoopProdukt', suggestion: 'HvtLocalLoopProduct' },
      },
    ]);
  });
});

describe("a carrier's faulty code, from the packed package", () => {
  const fault = { ...valid, description: '' };
  const hostile = () => {
    throw new Error('hostile');
  };

  it.each(['esm', 'cjs'] as const)(
    '%s: createValidator refuses rules [null] and a rule {} with a TypeError naming it',
    async (kind) => {
      const { createValidator } = kind === 'esm' ? await importEsm() : requireCjs();
      expect(() => createValidator({ rules: [null as never] })).toThrow(/^createValidator: rules\[0\] is null/);
      expect(() => createValidator({ rules: [{} as never] })).toThrow(TypeError);
    },
  );

  it.each(['esm', 'cjs'] as const)(
    '%s: a throwing labels.message and a throwing params getter neither throw nor lose the built-in violations',
    async (kind) => {
      const { createValidator, labelsDe, validateProductOrder, createProductOrderSchema } =
        kind === 'esm' ? await importEsm() : requireCjs();
      const labels = { ...labelsDe, message: hostile };
      expect(validateProductOrder(fault, { labels }).violations.map((v) => v.code)).toEqual(['too_short']);
      expect(createProductOrderSchema({ labels })['~standard'].validate(fault)).toHaveProperty('issues');
      const params = Object.defineProperty({}, 'x', { enumerable: true, get: hostile });
      const rule = { id: 'X-own', title: 'Own.', check: () => [{ rule: 'X-own', code: 'own', path: '', params }] };
      expect(
        createValidator({ rules: [rule] })
          .validate(fault)
          .violations.map((v) => [v.rule, v.code]),
      ).toEqual([
        ['X-own', 'rule_failed'],
        ['R-field', 'too_short'],
      ]);
    },
  );
});
