// The rules every door applies alike: dot segments and %-encodings in the path, repeated headers,
// content codings. The doors themselves are compared end to end in test/doors.hostile.test.ts.
import { describe, expect, it } from 'vitest';
import {
  contentCodingFault,
  decodeUnreserved,
  hasDotSegment,
  isDecodable,
  pathFault,
  repeatedHeaderFault,
} from './door.js';

describe('hasDotSegment', () => {
  it.each([
    '/x/../inflightChangeProductOrder',
    '/./inflightChangeProductOrder',
    '/x/%2e%2e/inflightChangeProductOrder',
    '/x/%2E%2e/inflightChangeProductOrder',
    '/x/.%2E/inflightChangeProductOrder',
    '/%2e/inflightChangeProductOrder',
    '/inflightChangeProductOrder/..',
    '/inflightChangeProductOrder/%2e',
  ])(
    'finds the dot segment of %s (regression: Hono resolved it and served the path, Express and Fastify did not)',
    (path) => expect(hasDotSegment(path)).toBe(true),
  );

  it.each(['/inflightChangeProductOrder', '/a.b/c', '/.../x', '/%2e%2e%2e', '/x/.hidden', '/x/%2ex', ''])(
    'finds none in %j',
    (path) => expect(hasDotSegment(path)).toBe(false),
  );
});

describe('isDecodable, decodeUnreserved and pathFault', () => {
  it('tells %-encodings that are not UTF-8 from those that are', () => {
    for (const path of ['/a/%E0%A4%A', '/a/%zz', '/a/%', '/a/%C0%AF', '/a/%ED%A0%80'])
      expect(isDecodable(path)).toBe(false);
    for (const path of ['/a/%E0%A4%A4', '/a/C%2D1', '/a/a%2Fb', '/a']) expect(isDecodable(path)).toBe(true);
  });

  it('decodes letters, digits and -._~ only', () => {
    expect(decodeUnreserved('/productOrd%65r/%2F/%2d%7E/%25')).toBe('/productOrder/%2F/-~/%25');
  });

  it('gives 404 for a dot segment, 400 naming the path for a bad %-encoding (regression: Express said "an invalid body")', () => {
    expect(pathFault('/a/../b')).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const bad = pathFault('/inflightChangeProductOrder/%E0%A4%A', 'de');
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(bad?.body.message).toBe('Der Pfad ist ungültig: eine %-Kodierung darin ist kein UTF-8.');
    expect(pathFault('/inflightChangeProductOrder/C-1')).toBeUndefined();
  });
});

describe('repeatedHeaderFault', () => {
  it('refuses a second Authorization or Content-Type from the raw lines, whatever the case (regression: Node kept the first, Hono joined them)', () => {
    for (const raw of [
      ['Authorization', 'Bearer good', 'authorization', 'Bearer other'],
      ['Content-Type', 'application/json', 'CONTENT-TYPE', 'text/plain'],
    ]) {
      const refused = repeatedHeaderFault({ authorization: 'Bearer good' }, raw);
      expect(refused).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
      expect(refused?.body.message).toMatch(/^The header (Authorization|Content-Type) is sent more than once/);
    }
    expect(repeatedHeaderFault({}, ['Accept', 'a', 'Accept', 'b', 'Authorization', 'Bearer x'])).toBeUndefined();
  });

  it("reads a record's lists (headersDistinct) and a WHATWG Headers' one value", () => {
    expect(repeatedHeaderFault({ authorization: ['Bearer a', 'Bearer b'] }, undefined)?.status).toBe(400);
    expect(repeatedHeaderFault({ Authorization: ['Bearer a'] }, undefined)).toBeUndefined();
    expect(repeatedHeaderFault(new Headers([['content-type', 'a/b']]), undefined)).toBeUndefined();
    expect(repeatedHeaderFault(undefined, undefined)).toBeUndefined();
  });
});

describe('contentCodingFault', () => {
  it.each(['gzip', 'br', 'GZIP', 'deflate', 'gzip, identity', 'identity, br', 'x-anything'])(
    'refuses Content-Encoding %j with 415 (regression: gzip gave 400 invalid_json, br on a plain body passed)',
    (value) =>
      expect(contentCodingFault({ 'content-encoding': value }, undefined)).toMatchObject({
        status: 415,
        body: { code: 'unsupported_media_type', message: expect.stringMatching(/Content-Encoding: identity/) },
      }),
  );

  it('accepts identity in any case, an empty value, and no header', () => {
    for (const value of ['identity', 'IDENTITY', 'identity, Identity', '', ' '])
      expect(contentCodingFault({ 'content-encoding': value }, undefined)).toBeUndefined();
    expect(contentCodingFault({}, undefined)).toBeUndefined();
  });

  it('reads every header of a repeated Content-Encoding in the raw lines', () => {
    const raw = ['Content-Encoding', 'identity', 'Content-Encoding', 'gzip'];
    expect(contentCodingFault({ 'content-encoding': 'identity' }, raw)?.status).toBe(415);
  });
});
