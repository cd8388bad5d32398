// product-order-validator/arbitraries from the packed package, in a partner's project that has
// installed fast-check beside it: `import` and `require` give the same arbitraries, their samples
// are what they say, and a property test written against the declarations compiles under strict.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runs } from './runs.js';
import { typeCheck } from './type-check.js';

type Arbitraries = typeof import('../src/arbitraries/index.js');
type Api = typeof import('../src/index.js');

/** A project of its own (the shared consumer has no fast-check): the packed package copied, fast-check and Node's types linked. */
let project: string;
let esm: Arbitraries;
let cjs: Arbitraries;
let api: Api;

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'pov-arbitraries-'));
  writeFileSync(join(project, 'package.json'), '{ "name": "partner-tests", "private": true, "type": "module" }\n');
  mkdirSync(join(project, 'node_modules/@types'), { recursive: true });
  cpSync(
    join(inject('consumer'), 'node_modules/product-order-validator'),
    join(project, 'node_modules/product-order-validator'),
    { recursive: true },
  );
  symlinkSync(resolve('node_modules/fast-check'), join(project, 'node_modules/fast-check'), 'dir');
  symlinkSync(resolve('node_modules/@types/node'), join(project, 'node_modules/@types/node'), 'dir');
  const require = createRequire(join(project, 'package.json'));
  const cjsPath = require.resolve('product-order-validator/arbitraries');
  esm = await import(pathToFileURL(cjsPath.replace(/\.cjs$/, '.js')).href);
  cjs = require('product-order-validator/arbitraries');
  api = require('product-order-validator');
});

afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('product-order-validator/arbitraries from the packed package', () => {
  it.each(['import', 'require'] as const)(
    'through %s gives valid orders and faults with their one violation',
    async (how) => {
      const arbitraries = how === 'import' ? esm : cjs;
      const fc = createRequire(join(project, 'package.json'))('fast-check') as typeof import('fast-check');
      for (const order of fc.sample(arbitraries.productOrder({ category: 'new', lang: 'en' }), {
        numRuns: runs(20),
        seed: 44,
      })) {
        expect(order.category).toBe('new');
        expect(api.validateProductOrder(order).violations).toEqual([]);
      }
      for (const { order, expected } of fc.sample(arbitraries.faultyProductOrder({ rule: 'R10' }), {
        numRuns: runs(20),
        seed: 44,
      }))
        expect(
          api.validateProductOrder(order).violations.map(({ rule, code, path }) => ({ rule, code, path })),
        ).toEqual([expected]);
      expect(() => arbitraries.faultyInflightChange({ rule: 'R10' })).toThrow(RangeError);
      expect(Object.keys(arbitraries.faultCodes)).toEqual(expect.arrayContaining(['productOrder', 'inflightChange']));
    },
  );

  it('types a property test under strict, and rejects an unknown category or product type', () => {
    writeFileSync(
      join(project, 'partner.test.ts'),
      `import fc from 'fast-check';
import { type ProductOrderFVO, validateProductOrder } from 'product-order-validator';
import {
  type ExpectedViolation,
  type Faulty,
  faultCodes,
  faultyProductOrder,
  inflightChange,
  productOrder,
} from 'product-order-validator/arbitraries';

const orders: fc.Arbitrary<ProductOrderFVO> = productOrder({
  category: ['new', 'portChange'],
  product: 'KvzLocalLoopProduct',
  items: { min: 1, max: 2 },
  lang: 'en',
});
fc.assert(fc.property(orders, (order) => validateProductOrder(order).valid), { numRuns: Number(process.env.RUNS) || 100 });
fc.assert(
  fc.property(faultyProductOrder({ rule: 'R10', code: 'pattern_mismatch', lang: 'de' }), (faulty: Faulty) => {
    const expected: ExpectedViolation = faulty.expected;
    return validateProductOrder(faulty.order).violations.some((v) => v.code === expected.code);
  }),
  { numRuns: Number(process.env.RUNS) || 100 },
);
const codes: readonly string[] | undefined = faultCodes.productOrder.R10;
fc.sample(inflightChange({ lang: 'de' }), 1);
// @ts-expect-error an unknown category
productOrder({ category: 'neu' });
// @ts-expect-error a product type the rules do not constrain
productOrder({ product: 'VoiceProduct' });
export { codes };
`,
    );
    expect(typeCheck(project, { files: ['partner.test.ts'] })).toBe('');
  });
});
