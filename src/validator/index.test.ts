// createValidator: the built-in rules with a caller's own, in order, with its words.
import { describe, expect, it } from 'vitest';
import { defineRule } from '../custom-rules.js';
import { rules } from '../registry/rules.js';
import { fiveFaults, validOrder } from '../rules/test-kit.js';
import { validateProductOrder } from '../validate.js';
import { createValidator } from '../validator/index.js';

describe('createValidator', () => {
  const days: number = 3;
  const late = defineRule({
    id: 'X-late',
    title: 'Completion after posting.',
    check: (order) =>
      (order as { requestedCompletionDate?: unknown }).requestedCompletionDate === '2020-01-01T00:00:00Z'
        ? [{ rule: 'X-late', code: 'completion_before_posting', path: '/requestedCompletionDate', params: { days } }]
        : [],
  });
  const early = { ...validOrder(), requestedCompletionDate: '2020-01-01T00:00:00Z', description: '' };

  it("runs the built-in rules and the caller's, in one result ordered by path, in the caller's words", () => {
    const carrier = createValidator({
      rules: [late],
      messages: {
        en: { completion_before_posting: (f) => `Too early by ${f.params.days} days.` },
        de: { completion_before_posting: (f) => `${f.params.days} Tage zu früh.`, too_short: () => 'Bitte ausfüllen.' },
      },
    });
    const result = carrier.validate(early, { lang: 'de' });
    expect(result.violations.map((v) => [v.rule, v.code, v.path, v.message])).toEqual([
      ['R-field', 'too_short', '/description', 'Bitte ausfüllen.'],
      ['X-late', 'completion_before_posting', '/requestedCompletionDate', '3 Tage zu früh.'],
    ]);
    expect(carrier.validate(early).violations[1].message).toBe('Too early by 3 days.');
    expect(carrier.rules.map((r) => r.id)).toEqual([...rules.map((r) => r.id), 'X-late']);
  });

  it('gives a code without a message a neutral one naming it, and survives a message that throws', () => {
    const carrier = createValidator({
      rules: [late],
      messages: {
        en: {
          completion_before_posting: () => {
            throw new Error('bad words');
          },
        },
      },
    });
    const messages = carrier.validate(early).violations.map((v) => v.message);
    expect(messages[1]).toBe("'requestedCompletionDate': the rule X-late reports completion_before_posting.");
  });

  it('drops built-in rules named in without, and puts a rule with a built-in id in its place', () => {
    const mine = { id: 'R5', title: 'Own R5.', check: () => [{ rule: 'R5', code: 'own_r5', path: '', params: {} }] };
    const carrier = createValidator({ rules: [mine], without: ['R-field', 'R14'] });
    const ids = carrier.rules.map((r) => r.id);
    expect(ids).not.toContain('R-field');
    expect(ids).not.toContain('R14');
    expect(ids.indexOf('R5')).toBe(rules.findIndex((r) => r.id === 'R5') - 1);
    expect(carrier.rules[ids.indexOf('R5')]).toBe(mine);
    expect(carrier.validate({ ...validOrder(), description: '' }).violations.map((v) => v.code)).toEqual(['own_r5']);
  });

  it("gives rule_failed for a rule of the caller's that throws, even with a built-in id", () => {
    const broken = {
      id: 'R5',
      title: 'Broken.',
      check: (): never[] => {
        throw new TypeError('boom');
      },
    };
    const [violation] = createValidator({ rules: [broken] }).validate(validOrder()).violations;
    expect([violation.rule, violation.code, violation.params]).toEqual([
      'R5',
      'rule_failed',
      { error: 'TypeError: boom' },
    ]);
  });

  it('is what validateProductOrder is, without options', () => {
    const plain = createValidator();
    for (const input of [validOrder(), fiveFaults(), null, 'x'])
      expect(plain.validate(input, { lang: 'de' })).toEqual(validateProductOrder(input, { lang: 'de' }));
  });

  it('speaks a language added at run time through messages, and falls back to English for codes it lacks', () => {
    const french = createValidator({
      rules: [late],
      messages: {
        fr: {
          too_short: (f) => `${f.path.slice(1)} : au moins ${f.params.limit} caractère.`,
          completion_before_posting: (f) => `Trop tôt de ${f.params.days} jours.`,
        },
      },
    });
    const order = { ...early, priority: 'x'.repeat(11) };
    const messages = french.validate(order, { lang: 'fr' }).violations.map((v) => [v.code, v.message]);
    expect(messages).toEqual([
      ['too_short', 'description : au moins 1 caractère.'],
      ['too_long', "'priority' must be at most 10 characters long."],
      ['completion_before_posting', 'Trop tôt de 3 jours.'],
    ]);
    // only a validator given French may be asked for it (its type: validate.test-d.ts)
    expect(validateProductOrder(order, { lang: 'fr' as 'en' }).violations[0].message).toMatch(/at least 1 character/);
  });
});
