// The packed tarball, used as a user would: import and require from a fresh project, each in its own process.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { orderRuleIds } from '../src/generated/rule-ids.js';

const consumer = inject('consumer');
const order = readFileSync('examples/orders/valid/new-hvt-local-loop.json', 'utf8');

function run(args: string[]): unknown {
  return JSON.parse(execFileSync(process.execPath, args, { cwd: consumer, input: order }).toString());
}

const probe = `
  const input = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
  const bad = { ...input, category: 'old' };
  const out0 = (order) => pkg.validateProductOrder(order, { lang: 'de' }).violations[0].message;
  const out = {
    exports: Object.keys(pkg).sort(),
    valid: pkg.validateProductOrder(input).valid,
    guard: pkg.isProductOrderFVO(input),
    bad: pkg.validateProductOrder(bad, { lang: 'de' }).violations.map((v) => [v.rule, v.code, v.path, typeof v.message]),
    rules: pkg.rules.map((r) => r.id),
    standard: [pkg.productOrderSchema['~standard'].validate(input).value === input, pkg.createProductOrderSchema({ lang: 'de' })['~standard'].validate(bad).issues.map((i) => [i.path, i.code, i.message === out0(bad)])],
    jsonSchema: ['draft-2020-12', 'draft-07'].map((target) => pkg.withJsonSchema(pkg.relatedPartySchema)['~standard'].jsonSchema.input({ target }).$schema),
    labels: pkg.validateProductOrder({ ...input, category: undefined }, { labels: pkg.labelsDe }).violations[0].message,
    date: pkg.toDateTime('2025-02-17T10:30'),
    noSuchDay: pkg.validateProductOrder({ ...input, orderPostedDate: '2025-04-31T10:00:00+02:00' }, { labels: pkg.labelsDe }).violations[0].message,
    failed: pkg.createProductOrderSchema({ labels: pkg.labelsDe, rules: [{ id: 'X-buggy', title: 'Buggy.', check: (o) => o.x.product }] })['~standard'].validate(input).issues.map((i) => [i.rule, i.message, i.params.error.slice(0, 9)]),
    asyncRule: (() => { try { pkg.defineRule({ id: 'X-lookup', title: 'Looked up.', check: async () => [] }); } catch (e) { return [e.name, e.message.slice(0, 99)]; } })(),
    thrown: (() => { try { pkg.assertProductOrder(bad); } catch (e) { return [e.name, e instanceof pkg.ProductOrderValidationError, e.violations.length]; } })(),
  };
  console.log(JSON.stringify(out));
`;

describe('the packed package', () => {
  const expected = {
    valid: true,
    guard: true,
    bad: [['R-field', 'not_allowed', '/category', 'string']],
    thrown: ['ProductOrderValidationError', true, 1],
    standard: [true, [[['category'], 'not_allowed', true]]],
    jsonSchema: ['https://json-schema.org/draft/2020-12/schema', 'http://json-schema.org/draft-07/schema#'],
    labels: 'Auftragsart ist eine Pflichtangabe.',
    date: '2025-02-17T10:30:00+01:00',
    noSuchDay: 'Auftragsdatum: den 31. April 2025 gibt es nicht.',
    failed: [
      [
        'X-buggy',
        'Diese Angaben konnten nicht vollständig geprüft werden. Bitte später erneut versuchen.',
        'TypeError',
      ],
    ],
    asyncRule: [
      'TypeError',
      "defineRule: the rule 'X-lookup' has an async check, but rules are synchronous: await what the check",
    ],
  };

  it('works with import (ESM)', () => {
    const esm = `import * as pkg from 'product-order-validator'; import { createRequire } from 'node:module'; const require = createRequire(import.meta.url); ${probe}`;
    const out = run(['--input-type=module', '-e', esm]) as Record<string, unknown>;
    expect(out).toMatchObject(expected);
    expect(out.rules).toHaveLength(orderRuleIds.length);
    expect(out.exports).toEqual(
      expect.arrayContaining([
        'validateProductOrder',
        'assertProductOrder',
        'rules',
        'formatMessage',
        'isProductOrderFVO',
        'isRelatedParty',
        'isContactMedium',
        'isPhoneContactMedium',
        'isEmailContactMedium',
        'isPostalAddressContactMedium',
        'isIndividual',
        'isOrganization',
        'isPlace',
        'isGeographicSite',
        'isPlaceRef',
        'productOrderSchema',
        'relatedPartySchema',
        'contactMediumSchema',
        'productOrderItemSchema',
        'createProductOrderSchema',
      ]),
    );
  });

  it('keeps the HTTP helpers on the ./http subpath alone: the main entry exports none of them', () => {
    const script = `import * as root from 'product-order-validator'; import * as http from 'product-order-validator/http';
      console.log(JSON.stringify([Object.keys(http).length, Object.keys(http).filter((name) => name in root)]));`;
    const [helpers, twice] = run(['--input-type=module', '-e', script]) as [number, string[]];
    expect(helpers).toBeGreaterThan(20);
    expect(twice).toEqual([]);
  });

  it('works with require (CommonJS) and exports the same names', () => {
    const cjs = run(['-e', `const pkg = require('product-order-validator'); ${probe}`]) as Record<string, unknown>;
    const esm = run([
      '--input-type=module',
      '-e',
      `import * as pkg from 'product-order-validator'; import { createRequire } from 'node:module'; const require = createRequire(import.meta.url); ${probe}`,
    ]) as Record<string, unknown>;
    expect(cjs).toMatchObject(expected);
    expect(cjs.exports).toEqual((esm.exports as string[]).filter((name) => name !== 'default'));
  });

  it('has no dual-package hazard: an error of the CommonJS copy is an instance of the ES module class', () => {
    const script = `
      import { createRequire } from 'node:module';
      import * as esm from 'product-order-validator';
      const cjs = createRequire(import.meta.url)('product-order-validator');
      const caught = (pkg) => { try { pkg.assertProductOrder({}); } catch (e) { return e; } };
      const fromCjs = caught(cjs), fromEsm = caught(esm);
      console.log(JSON.stringify([
        cjs.ProductOrderValidationError === esm.ProductOrderValidationError,
        fromCjs instanceof esm.ProductOrderValidationError, fromEsm instanceof cjs.ProductOrderValidationError,
        esm.isProductOrderValidationError(fromCjs), cjs.isProductOrderValidationError(fromEsm),
        new Error('x') instanceof esm.ProductOrderValidationError, esm.isProductOrderValidationError({ violations: [] }),
      ]));`;
    expect(run(['--input-type=module', '-e', script])).toEqual([false, true, true, true, true, false, false]);
  });

  it('exports the schema file', () => {
    const script = `console.log(JSON.stringify(require('product-order-validator/schemas/product-order.schema.json').$schema))`;
    expect(run(['-e', script])).toBe('https://json-schema.org/draft/2020-12/schema');
    const shipped = JSON.parse(
      readFileSync(join(consumer, 'node_modules/product-order-validator/schemas/product-order.schema.json'), 'utf8'),
    );
    expect(shipped).toEqual(JSON.parse(readFileSync('schemas/product-order.schema.json', 'utf8')));
  });

  it('exports the in-flight change schema, which compiles beside the order schema', () => {
    const script = `const s = require('product-order-validator/schemas/inflight-change-product-order.schema.json'); console.log(JSON.stringify([s.$schema, s.$id]))`;
    expect(run(['-e', script])).toEqual([
      'https://json-schema.org/draft/2020-12/schema',
      'https://product-order-validator.dev/schemas/inflight-change-product-order.schema.json',
    ]);
  });

  it('exports validateInflightChangeProductOrder and the http helpers, through import and require alike', () => {
    const names = `console.log(JSON.stringify([Object.keys(http).sort(), typeof pkg.validateInflightChangeProductOrder, pkg.validateInflightChangeProductOrder({}).violations.length]))`;
    const esm = run([
      '--input-type=module',
      '-e',
      `import * as http from 'product-order-validator/http'; import * as pkg from 'product-order-validator'; ${names}`,
    ]) as [string[], string, number];
    const cjs = run([
      '-e',
      `const http = require('product-order-validator/http'); const pkg = require('product-order-validator'); ${names}`,
    ]) as [string[], string, number];
    expect(esm[0]).toEqual(
      expect.arrayContaining([
        'checkRequest',
        'createListenerHandler',
        'parseListQuery',
        'selectFields',
        'countHeaders',
        'toErrorMessage',
        'toProblemDetails',
        'errorStatuses',
        'readNodeBody',
        'readFetchBody',
        'validateListenerEvent',
        'validateAppointmentCreateEvent',
        'validateSearchTimeSlotStateChangeEvent',
      ]),
    );
    expect(cjs[0]).toEqual(esm[0].filter((name) => name !== 'default'));
    expect(esm.slice(1)).toEqual(['function', 4]);
    expect(cjs.slice(1)).toEqual(['function', 4]);
  });

  it('has no runtime dependencies and never evaluates code', () => {
    const manifest = JSON.parse(
      readFileSync(join(consumer, 'node_modules/product-order-validator/package.json'), 'utf8'),
    );
    expect(manifest.dependencies ?? {}).toEqual({});
    const dist = join(consumer, 'node_modules/product-order-validator/dist');
    const files = readdirSync(dist).filter((file) => /\.c?js$/.test(file));
    expect(files).toEqual(expect.arrayContaining(['index.js', 'index.cjs', 'http.js', 'http.cjs']));
    for (const file of files) {
      const code = readFileSync(join(dist, file), 'utf8');
      expect(code).not.toMatch(/new Function|\beval\(/);
    }
    // the Standard Schema types are inlined: the declarations import no package
    for (const file of ['dist/index.d.ts', 'dist/index.d.cts']) {
      const types = readFileSync(join(consumer, 'node_modules/product-order-validator', file), 'utf8');
      expect(types).toContain('interface StandardSchemaV1');
      expect(types).not.toMatch(/^(?:import|export)\b[^\n]*from ['"](?!\.)/m); // statements only: TSDoc examples import the package
    }
  });
});
