// Any JavaScript value given to the in-flight validator and the HTTP helpers gives a result, never a throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultHttpMaxViolations } from '../src/http/error-message.js';
import {
  checkRequest,
  listeners,
  parseListQuery,
  selectFields,
  toErrorMessage,
  toProblemDetails,
  validateListenerEvent,
} from '../src/http/index.js';
import { validateInflightChangeProductOrder } from '../src/index.js';
import { runs } from './runs.js';

const numRuns = runs(1000);
const anything = fc.anything({ withBoxedValues: true, withMap: true, withSet: true, withNullPrototype: true });

describe('hostile input', () => {
  it('never makes the in-flight validator or the listener validators throw', () => {
    fc.assert(
      fc.property(anything, fc.constantFrom(...listeners.map((l) => l.type)), (input, type) => {
        for (const result of [validateInflightChangeProductOrder(input), validateListenerEvent(type, input)]) {
          expect(result.valid).toBe(result.violations.length === 0);
          // an error body lists at most maxViolations and counts the rest, those the validation left out too
          const listed = result.violations.slice(0, defaultHttpMaxViolations);
          const more =
            result.violations.length - listed.length + ('truncated' in result ? (result.truncated?.more ?? 0) : 0);
          const body = toErrorMessage(result);
          expect(body.violations ?? []).toEqual(listed);
          expect(body.truncated?.more ?? 0).toBe(more);
          expect(toProblemDetails(result).errors?.length ?? 0).toBe(listed.length);
        }
      }),
      { numRuns },
    );
  });

  it('never makes checkRequest, parseListQuery or selectFields throw', () => {
    fc.assert(
      fc.property(anything, anything, fc.string(), (input, other, path) => {
        const parts = {
          method: 'POST',
          path: `/inflightChangeProductOrder${path}`,
          headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
          body: input,
        };
        const checked = checkRequest(parts);
        expect(typeof checked.ok).toBe('boolean');
        expect(typeof checkRequest(input as never).ok).toBe('boolean');
        expect(typeof parseListQuery(input as never).valid).toBe('boolean');
        expect(() => selectFields(input, ['id'])).not.toThrow();
        expect(
          typeof checkRequest({ method: 'GET', path: String(path), query: other as never, headers: input as never }).ok,
        ).toBe('boolean');
      }),
      { numRuns },
    );
  });
});
