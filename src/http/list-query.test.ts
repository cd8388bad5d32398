import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../../test/runs.js';
import { countHeaders, type ListQuery, pageBounds, paginate, parseListQuery, selectFields } from './list-query.js';

const violations = (query: Parameters<typeof parseListQuery>[0], params?: ('fields' | 'offset' | 'limit')[]) =>
  parseListQuery(query, { params }).violations.map(({ rule, code, path, params }) => ({ rule, code, path, params }));

describe('parseListQuery', () => {
  it('reads all three parameters when reading the options throws', () => {
    const options = new Proxy(
      {},
      {
        get() {
          throw new Error('hostile options');
        },
      },
    );
    expect(parseListQuery('offset=1&limit=2', options)).toMatchObject({ value: { offset: 1, limit: 2 } });
  });

  it.each([
    ['fields=id,state&offset=10&limit=5', { fields: ['id', 'state'], offset: 10, limit: 5 }],
    ['?fields=%40type,%20state', { fields: ['@type', 'state'] }],
    ['offset=0&limit=0', { offset: 0, limit: 0 }],
    ['', {}],
    ['state=acknowledged&sort=id', {}],
  ])('parses %j', (query, value) => {
    expect(parseListQuery(query)).toEqual({ valid: true, value, violations: [], hints: [] });
    expect(parseListQuery(new URLSearchParams(query)).valid).toBe(true);
  });

  it('reads a record such as a parsed Node query, with repeated values as arrays', () => {
    expect(parseListQuery({ offset: '2', limit: ['3'], other: 'x' })).toMatchObject({ value: { offset: 2, limit: 3 } });
    expect(violations({ limit: ['3', '4'] })).toEqual([
      { rule: 'R-query', code: 'too_many_items', path: '/limit', params: { limit: 1, actual: 2 } },
    ]);
  });

  it.each([
    ['offset=-1', 'too_small', '/offset', { limit: 0 }],
    ['limit=abc', 'wrong_type', '/limit', { expected: 'integer', actual: 'string' }],
    ['limit=1.5', 'wrong_type', '/limit', { expected: 'integer', actual: 'number' }],
    ['limit=', 'wrong_type', '/limit', { expected: 'integer', actual: 'string' }],
    ['limit=1e3', 'wrong_type', '/limit', { expected: 'integer', actual: 'string' }],
    ['offset=+4', 'wrong_type', '/offset', { expected: 'integer', actual: 'string' }],
    ['offset=99999999999999999999', 'too_large', '/offset', { limit: Number.MAX_SAFE_INTEGER }],
    ['offset=1&offset=2', 'too_many_items', '/offset', { limit: 1, actual: 2 }],
    ['fields=id,,state', 'too_short', '/fields/1', { limit: 1 }],
    ['fields=place.role', 'pattern_mismatch', '/fields/0', {}],
    ['fields=', 'too_short', '/fields/0', { limit: 1 }],
  ])('rejects %s', (query, code, path, params) =>
    expect(violations(query)).toEqual([{ rule: 'R-query', code, path, params: expect.objectContaining(params) }]),
  );

  it('reports every bad parameter, in path order, in the requested language', () => {
    const result = parseListQuery('limit=-2&offset=x&fields=a b', { lang: 'de' });
    expect(result.violations.map((v) => v.path)).toEqual(['/fields/0', '/limit', '/offset']);
    expect(result.violations[1].message).toMatch(/mindestens 0/);
  });

  it('reads only the parameters asked for: a retrieve ignores offset and limit', () => {
    expect(parseListQuery('fields=id&offset=x', { params: ['fields'] })).toMatchObject({
      valid: true,
      value: { fields: ['id'] },
    });
  });

  it('reads a query it cannot read as empty, without throwing', () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => [],
        get: () => {},
        getOwnPropertyDescriptor: () => {
          throw new Error('trap');
        },
      },
    );
    expect(parseListQuery(hostile as never).valid).toBe(true);
  });
});

describe('selectFields', () => {
  const resource = Object.freeze({ id: '1', href: '/x/1', '@type': 'T', state: 'done', category: ['a'], note: [] });

  it('keeps the listed first-level attributes and id, href, @type, without changing the resource', () => {
    expect(selectFields(resource, ['state', 'missing'])).toEqual({
      id: '1',
      href: '/x/1',
      '@type': 'T',
      state: 'done',
    });
  });
  it('returns the resource itself without fields', () => expect(selectFields(resource, undefined)).toBe(resource));
  it('selects in every item of a list', () =>
    expect(selectFields([resource, resource], ['note'])).toEqual([
      { id: '1', href: '/x/1', '@type': 'T', note: [] },
      { id: '1', href: '/x/1', '@type': 'T', note: [] },
    ]));

  it('never throws on hostile objects: throwing getters, Proxies, revoked Proxies, deep lists', () => {
    const getter = Object.defineProperty({ id: '1' }, 'state', {
      enumerable: true,
      get() {
        throw new Error('hostile');
      },
    });
    expect(selectFields(getter, ['state'])).toEqual({ id: '1' });
    const trap = new Proxy(
      { id: '1' },
      {
        ownKeys() {
          throw new Error('hostile');
        },
      },
    );
    expect(selectFields(trap, ['state'])).toEqual({});
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(selectFields(proxy, ['state'])).toEqual({});
    expect(selectFields([proxy, resource], ['state'])).toEqual([]);
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(selectFields(deep, ['state'])).toHaveLength(1);
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withBoxedValues: true, withMap: true }), (value) => {
        expect(() => selectFields(value, ['id'])).not.toThrow();
      }),
      { numRuns: runs(2000) },
    );
  });
});

describe('countHeaders and paginate', () => {
  it('give X-Total-Count and X-Result-Count', () =>
    expect(countHeaders(12, 5)).toEqual({ 'X-Total-Count': '12', 'X-Result-Count': '5' }));

  const items = Array.from({ length: 7 }, (_, i) => ({ id: String(i), state: 'acknowledged' }));
  it('gives a page of 100 without limit, and at most 1,000 whatever limit asks, as the example list did not', () => {
    const many = Array.from({ length: 2500 }, (_, i) => ({ id: String(i) }));
    expect(paginate(many, {}).headers).toEqual(countHeaders(2500, 100));
    expect(paginate(many, { limit: 5000 }).headers).toEqual(countHeaders(2500, 1000));
    expect(paginate(many, {}, { defaultLimit: 7, maxLimit: 10 }).items).toHaveLength(7);
    expect(paginate(many, { limit: 50 }, { maxLimit: 10 }).items).toHaveLength(10);
  });

  it.each([
    [{}, ['0', '1', '2', '3', '4', '5', '6']],
    [{ offset: 5 }, ['5', '6']],
    [{ offset: 2, limit: 2 }, ['2', '3']],
    [{ offset: 9, limit: 2 }, []],
    [{ limit: 0 }, []],
  ])('pages %j', (query, ids) => {
    const page = paginate(items, query);
    expect(page.items.map((i) => i.id)).toEqual(ids);
    expect(page.headers).toEqual(countHeaders(7, ids.length));
  });
  it('applies attribute selection to the page', () =>
    expect(paginate(items, { limit: 1, fields: ['id'] }).items).toEqual([{ id: '0' }]));

  // regression: a negative limit returned all but the last item, past maxLimit, and a negative offset
  // counted from the end; parseListQuery refuses both, but paginate takes a caller's own query too
  it.each([
    ['limit -1', { limit: -1 }],
    ['limit 2.5', { limit: 2.5 }],
    ['limit NaN', { limit: Number.NaN }],
    ['limit Infinity', { limit: Number.POSITIVE_INFINITY }],
    ['limit 2 ** 53', { limit: 2 ** 53 }],
    ['offset -2', { offset: -2 }],
    ['offset 1.5', { offset: 1.5 }],
    ['offset NaN', { offset: Number.NaN }],
    ['offset -Infinity', { offset: Number.NEGATIVE_INFINITY }],
    ["limit '3'", { limit: '3' as unknown as number }],
  ])(
    'refuses a negative or non-integer limit or offset, as it refuses bad page options: %s reads as not given',
    (_, query: ListQuery) => {
      const many = Array.from({ length: 2500 }, (_, i) => ({ id: String(i) }));
      const given = {
        offset: query.offset === undefined ? 4 : undefined,
        limit: query.limit === undefined ? 3 : undefined,
      };
      const expected = paginate(many, given, { maxLimit: 10 });
      expect(paginate(many, { ...given, ...query }, { maxLimit: 10 })).toEqual(expected);
      expect(pageBounds({ ...given, ...query }, { maxLimit: 10 })).toEqual(pageBounds(given, { maxLimit: 10 }));
      expect(expected.items.length).toBeLessThanOrEqual(10);
    },
  );
  it('reads a bad defaultLimit or maxLimit as not given, by the same rule as a bad limit', () => {
    expect(pageBounds({}, { defaultLimit: -1, maxLimit: 2.5 })).toEqual(pageBounds({}));
    expect(pageBounds({ limit: 5000 }, { maxLimit: Number.NaN })).toEqual({ offset: 0, limit: 1000 });
  });
});
