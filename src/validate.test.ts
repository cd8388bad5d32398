import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderWith, validOrder } from './rules/test-kit.js';
import { byPath, comparePaths, validateProductOrder } from './validate.js';

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

describe('comparePaths', () => {
  /** The order of the paths as the specification of the result says: token by token, indices as numbers. */
  const reference = (a: string, b: string): number => {
    const x = a.split('/');
    const y = b.split('/');
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      if (x[i] === y[i]) continue;
      const index = /^(0|[1-9][0-9]*)$/;
      if (index.test(x[i]) && index.test(y[i])) return Number(x[i]) - Number(y[i]);
      return x[i] < y[i] ? -1 : 1;
    }
    return x.length - y.length;
  };
  const token = fc.oneof(fc.nat(120).map(String), fc.constantFrom('a', 'ab', 'b', '@type', 'role', '01', ''));
  const path = fc.array(token, { maxLength: 5 }).map((tokens) => tokens.map((t) => `/${t}`).join(''));

  it('orders as splitting the paths would', () => {
    fc.assert(
      fc.property(path, path, (a, b) => {
        expect(Math.sign(comparePaths(a, b))).toBe(Math.sign(reference(a, b)));
      }),
      { numRuns: 20_000 },
    );
  });

  it('sorts findings stably as comparePaths orders their paths, in few or many', () => {
    const plainToken = fc.oneof(fc.nat(9).map(String), fc.constantFrom('a', 'ab', 'b', '@type', 'role', '01', ''));
    const finding = fc.record({
      path: fc.oneof(
        path,
        fc.array(plainToken, { maxLength: 5 }).map((t) => t.map((x) => `/${x}`).join('')),
      ),
      n: fc.nat(),
    });
    fc.assert(
      fc.property(fc.array(finding, { maxLength: 40 }), (found) => {
        const findings = found.map(({ path, n }) => ({ rule: 'R1', code: 'required', path, params: { n } }) as const);
        const expected = findings
          .map((f, i) => [f, i] as const)
          .sort(([a, i], [b, j]) => reference(a.path, b.path) || i - j);
        expect(byPath(findings)).toEqual(expected.map(([f]) => f));
      }),
      { numRuns: 5_000 },
    );
  });

  it.each([
    ['', '/a', -1],
    ['/a/2', '/a/10', -1],
    ['/a/10', '/a/9/x', 1],
    ['/a', '/ab', -1],
    ['/a/x', '/ab', -1],
    ['/p/1', '/p/1/q', -1],
  ])('puts %s before or after %s', (a, b, sign) => {
    expect(Math.sign(comparePaths(a, b))).toBe(sign);
  });
});
