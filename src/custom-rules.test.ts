// A caller's rules and messages: read once, each read guarded, a throw or a wrong result its rule's own rule_failed.
import { describe, expect, it } from 'vitest';
import { defineRule } from './custom-rules.js';
import { labelsEn } from './form-labels/en.js';
import { rules } from './registry/rules.js';
import { validOrder } from './rules/test-kit.js';
import { defaultMaxViolations, validateProductOrder, validateWith } from './validate.js';
import { createValidator } from './validator/index.js';
import type { Rule } from './violation.js';

describe("a caller's code, read once and guarded", () => {
  const fault = { ...validOrder(), description: '' };

  // regression: an async rule's rejected promise went unhandled, which ends a Node process
  it('a rule that returns a rejected promise gives rule_failed, and leaves no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const rule = { id: 'X-async', title: 'Async.', check: () => Promise.reject(new Error('carrier bug')) };
      const result = createValidator({ rules: [rule as never] }).validate(fault);
      expect(result.violations.map((v) => [v.rule, v.code])).toEqual([
        ['X-async', 'rule_failed'],
        ['R-field', 'too_short'],
      ]);
      await new Promise((settled) => setTimeout(settled, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
  it('a check that returns a promise gives rule_failed saying rules are synchronous and what to do', () => {
    const rule = { id: 'X-async', title: 'Async.', check: () => Promise.resolve([]) };
    const [failed] = createValidator({ rules: [rule as never] }).validate(fault).violations;
    expect(failed).toMatchObject({ rule: 'X-async', code: 'rule_failed' });
    expect(failed.params).toEqual({
      error:
        'TypeError: check() returned a promise, but rules are synchronous: await what the check needs before validating, and pass it in',
    });
  });

  it('defineRule refuses an async check at once, saying rules are synchronous and how to wrap one', () => {
    const define = (check: unknown) => () =>
      defineRule({ id: 'X-lookup', title: 'Looked up.', check: check as () => never[] });
    for (const check of [async () => [], async function* () {}])
      expect(define(check)).toThrow(
        new TypeError(
          "defineRule: the rule 'X-lookup' has an async check, but rules are synchronous: await what the check needs before validating, and pass it in, with the rule made over it: `(data) => defineRule({ id, title, check: (order) => findings of order and data })`",
        ),
      );
    expect(define(() => [])).not.toThrow();
  });

  it('createValidator refuses a rule with an async check at once; validateWith gives its rule_failed', () => {
    const rule = { id: 'X-lookup', title: 'Looked up.', check: async () => [] };
    expect(() => createValidator({ rules: [rule as never] })).toThrow(
      new TypeError(
        "createValidator: rules[0] ('X-lookup') has an async check, but rules are synchronous: await what the check needs before validating, and pass it in",
      ),
    );
    const [failed] = validateWith([rule as never], fault).violations;
    expect(failed).toMatchObject({ rule: 'X-lookup', code: 'rule_failed' });
    expect((failed.params as { error: string }).error).toMatch(
      /^TypeError: the rule \('X-lookup'\) has an async check/,
    );
  });

  const throwing = (): never => {
    throw new Error('hostile');
  };
  /** A finding whose params have a getter that throws. */
  const hostileParams = () => [
    Object.freeze({
      rule: 'X-own',
      code: 'own_code',
      path: '/note',
      params: Object.defineProperty({}, 'limit', { enumerable: true, get: throwing }),
    }),
  ];

  it('a labels.message that throws gives the package message instead of throwing', () => {
    const labels = { ...labelsEn, message: throwing };
    const result = validateProductOrder(fault, { labels });
    expect(result.violations.map((v) => v.message)).toEqual(["'description' must be at least 1 character long."]);
    expect(createValidator().validate(fault, { labels }).violations[0].message).toBe(result.violations[0].message);
  });

  it('a labels.message that returns 42 gives the package message, not a number', () => {
    const labels = { ...labelsEn, message: () => 42 as unknown as string };
    const [violation] = validateProductOrder(fault, { labels, lang: 'de' }).violations;
    expect(violation.message).toBe("'description' muss mindestens 1 Zeichen lang sein.");
  });

  it('a finding whose params has a throwing getter gives rule_failed and keeps the built-in violations', () => {
    const rule = { id: 'X-own', title: 'Own.', check: hostileParams };
    for (const result of [
      createValidator({ rules: [rule] }).validate(fault),
      validateWith([...rules, rule as unknown as Rule], fault),
    ])
      expect(result.violations.map((v) => [v.rule, v.code, v.path])).toEqual([
        ['X-own', 'rule_failed', ''],
        ['R-field', 'too_short', '/description'],
      ]);
  });

  it('a finding read once: params changed after the check returns change nothing', () => {
    const params = { limit: 1 };
    const rule = {
      id: 'X-own',
      title: 'Own.',
      check: () => [{ rule: 'X-own', code: 'too_low', path: '/note', params }],
    };
    const carrier = createValidator({
      rules: [rule],
      messages: { en: { too_low: (f) => `at least ${f.params.limit}` } },
    });
    const result = carrier.validate(validOrder());
    params.limit = 99;
    expect(result.violations.map((v) => [v.params, v.message])).toEqual([[{ limit: 1 }, 'at least 1']]);
  });

  it("a caller's finding of a built-in code with params the template cannot read gets the neutral message", () => {
    const allowed = new Proxy([], { get: throwing });
    const check = () => [{ rule: 'X-own', code: 'not_allowed', path: '/category', params: { allowed } }];
    const result = validateWith([{ id: 'X-own', title: 'Own.', check } as unknown as Rule], validOrder());
    expect(result.violations.map((v) => v.message)).toEqual(["'category': the rule X-own reports not_allowed."]);
  });

  it("a caller's check returning a list of fake length reads no more findings than the validation collects", () => {
    let reads = 0;
    const fake = new Proxy([], {
      get: (target, key) => {
        if (key === 'length') return 2 ** 32 - 1;
        if (typeof key === 'string' && /^\d+$/.test(key)) {
          reads++;
          return { rule: 'X-own', code: 'own_code', path: `/note`, params: {} };
        }
        return Reflect.get(target, key);
      },
    });
    const result = createValidator({ rules: [{ id: 'X-own', title: 'Own.', check: () => fake }] }).validate(fault);
    expect(result.valid).toBe(false);
    expect(!result.valid && result.truncated?.stopped).toBe(true);
    expect(reads).toBeLessThanOrEqual(10 * defaultMaxViolations + 1);
  });

  it("a caller's throwing rule with a built-in id run through validateWith is rule_failed, and every other finding stays", () => {
    const broken = { id: 'R1', title: 'Broken R1.', check: throwing };
    const result = validateWith([...rules, broken as unknown as Rule], fault);
    expect(result.violations.map((v) => [v.rule, v.code])).toEqual([
      ['R1', 'rule_failed'],
      ['R-field', 'too_short'],
    ]);
  });

  it.each([
    ['null', null, /rules\[0\] is null/],
    ['a rule {}', {}, /rules\[0\] has no id/],
    ['a rule without check', { id: 'X', title: 'X.' }, /rules\[0\] \('X'\) has no check function/],
    ['a rule without title', { id: 'X', check: () => [] }, /rules\[0\] \('X'\) has no title/],
    [
      'a rule whose id throws',
      {
        get id() {
          return throwing();
        },
      },
      /rules\[0\] cannot be read: Error: hostile/,
    ],
  ])('createValidator refuses %s in rules, naming it', (_, rule, message) => {
    expect(() => createValidator({ rules: [rule as never] })).toThrow(TypeError);
    expect(() => createValidator({ rules: [rule as never] })).toThrow(message);
  });

  it('createValidator refuses two rules of one id, rules that are no list, an unknown id in without, a message that is no function', () => {
    const rule = { id: 'X', title: 'X.', check: () => [] };
    expect(() => createValidator({ rules: [rule, { ...rule }] })).toThrow(/rules\[1\] has the id 'X' of rules\[0\]/);
    expect(() => createValidator({ rules: rule as never })).toThrow(/rules must be an array of rules, not an object/);
    expect(() => createValidator({ without: ['R99' as never] })).toThrow(/without\[0\] is the string 'R99'/);
    expect(() => createValidator({ messages: { en: { x: 'text' } } as never })).toThrow(
      /messages\.en\.x must be a function/,
    );
  });

  it('validateWith turns a check that is no rule into rule_failed naming its place, and still runs the others', () => {
    const result = validateWith([...rules, null as unknown as Rule], fault);
    expect(result.violations.map((v) => [v.rule, v.code])).toEqual([
      [`#${rules.length}`, 'rule_failed'],
      ['R-field', 'too_short'],
    ]);
  });
});
