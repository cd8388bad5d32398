import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import * as read from '../read.js';
import { validateProductOrder } from '../validate.js';
import { createValidator } from '../validator/index.js';
import { checkBody } from './pipeline.js';

// the walk that looks for values JSON.parse never makes, counted
vi.mock('../read.js', async (original) => {
  const actual = await original<typeof import('../read.js')>();
  return { ...actual, notJsonNodes: vi.fn(actual.notJsonNodes) };
});

const options = { lang: 'en', max: 10, about: 'order' } as const;
const text = JSON.stringify({ category: 'new', note: [{ text: 'x' }] });

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
  // regression: a body the routes parsed themselves was walked again for values JSON.parse never makes,
  // 1.37 times the work of a valid 1 MiB body
  it('validates a body it parsed without looking for values that are no JSON, and forgets it after', () => {
    const walk = vi.mocked(read.notJsonNodes);
    walk.mockClear();
    let seen: unknown;
    const answer = checkBody({ text }, options, (input, o) => {
      seen = input;
      return validateProductOrder(input, o);
    });
    expect(answer.ok).toBe(false);
    expect(walk).not.toHaveBeenCalled();
    expect(read.parsedJson.has(seen as object)).toBe(false);
    validateProductOrder(seen);
    expect(walk).toHaveBeenCalledTimes(1);
  });

  it("looks through a value an app's parser made, which a reviver may have filled with what is no JSON", () => {
    const walk = vi.mocked(read.notJsonNodes);
    walk.mockClear();
    const parsed = { ...JSON.parse(text), orderPostedDate: new Date(0) };
    const answer = checkBody({ parsed }, options, validateProductOrder);
    expect(walk).toHaveBeenCalledTimes(1);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(JSON.stringify(answer.body)).toContain('/orderPostedDate');
  });

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
