import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateInflightChangeProductOrder } from '../inflight.js';
import { validateProductOrder } from '../validate.js';
import { createValidator } from '../validator/index.js';
import type { Violation } from '../violation.js';
import { notJson } from './body.js';
import {
  type ErrorSource,
  type ErrorStatus,
  errorFormats,
  errorResponse,
  errorStatuses,
  jsonSafe,
  toErrorMessage,
  toProblemDetails,
  toProblemResponse,
} from './error-message.js';
import { parseListQuery } from './list-query.js';

const invalid = validateInflightChangeProductOrder({ '@type': 'C', entity: {}, category: [] });
const change = () => JSON.parse(readFileSync('examples/inflight/valid/change-contacts.json', 'utf8'));

describe('toErrorMessage', () => {
  it('lists every violation, in the body and in the message', () => {
    const body = toErrorMessage(invalid);
    expect(body).toMatchObject({ '@type': 'Error', code: 'invalid_request', reason: 'Bad Request', status: '400' });
    expect(body.violations).toEqual(invalid.violations);
    expect(invalid.violations.length).toBe(4);
    for (const v of invalid.violations) expect(body.message).toContain(`${v.path || '/'}: ${v.message}`);
  });

  it('lists at most 20 violations by default and says how many more, as the 125 MB error body did not', () => {
    const many = validateInflightChangeProductOrder({ ...change(), note: Array(5000).fill(0) });
    const body = toErrorMessage(many);
    expect(body.violations).toHaveLength(20);
    expect(body.truncated).toEqual({ more: 4980, stopped: false });
    expect(body.message).toMatch(/\(4980 more violations not listed\)$/);
    expect(JSON.stringify(body).length).toBeLessThan(10_000);
    const stopped = validateInflightChangeProductOrder({ ...change(), note: Array(50_000).fill(0) });
    expect(toErrorMessage(stopped, { maxViolations: 3, lang: 'de' })).toMatchObject({
      truncated: { more: 9997, stopped: true },
      message: expect.stringMatching(/\(mindestens 9997 weitere Verstöße nicht aufgeführt\)$/),
    });
    expect(toProblemDetails(stopped)).toMatchObject({ truncated: { more: 9980, stopped: true } });
    expect(toProblemDetails(stopped).errors).toHaveLength(20);
  });

  it.each(Object.keys(errorStatuses).map(Number) as ErrorStatus[])('builds the body of status %i', (status) => {
    const body = toErrorMessage(undefined, { status, referenceError: 'https://example.org/errors' });
    expect(body).toEqual({
      '@type': 'Error',
      code: errorStatuses[status].code,
      reason: errorStatuses[status].reason,
      message: errorStatuses[status].text.en,
      status: String(status),
      referenceError: 'https://example.org/errors',
    });
    expect(toErrorMessage(undefined, { status, lang: 'de' }).message).toBe(errorStatuses[status].text.de);
  });

  it('lists the hints of the body apart from the violations, in both bodies, capped as they are', () => {
    const result = validateProductOrder({ category: 'New' });
    expect(result.hints.map((h) => h.params.suggestion)).toEqual(['new']);
    expect(toErrorMessage(result).hints).toEqual(result.hints);
    expect(toProblemDetails(result).hints).toEqual(result.hints);
    expect(toErrorMessage(result, { maxViolations: 0 }).hints).toBeUndefined();
    expect(toErrorMessage(invalid).hints).toBeUndefined();
  });

  it('defaults to 500 without violations, and takes a message of the caller', () => {
    expect(toErrorMessage(undefined).status).toBe('500');
    expect(toErrorMessage(undefined, { status: 404, message: 'No change 7.' }).message).toBe('No change 7.');
  });
});

describe('toProblemDetails', () => {
  it('gives RFC 9457 fields and an errors array of rule, code, params, pointer and detail', () => {
    expect(toProblemDetails(invalid)).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'The body breaks the specification.',
      errors: invalid.violations.map((v) => ({
        rule: v.rule,
        code: v.code,
        params: v.params,
        pointer: `#${v.path}`,
        detail: v.message,
      })),
    });
  });

  // regression: the errors held only detail and pointer, a missing property at '#' with no name
  it('names a missing property in params.property, at its object', () => {
    const missing = validateProductOrder({});
    const required = toProblemDetails(missing).errors?.filter((e) => e.code === 'required') ?? [];
    expect(required.length).toBeGreaterThan(1);
    for (const e of required)
      expect(e).toMatchObject({ rule: 'R-field', pointer: '#', params: { property: expect.any(String) } });
  });

  it("gives a carrier's violation without params empty params", () => {
    const own = { rule: 'X-1', code: 'own', path: '/a', message: 'm' } as unknown as Violation;
    expect(toProblemDetails({ violations: [own] }).errors).toEqual([
      { rule: 'X-1', code: 'own', params: {}, pointer: '#/a', detail: 'm' },
    ]);
  });

  it('writes pointers as URI fragments', () => {
    const violation = { rule: 'R-field', code: 'required', params: { property: 'x' }, message: 'm' } as const;
    const pointers = ['', '/a b/@type', '/ü', '/x%y', `/${'\ud800'}`].map(
      (path) => toProblemDetails({ violations: [{ ...violation, path }] }).errors?.[0].pointer,
    );
    expect(pointers).toEqual(['#', '#/a%20b/@type', '#/%C3%BC', '#/x%25y', '#/%EF%BF%BD']);
  });

  it('has no errors without violations', () =>
    expect(toProblemDetails(undefined, { status: 429 })).toEqual({
      type: 'about:blank',
      title: 'Too Many Requests',
      status: 429,
      detail: errorStatuses[429].text.en,
    }));
});

describe('errorFormats', () => {
  it('gives the product order create and the in-flight API one format and keeps the listeners ErrorMessage; per kind, a kind left out is ErrorMessage', () => {
    expect(errorFormats(undefined)).toEqual({
      productOrder: 'ErrorMessage',
      inflight: 'ErrorMessage',
      listener: 'ErrorMessage',
    });
    expect(errorFormats('problem')).toEqual({ productOrder: 'problem', inflight: 'problem', listener: 'ErrorMessage' });
    expect(errorFormats({ listener: 'problem' })).toEqual({
      productOrder: 'ErrorMessage',
      inflight: 'ErrorMessage',
      listener: 'problem',
    });
    expect(errorFormats({ productOrder: 'problem', inflight: 'nope' as 'problem' })).toEqual({
      productOrder: 'problem',
      inflight: 'ErrorMessage',
      listener: 'ErrorMessage',
    });
  });
});

describe('errorResponse', () => {
  it('gives the status, JSON content type, extra headers and the ErrorMessage', () =>
    expect(errorResponse(405, undefined, { headers: { allow: 'GET' } })).toEqual({
      ok: false,
      status: 405,
      headers: { 'content-type': 'application/json;charset=utf-8', allow: 'GET' },
      body: toErrorMessage(undefined, { status: 405 }),
    }));
});

describe('the description of a 400', () => {
  it('names the cause: the JSON, the query, the order, the change request, the event, in English and German', () => {
    const query = parseListQuery('limit=-1');
    const start = (body: { message: string }) => body.message.split('. ')[0];
    expect(start(notJson('syntax').body)).toBe('The body is not valid JSON');
    expect(start(errorResponse(400, query).body)).toBe('A query parameter is invalid');
    expect(start(errorResponse(400, invalid, { about: 'change' }).body)).toBe(
      'The change request in the body breaks the specification',
    );
    expect(start(errorResponse(400, invalid, { about: 'change', lang: 'de' }).body)).toBe(
      'Der Änderungsauftrag im Inhalt verletzt die Spezifikation',
    );
    expect(start(errorResponse(400, validateProductOrder({}), { about: 'order' }).body)).toBe(
      'The product order in the body breaks the specification',
    );
    // regression: every 400 said "an invalid body, malformed JSON or an invalid query parameter"
    expect(errorResponse(400, invalid).body.message).not.toMatch(/malformed JSON or/);
  });
});

describe('toProblemResponse', () => {
  it('keeps the status, headers, description, violations and count of those not listed', () => {
    const many = validateInflightChangeProductOrder({ ...change(), note: Array(50).fill(0) });
    const error = errorResponse(400, many, { about: 'change', maxViolations: 5, headers: { 'x-a': 'b' } });
    const problem = toProblemResponse(error);
    expect(problem).toMatchObject({ ok: false, status: 400, headers: { 'x-a': 'b' } });
    expect(problem.headers['content-type']).toBe('application/problem+json');
    expect(problem.body.detail).toBe(
      'The change request in the body breaks the specification. (45 more violations not listed)',
    );
    expect(problem.body.errors).toHaveLength(5);
    expect(problem.body.truncated).toEqual(error.body.truncated);
  });

  it('keeps a description the caller gave, and one in German', () => {
    const error = errorResponse(413, undefined, { message: 'Too big.', lang: 'de' });
    expect(toProblemResponse(error, 'de').body).toEqual({
      type: 'about:blank',
      title: 'Content Too Large',
      status: 413,
      detail: 'Too big.',
    });
  });
});

describe("a caller's violation in an error body", () => {
  const thrower = createValidator({
    rules: [
      {
        id: 'X-throws',
        title: 'throws',
        check: () => {
          throw new Error('token=s3cr3t');
        },
      },
    ],
  });

  it('says rule_failed without what the rule threw, in the language of the answer (regression: the text reached the client)', () => {
    const result = thrower.validate({}) as unknown as ErrorSource;
    for (const lang of ['en', 'de'] as const) {
      const message = toErrorMessage(result, { lang });
      const problem = toProblemDetails(result, { lang });
      const failed = message.violations?.find((v) => v.code === 'rule_failed');
      expect(failed?.params).toEqual({});
      expect(JSON.stringify([message, problem])).not.toContain('s3cr3t');
      expect(failed?.message).toBe(
        lang === 'en'
          ? 'The rule X-throws failed and could not check the input.'
          : 'Die Regel X-throws ist fehlgeschlagen und konnte die Eingabe nicht prüfen.',
      );
    }
    // the result itself keeps the text, for the service's own logs
    expect(JSON.stringify(result)).toContain('s3cr3t');
  });

  it('makes params JSON data within a budget: a BigInt as text, a cycle, a function, a throwing getter, a 1 MB string (regression: a BigInt gave 500)', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.again = cyclic;
    const getter = Object.defineProperty({}, 'bad', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(jsonSafe({ n: 10n ** 30n, nan: Number.NaN, list: [1, undefined, () => 1] })).toEqual({
      n: '1000000000000000000000000000000',
      nan: null,
      list: [1, null, null],
    });
    expect(jsonSafe({ cyclic, getter, f: () => 1, s: Symbol('s') })).toEqual({ cyclic: { again: null }, getter: null });
    const huge = jsonSafe({ a: 'x'.repeat(1_000_000), b: Array.from({ length: 100_000 }, (_, i) => i) });
    expect(JSON.stringify(huge).length).toBeLessThan(4000);
    let deep: unknown = 'floor';
    for (let i = 0; i < 10_000; i++) deep = { deep };
    expect(JSON.stringify(jsonSafe(deep)).length).toBeLessThan(200);
    expect(jsonSafe(undefined)).toEqual({});
    expect(
      jsonSafe(
        new Proxy(
          {},
          {
            ownKeys: () => {
              throw new Error('trap');
            },
          },
        ),
      ),
    ).toEqual({});
  });

  it('cuts a message longer than 2,000 characters', () => {
    const long = { rule: 'X', code: 'x', path: '', params: {}, message: 'm'.repeat(100_000) } as unknown as Violation;
    const body = toErrorMessage({ violations: [long] });
    expect(body.violations?.[0]?.message.length).toBe(2000);
  });
});
