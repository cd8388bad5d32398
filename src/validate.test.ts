import { describe, expect, it } from 'vitest';
import { orderWith, validOrder } from './rules/test-kit.js';
import { validateProductOrder } from './validate.js';

/** An order with five R-field faults at /description, /priority, /orderPostedDate, /externalId, /note. */
const fiveFaults = () =>
  orderWith((o) => {
    o.description = '';
    o.priority = 'x'.repeat(11);
    o.orderPostedDate = 'yesterday';
    o.externalId = [];
    o.note = 'none';
  });

describe('validateProductOrder', () => {
  it('returns the input itself as value', () => {
    const order = validOrder();
    const result = validateProductOrder(order);
    expect(result.valid && result.value).toBe(order);
  });

  it('keeps the first maxViolations violations by path', () => {
    const paths = validateProductOrder(fiveFaults(), { maxViolations: 2 }).violations.map((v) => v.path);
    expect(paths).toEqual(['/description', '/externalId']);
  });

  it.each([0, -1, Number.NaN, '2', null])('ignores maxViolations %j', (max) => {
    expect(validateProductOrder(fiveFaults(), { maxViolations: max as number }).violations).toHaveLength(5);
  });

  it('writes German messages for lang de and English otherwise', () => {
    const [de] = validateProductOrder(fiveFaults(), { lang: 'de' }).violations;
    const [en] = validateProductOrder(fiveFaults(), { lang: 'fr' as 'en' }).violations;
    expect(de.message).toMatch(/Zeichen/);
    expect(en.message).toMatch(/character/);
  });

  it('falls back to the default options when reading them throws', () => {
    const options = Object.defineProperty({}, 'lang', {
      get() {
        throw new Error('hostile options');
      },
    });
    expect(validateProductOrder(fiveFaults(), options).violations).toHaveLength(5);
  });
});
