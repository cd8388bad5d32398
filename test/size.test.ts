// The browser bundle budgets of a form, built from the packed package as a bundler would: esbuild
// for the browser, minified, gzipped at level 9 (bench/bundle.ts; `npm run bench` prints the sizes).
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { bundleOf, bundleSize, clientEntry, clientOwnEntry, formEntries, withoutValidators } from '../bench/bundle.js';
import { readRules } from '../scripts/generate-rules.mjs';

const KB = 1024;
const consumer = inject('consumer');

/**
 * What one rule folder may add to a form's bundle, gzipped, unless its rule.json says otherwise
 * (`size`, in bytes): its check, its codes' messages in both languages and its hooks in the walk. The
 * rule folders' modules share 1,175 bytes of validateProductOrder's bundle and the helpers they share
 * 1,062, 140 bytes a folder over 16, and each rule's hooks in the walk come besides (`node
 * bench/bundle-parts.mjs`, the column "share, gzip" of src/rules/): 256 bytes a rule.
 */
const perRule = 256;
/** What the rule folders may add: the budgets below are a base and this, so that a new rule raises them. */
const rulesAllowance = readRules(fileURLToPath(new URL('..', import.meta.url))).reduce(
  (sum, rule) => sum + (typeof rule.size === 'number' ? rule.size : perRule),
  0,
);
const size = async (entry: string) => (await bundleSize(entry, consumer)).gzipped;

describe('the browser bundle of a form', () => {
  // A base for the validator's own code, and each rule folder's allowance on top (perRule above, or its
  // rule.json `size`), so that a new rule brings its bytes. `node bench/bundle-parts.mjs` prints what
  // each module of the bundle weighs.
  it('of validateProductOrder, with its rules and both languages, stays within 10.25 KB and the rules’ allowance', async () => {
    const gzipped = await size(formEntries.validate);
    expect(gzipped).toBeGreaterThan(4 * KB);
    expect(gzipped).toBeLessThanOrEqual(10.25 * KB + rulesAllowance);
  });

  // the validator and the Standard Schema wrapper, with the same allowance per rule
  it('of productOrderSchema stays within 11.3125 KB and the rules’ allowance', async () => {
    expect(await size(formEntries.schema)).toBeLessThanOrEqual(11.3125 * KB + rulesAllowance);
  });

  // the words of a form (field and value labels, the clerk's sentences per code and per rule); the
  // rule folders' own codes worded in their folders and composed by the registry cost 38 bytes more
  // than one table (3,310 → 3,348 for labelsDe)
  it('with the labels of one language is at most 3.3125 KB more', async () => {
    const without = await size(formEntries.schema);
    for (const labels of ['labelsDe', 'labelsEn']) {
      const withLabels = await size(`export { productOrderSchema, ${labels} } from 'product-order-validator';`);
      expect(withLabels - without).toBeGreaterThan(500);
      expect(withLabels - without).toBeLessThanOrEqual(3.3125 * KB);
    }
  });

  it("with the labels of one language carries its words and none of the other's", async () => {
    const words = {
      labelsDe: ['sind genau zwei Standorte', 'in einem Neuauftrag braucht jede Position', 'Telefonnummer'],
      labelsEn: ['exactly two locations are needed', 'in a termination, every item is terminated', 'Phone number'],
    };
    for (const [labels, other] of [
      ['labelsDe', 'labelsEn'],
      ['labelsEn', 'labelsDe'],
    ] as const) {
      // the bundle escapes what is not ASCII: the words are ASCII
      const code = await bundleOf(`export { productOrderSchema, ${labels} } from 'product-order-validator';`, consumer);
      for (const text of words[labels]) expect(code, `${labels} without ${text}`).toContain(text);
      for (const text of words[other]) expect(code, `${labels} with ${text}`).not.toContain(text);
    }
  });

  // 3 KB until the facts that depend on other values: the rules' conditions in the facts (232 bytes)
  // and describeField applying them (551): 3,358 bytes for fieldFactsDe, 3,135 for fieldFactsEn; with
  // the rows of a site's nested places 3,490 and 3,260
  it('with the field facts of one language and describeField is at most 3.5 KB more, without the labels', async () => {
    const without = await size(formEntries.schema);
    const floor = await size(`export { langs } from 'product-order-validator';`);
    const words = { fieldFactsDe: 'Telefonnummer', fieldFactsEn: 'Phone number' };
    for (const [facts, other] of [
      ['fieldFactsDe', 'fieldFactsEn'],
      ['fieldFactsEn', 'fieldFactsDe'],
    ] as const) {
      const entry = `export { productOrderSchema, ${facts}, describeField } from 'product-order-validator';`;
      const added = (await size(entry)) - without;
      expect(added).toBeGreaterThan(1 * KB);
      expect(added).toBeLessThanOrEqual(3.5 * KB);
      // alone, over what any import of the package carries (the rules' top-level tables)
      const alone = await size(`export { ${facts}, describeField } from 'product-order-validator';`);
      expect(alone - floor).toBeLessThanOrEqual(3.5 * KB);
      const code = await bundleOf(entry, consumer);
      expect(code).toContain(words[facts]);
      expect(code).not.toContain(words[other]);
      // the facts carry the labels' words, not the labels' messages (those of the test above)
      for (const text of ['in einem Neuauftrag braucht jede Position', 'in a termination, every item is terminated'])
        expect(code).not.toContain(text);
    }
    // and a form that does not import them does not carry them
    for (const entry of [formEntries.schema, formEntries.labelled])
      expect(await bundleOf(entry, consumer)).not.toContain('/relatedParty/*/role');
  });

  it('carries no HTTP status table, no listener table and no JSON Schema', async () => {
    for (const entry of [formEntries.validate, formEntries.schema, formEntries.labelled]) {
      const code = await bundleOf(entry, consumer);
      // the status table's reason phrases, the listeners' event types, the JSON Schema's keywords
      for (const text of ['Too Many Requests', 'AppointmentCreateEvent', '$defs', 'openapi-3.0'])
        expect(code).not.toContain(text);
    }
  });

  it('carries the JSON Schema once it asks for it with withJsonSchema', async () => {
    const code = await bundleOf(
      `export { productOrderSchema, withJsonSchema } from 'product-order-validator';`,
      consumer,
    );
    expect(code).toContain('$defs');
    expect(code).toContain('openapi-3.0');
  });
});

describe('the browser bundle of the partner client', () => {
  it('is its own code within 4 KB, over the validators of the order and the change it checks with', async () => {
    const shipped = await size(clientEntry);
    const own = (await bundleSize(clientOwnEntry, process.cwd(), [withoutValidators])).gzipped;
    const validators = await size(
      `export { validateProductOrder, validateInflightChangeProductOrder } from 'product-order-validator';`,
    );
    expect(own).toBeGreaterThan(KB);
    expect(own).toBeLessThanOrEqual(4 * KB);
    // the validators are the rest: nothing else of the package comes with the client
    expect(shipped).toBeLessThanOrEqual(validators + own);
  });
});
