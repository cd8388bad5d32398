import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createValidator } from '../validate.js';
import { checkBody } from './pipeline.js';

const order = JSON.parse(readFileSync('examples/orders/valid/new-kvz-local-loop.json', 'utf8'));
const outage = new Error('credit-check database down: db-7.internal');
const validator = createValidator({
  rules: [
    {
      id: 'X-credit',
      title: 'A credit check.',
      check: () => {
        throw outage;
      },
    },
  ],
});
const check = (body: unknown, max = 10) => {
  const told: unknown[] = [];
  const answer = checkBody(
    { parsed: body },
    { lang: 'en', max, about: 'order', onRuleError: (error) => told.push(error) },
    (input, o) => validator.validate(input, o),
  );
  return { answer, told };
};

describe('checkBody', () => {
  it('answers 500 when rules could not check a body that breaks no other (regression: 400 invalid_request blamed the client for a carrier outage)', () => {
    const { answer, told } = check(order);
    expect(answer).toMatchObject({ ok: false, status: 500, body: { code: 'internal_error' } });
    expect(JSON.stringify(answer)).not.toContain('db-7');
    expect(told).toEqual([outage]);
  });

  it('answers 400 with the other violations and the neutral rule_failed when the body breaks another rule', () => {
    const { answer, told } = check({ ...order, category: 'neu' });
    expect(answer.ok === false && answer.status).toBe(400);
    const body = (answer as unknown as { body: { violations: { rule: string; code: string }[] } }).body;
    expect(body.violations.map((v) => [v.rule, v.code])).toEqual([
      ['X-credit', 'rule_failed'],
      ['R-field', 'not_allowed'],
    ]);
    expect(told).toEqual([outage]);
  });

  it('answers 400 when the violations listed are cut after a rule_failed: the others exist', () => {
    const { answer } = check({ ...order, category: 'neu' }, 1);
    expect(answer.ok === false && answer.status).toBe(400);
  });
});
