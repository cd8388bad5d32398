// The browser bundle budget of validateProductOrder, built from the package as a bundler would.
import { describe, expect, it } from 'vitest';
import { bundleSize, validatorEntry } from '../bench/bundle.js';

describe('the browser bundle of validateProductOrder, with its rules and both languages', () => {
  it('stays within 20 KB minified and gzipped', async () => {
    const { gzipped } = await bundleSize(validatorEntry, process.cwd());
    expect(gzipped).toBeGreaterThan(1000);
    expect(gzipped).toBeLessThanOrEqual(20 * 1024);
  });

  it('stays within 20 KB with the Standard Schema of a form, which carries the JSON Schema', async () => {
    const entry = `export { createProductOrderSchema, productOrderSchema } from 'product-order-validator';`;
    const { gzipped } = await bundleSize(entry, process.cwd());
    expect(gzipped).toBeLessThanOrEqual(20 * 1024);
  });
});
