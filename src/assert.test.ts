import { describe, expect, it } from 'vitest';
import { assertProductOrder, isProductOrderValidationError, ProductOrderValidationError } from './assert.js';
import { validOrder } from './rules/test-kit.js';

const brand = Symbol.for('product-order-validator.ProductOrderValidationError');

function thrown(input: unknown): unknown {
  try {
    assertProductOrder(input);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('ProductOrderValidationError', () => {
  it('is thrown with the violations and a message naming the first', () => {
    const error = thrown({});
    expect(error).toBeInstanceOf(ProductOrderValidationError);
    expect(error).toBeInstanceOf(Error);
    expect(isProductOrderValidationError(error)).toBe(true);
    expect((error as ProductOrderValidationError).violations.length).toBeGreaterThan(0);
    expect((error as Error).message).toMatch(/^Invalid product order: /);
  });

  it("names a violation of the whole order without a pointer (regression: shown as '/', the pointer of the key '')", () => {
    const message = (thrown({}) as Error).message;
    expect(message).not.toMatch(/(^|; )\/: /);
    expect(message).toMatch(/^Invalid product order: [A-Z]/);
    expect((thrown({ ...validOrder(), category: 5 }) as Error).message).toMatch(/^Invalid product order: \/category: /);
  });

  it('is an instance across copies of the package: the class of another build, the same brand', () => {
    // what the CommonJS copy throws, seen from the ES module: another class, the registry's symbol
    class OtherCopy extends Error {}
    const other = new OtherCopy('from the other copy');
    Object.defineProperty(other, brand, { value: true });
    expect(other instanceof ProductOrderValidationError).toBe(true);
    expect(isProductOrderValidationError(other)).toBe(true);
  });

  it('is no instance for other errors and values, and never throws asking', () => {
    const hostile = new Proxy(
      {},
      {
        getOwnPropertyDescriptor() {
          throw new Error('trap');
        },
        getPrototypeOf() {
          throw new Error('trap');
        },
      },
    );
    for (const value of [new Error('x'), { violations: [] }, null, undefined, 1, 'e', hostile]) {
      expect(isProductOrderValidationError(value)).toBe(false);
      expect(value instanceof ProductOrderValidationError).toBe(false);
    }
    // the brand is an own property: an object that inherits from an error does not pass
    expect(isProductOrderValidationError(Object.create(thrown({}) as object))).toBe(false);
  });

  it('keeps the prototype check for a subclass', () => {
    class CarrierError extends ProductOrderValidationError {}
    const base = thrown({});
    const own = new CarrierError([]);
    expect(base instanceof CarrierError).toBe(false);
    expect(own instanceof CarrierError).toBe(true);
    expect(own instanceof ProductOrderValidationError).toBe(true);
  });
});
