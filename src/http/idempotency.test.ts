import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  createMemoryIdempotencyStore,
  idempotencyFingerprint,
  idempotencyKeyHeader,
  maxIdempotencyKeyLength,
  parseIdempotencyKey,
} from './idempotency.js';

const done = (fingerprint: string, text = '{}') =>
  ({
    state: 'done',
    fingerprint,
    reply: { status: 201, headers: { 'content-type': 'application/json' }, text },
  }) as const;

describe('parseIdempotencyKey', () => {
  it.each([
    ['"8e03978e-40d5-43e8-bc93-6894a57f9324"', '8e03978e-40d5-43e8-bc93-6894a57f9324'],
    ['  "a b"  ', 'a b'],
    ['"a\\"b\\\\c"', 'a"b\\c'],
  ])('reads the sf-string %s', (value, key) => {
    expect(parseIdempotencyKey(value)).toEqual({ ok: true, key });
  });

  it.each([
    ['"ok"; p=1', 'ok'],
    ['"ok";p=1', 'ok'],
    ['"ok";a;b=?1;c="x;y, z";d=tok/en:1;e=-1.5;f=:aGk=:;*g=12', 'ok'],
    [' "ok";  p=1 ', 'ok'],
  ])(
    'reads the key of an item with parameters, ignoring them, %s (regression: 400 "must be a quoted string")',
    (value, key) => {
      expect(parseIdempotencyKey(value)).toEqual({ ok: true, key });
    },
  );

  it.each([['"a", "b"'], ['"a","b"'], ['"a";p=1, "a"'], ['"a" , b']])(
    'calls a list %s a header sent more than once (regression: "must be a quoted string")',
    (value) => {
      expect(parseIdempotencyKey(value)).toEqual({ ok: false, fault: 'repeated' });
    },
  );

  it('takes no header as no key', () => {
    expect(parseIdempotencyKey(undefined)).toEqual({ ok: true, key: undefined });
  });

  it.each([
    ['8e03978e', 'syntax'],
    ['"unterminated', 'syntax'],
    ['"a";', 'syntax'],
    ['"a"; P=1', 'syntax'],
    ['"a" ;p=1', 'syntax'],
    ['"a";p=', 'syntax'],
    ['"a";p="open', 'syntax'],
    ['"a";p=1 x', 'syntax'],
    ['"a"x', 'syntax'],
    [`"a";p="${'x'.repeat(10_000_000)}"`, 'too_long'],
    ['"tab\there"', 'syntax'],
    ['"ümlaut"', 'syntax'],
    ['"bad \\n escape"', 'syntax'],
    ['"ends in \\"', 'syntax'],
    ['""', 'empty'],
    [`"${'k'.repeat(maxIdempotencyKeyLength + 1)}"`, 'too_long'],
    [`"${'k'.repeat(10_000_000)}"`, 'too_long'],
  ])('refuses %s: %s', (value, fault) => {
    expect(parseIdempotencyKey(value)).toEqual({ ok: false, fault });
  });

  it('writes what it reads: idempotencyKeyHeader is its inverse, and refuses a key no header carries', () => {
    for (const key of ['order-4711', 'a"b\\c', ' spaced '])
      expect(parseIdempotencyKey(idempotencyKeyHeader(key))).toEqual({ ok: true, key });
    for (const key of ['', 'ü', 'line\nbreak', 'k'.repeat(maxIdempotencyKeyLength + 1)])
      expect(idempotencyKeyHeader(key)).toBeUndefined();
  });
});

describe('the fingerprint of a body', () => {
  it('is the same whatever the spaces of the text or the order of the keys', async () => {
    const a = await idempotencyFingerprint(JSON.parse('{"b":[1,{"y":2,"x":"z"}],"a":null}'));
    const b = await idempotencyFingerprint(JSON.parse(' { "a" : null ,\n "b" : [ 1 , { "x" : "z" , "y" : 2 } ] } '));
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs for another value, an array order included', async () => {
    const base = await idempotencyFingerprint({ a: [1, 2] });
    expect(await idempotencyFingerprint({ a: [2, 1] })).not.toBe(base);
    expect(await idempotencyFingerprint({ a: [1, 2], b: 0 })).not.toBe(base);
    expect(await idempotencyFingerprint({ a: '[1,2]' })).not.toBe(base);
  });

  it('writes canonical JSON as JSON.stringify writes sorted keys, and survives depth, cycles and getters that throw', () => {
    expect(canonicalJson({ b: [1, { y: 2, x: 'a"' }], a: null, c: [], d: {} })).toBe(
      '{"a":null,"b":[1,{"x":"a\\"","y":2}],"c":[],"d":{}}',
    );
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(canonicalJson(deep)).toHaveLength(200_001);
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(canonicalJson(cycle)).toBe('{"a":1,"self":null}');
    const shared = { x: 1 };
    expect(canonicalJson([shared, shared])).toBe('[{"x":1},{"x":1}]');
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('no keys');
        },
      },
    );
    expect(canonicalJson({ h: hostile })).toBe('{"h":null}');
  });
});

describe('createMemoryIdempotencyStore', () => {
  it('claims a key once: the first claim gets undefined, the next the running entry, then the settled answer', () => {
    const store = createMemoryIdempotencyStore();
    expect(store.claim('k', 'f1', 1000)).toBeUndefined();
    expect(store.claim('k', 'f2', 1000)).toEqual({ state: 'running', fingerprint: 'f1' });
    store.settle('k', done('f1'), 1000);
    expect(store.claim('k', 'f1', 1000)).toEqual(done('f1'));
  });

  it('forgets a released key and an expired one', () => {
    let time = 0;
    const store = createMemoryIdempotencyStore({ now: () => time });
    store.claim('k', 'f', 1000);
    store.release('k');
    expect(store.claim('k', 'f', 1000)).toBeUndefined();
    store.settle('k', done('f'), 1000);
    time = 999;
    expect(store.claim('k', 'f', 1000)?.state).toBe('done');
    time = 1000;
    expect(store.claim('k', 'f', 1000)).toBeUndefined();
  });

  it('holds its bound of entries under thousands of distinct keys, the oldest going first', () => {
    const store = createMemoryIdempotencyStore({ maxEntries: 100 });
    for (let i = 0; i < 5000; i++) store.claim(`key-${i}`, 'f', 60_000);
    expect(store.size).toBe(100);
    expect(store.claim('key-4999', 'f', 60_000)?.state).toBe('running');
    expect(store.claim('key-0', 'f', 60_000)).toBeUndefined();
  });

  it('holds its bound of bytes under large answers, and keeps none larger than the bound alone', () => {
    const store = createMemoryIdempotencyStore({ maxBytes: 100_000 });
    for (let i = 0; i < 200; i++) {
      store.claim(`key-${i}`, 'f', 60_000);
      store.settle(`key-${i}`, done('f', 'x'.repeat(10_000)), 60_000);
      expect(store.bytes).toBeLessThanOrEqual(100_000);
    }
    expect(store.size).toBeLessThanOrEqual(5);
    store.claim('huge', 'f', 60_000);
    store.settle('huge', done('f', 'x'.repeat(60_000)), 60_000);
    expect(store.claim('huge', 'f', 60_000)).toBeUndefined();
    expect(store.bytes).toBeLessThanOrEqual(100_000);
  });

  it('keeps its memory flat under 100,000 distinct keys of the longest length', () => {
    const store = createMemoryIdempotencyStore();
    const long = 'k'.repeat(64);
    for (let i = 0; i < 100_000; i++) store.claim(`${long}${i}`, 'f'.repeat(64), 60_000);
    expect(store.size).toBe(10_000);
    expect(store.bytes).toBeLessThan(4 * 1024 * 1024);
  });
});

describe('createMemoryIdempotencyStore, its own bookkeeping', () => {
  it('keeps no trace of released keys: 100,000 claims and releases leave it empty', () => {
    const store = createMemoryIdempotencyStore();
    for (let i = 0; i < 100_000; i++) {
      store.claim(`key-${i}`, 'f', 60_000);
      store.release(`key-${i}`);
    }
    expect([store.size, store.bytes]).toEqual([0, 0]);
  });
});
