// What every door of the package (the adapters, checkRequest, the listener handler) refuses alike,
// whatever its framework makes of the request: dot segments and %-encodings that are not UTF-8 in
// the path, a repeated Authorization or Content-Type header, a body in a content coding.
import type { Lang } from '../messages/index.js';
import { errorResponse, type HttpError } from './error-message.js';
import { type HeadersInput, headerOf } from './headers.js';
import { httpWords } from './words.js';

/**
 * Whether a path has a dot segment, `.` or `..`, written out or %-encoded (`%2e`, `%2E`): a path no
 * resource of the API has, which some frameworks resolve before they route and others do not.
 */
export function hasDotSegment(path: string): boolean {
  for (const segment of path.split('/')) {
    if (segment.length > 6 || segment === '') continue;
    const plain = segment.replace(/%2e/gi, '.');
    if (plain === '.' || plain === '..') return true;
  }
  return false;
}

/** Whether each %-encoding of a path is a UTF-8 sequence, as `decodeURIComponent` reads it. */
export function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

const unreserved = /^[A-Za-z0-9\-._~]$/;

/**
 * A path with the %-encodings of letters, digits and `-._~` decoded (RFC 3986 section 6.2.2.2): the
 * path a framework that decodes before it routes matches.
 */
export function decodeUnreserved(path: string): string {
  return path.replace(/%[0-9A-Fa-f]{2}/g, (encoded) => {
    const char = String.fromCharCode(Number.parseInt(encoded.slice(1), 16));
    return unreserved.test(char) ? char : encoded;
  });
}

/** The 404 of a dot segment, or the 400 of a %-encoding that is not UTF-8, in a path; else undefined. */
export function pathFault(path: string, lang?: Lang): HttpError | undefined {
  if (hasDotSegment(path)) return errorResponse(404, undefined, { lang });
  if (!isDecodable(path)) return errorResponse(400, undefined, { lang, about: 'path' });
  return undefined;
}

/** Node's header lines, name and value in turn (`IncomingMessage.rawHeaders`): every header as sent. */
export type RawHeaders = readonly string[];

/** Each value of header `name` as sent: from the raw lines when given, else from `headers` (a list in a record counts each). */
export function headerValues(headers: HeadersInput | undefined, raw: RawHeaders | undefined, name: string): string[] {
  if (Array.isArray(raw)) {
    const values: string[] = [];
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const line = String(raw[i]);
      // the length first: most lines are other headers, told apart without lower-casing them
      if (line.length === name.length && line.toLowerCase() === name) values.push(String(raw[i + 1]));
    }
    return values;
  }
  if (!headers || typeof headers.get === 'function') {
    const value = headerOf(headers, name);
    return value === undefined ? [] : [value];
  }
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const key = Object.hasOwn(record, name) ? name : Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
}

/** The headers a request must send at most once, as HTTP spells them. */
const once = { authorization: 'Authorization', 'content-type': 'Content-Type' } as const;

/**
 * The 400 of a request that sends `Authorization` or `Content-Type` more than once (Node keeps the
 * first, a WHATWG `Headers` joins them): seen in Node's raw header lines, or in a record whose value
 * is a list (`IncomingMessage.headersDistinct`). A `Headers` shows the joined value only.
 */
export function repeatedHeaderFault(
  headers: HeadersInput | undefined,
  raw: RawHeaders | undefined,
  lang?: Lang,
): HttpError | undefined {
  for (const [name, spelt] of Object.entries(once))
    if (headerValues(headers, raw, name).length > 1)
      return errorResponse(400, undefined, { lang, message: httpWords(lang).repeatedHeader(spelt) });
  return undefined;
}

/**
 * The 415 of a body in a content coding: any `Content-Encoding` but `identity` (in any case, each of
 * a list, each header of a repeated one); the body is not read.
 */
export function contentCodingFault(
  headers: HeadersInput | undefined,
  raw: RawHeaders | undefined,
  lang?: Lang,
): HttpError | undefined {
  for (const value of headerValues(headers, raw, 'content-encoding'))
    for (const coding of value.split(','))
      if (coding.trim() !== '' && coding.trim().toLowerCase() !== 'identity')
        return errorResponse(415, undefined, { lang, message: httpWords(lang).contentCoding });
  return undefined;
}
