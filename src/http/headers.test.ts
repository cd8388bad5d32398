import { describe, expect, it } from 'vitest';
import {
  acceptsJson,
  bearerToken,
  headerOf,
  isJsonContentType,
  preferredErrorFormat,
  preferredLang,
} from './headers.js';

describe('acceptsJson', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['application/json', true],
    ['application/json;charset=utf-8', true],
    ['Application/JSON; charset="UTF-8"', true],
    ['*/*', true],
    ['application/*', true],
    ['text/html, application/json;q=0.1', true],
    ['text/html', false],
    ['application/xml', false],
    ['application/json;charset=iso-8859-1', false],
    ['application/json;q=0', false],
    ['application/json;q=0, */*', false],
    ['*/*;q=0', false],
    ['text/*', false],
    ['garbage', false],
  ])('Accept %j: %s', (accept, expected) => expect(acceptsJson(accept)).toBe(expected));

  it.each([
    ['application/problem+json', false, true],
    ['application/problem+json;charset=utf-8', false, true],
    ['application/problem+json;q=0', false, false],
    ['application/problem+json;charset=latin1', false, false],
    ['application/json;q=0, application/problem+json', false, true],
    ['text/html', false, false],
    ['application/json', true, true],
  ])('Accept %j: %s, and %s where errors are problem details', (accept, plain, problem) => {
    expect(acceptsJson(accept)).toBe(plain);
    expect(acceptsJson(accept, { problem: true })).toBe(problem);
  });
});

describe('preferredErrorFormat', () => {
  const problem = 'application/problem+json';
  it.each([
    [undefined, 'ErrorMessage', 'ErrorMessage'],
    ['', 'problem', 'problem'],
    ['*/*', 'ErrorMessage', 'ErrorMessage'],
    ['*/*', 'problem', 'problem'],
    ['application/*', 'problem', 'problem'],
    [problem, 'ErrorMessage', 'problem'],
    ['application/json', 'problem', 'ErrorMessage'],
    [`application/json, ${problem}`, 'ErrorMessage', 'ErrorMessage'],
    [`application/json, ${problem}`, 'problem', 'problem'],
    [`application/json;q=0.5, ${problem}`, 'ErrorMessage', 'problem'],
    [`${problem};q=0.5, application/json`, 'problem', 'ErrorMessage'],
    [`${problem}, */*;q=0.1`, 'ErrorMessage', 'problem'],
    [`${problem};q=0, */*`, 'problem', 'ErrorMessage'],
    [`application/json;q=0.5, */*`, 'ErrorMessage', 'ErrorMessage'],
    [`${problem};charset=latin1`, 'ErrorMessage', 'ErrorMessage'],
    ['text/html', 'problem', 'problem'],
  ] as const)('Accept %j on a route of %s: %s', (accept, configured, expected) =>
    expect(preferredErrorFormat(accept, configured)).toBe(expected),
  );
});

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['application/json;charset=utf-8', true],
    ['application/json; charset=UTF-8', true],
    ['application/json;charset=latin1', false],
    ['text/plain', false],
    ['application/problem+json', false],
    [undefined, false],
  ])('%j: %s', (type, expected) => expect(isJsonContentType(type)).toBe(expected));
});

describe('bearerToken', () => {
  it.each([
    ['Bearer abc.DEF-123_~+/=', { token: 'abc.DEF-123_~+/=' }],
    ['bearer   t0k3n', { token: 't0k3n' }],
    [undefined, { fault: 'missing' }],
    ['  ', { fault: 'missing' }],
    ['Basic dXNlcjpwdw==', { fault: 'malformed' }],
    ['Bearer', { fault: 'malformed' }],
    ['Bearer a b', { fault: 'malformed' }],
    ['Bearer tok€n', { fault: 'malformed' }],
  ])('%j', (header, expected) => expect(bearerToken(header)).toEqual(expected));
});

describe('headerOf', () => {
  it('reads a WHATWG Headers', () => expect(headerOf(new Headers({ Accept: 'a/b' }), 'accept')).toBe('a/b'));
  it('reads a record whatever the case, joining repeated values', () => {
    expect(headerOf({ 'X-Thing': ['a', 'b'] }, 'x-thing')).toBe('a, b');
    expect(headerOf({ accept: 'a/b' }, 'Accept')).toBe('a/b');
    expect(headerOf({}, 'accept')).toBeUndefined();
    expect(headerOf(undefined, 'accept')).toBeUndefined();
  });
});

describe('preferredLang', () => {
  const langs = ['en', 'de'] as const;
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de', 'de'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['en-GB, de;q=0.9', 'en'],
    ['fr, de;q=0.5', 'de'],
    ['fr', 'en'],
    ['*', 'en'],
    ['en;q=0, *', 'de'],
    ['de;q=0', 'en'],
    ['de;q=abc, en;q=0.1', 'en'],
    ['DE', 'de'],
  ])('%j gives %s', (header, expected) => expect(preferredLang(header, langs, 'en')).toBe(expected));
  it('falls back to the given language', () => expect(preferredLang('fr', langs, 'de')).toBe('de'));
  it('reads at most 1,000 characters of a huge header', () =>
    expect(preferredLang(`${'x-y;q=0.1,'.repeat(100_000)}de`, langs, 'en')).toBe('en'));
});
