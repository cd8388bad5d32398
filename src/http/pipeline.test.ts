import { describe, expect, it, vi } from 'vitest';
import * as read from '../read.js';
import { validateProductOrder } from '../validate.js';
import { checkBody } from './pipeline.js';

// the walk that looks for values JSON.parse never makes, counted
vi.mock('../read.js', async (original) => {
  const actual = await original<typeof import('../read.js')>();
  return { ...actual, notJsonNodes: vi.fn(actual.notJsonNodes) };
});

const options = { lang: 'en', max: 10, about: 'order' } as const;
const text = JSON.stringify({ category: 'new', note: [{ text: 'x' }] });

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
});
