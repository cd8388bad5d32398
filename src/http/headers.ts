// Reading request headers: content negotiation, the request content type and the bearer token.

/** Request headers: a WHATWG `Headers`, or a record such as Node's `IncomingMessage.headers`. */
export type HeadersInput =
  | {
      /** The value of header `name` (case-insensitive), repeated values joined by commas; null when absent. */
      get(name: string): string | null;
    }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The value of header `name` (case-insensitive), repeated values joined by commas; undefined when absent. */
export function headerOf(headers: HeadersInput | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof headers.get === 'function') return (headers.get as (n: string) => string | null)(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const wanted = name.toLowerCase();
  let key: string | undefined = Object.hasOwn(record, wanted) ? wanted : undefined;
  // a name in another case: looked for without a list of every name (Node's are lower-case already)
  if (key === undefined)
    for (const name in record)
      if (name.length === wanted.length && Object.hasOwn(record, name) && name.toLowerCase() === wanted) {
        key = name;
        break;
      }
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value.join(', ') : (value as string | undefined);
}

interface MediaType {
  readonly type: string;
  readonly subtype: string;
  readonly params: ReadonlyMap<string, string>;
}

/** Parses `type/subtype; name=value; ...`, lower-casing names and unquoting values. */
function mediaType(text: string): MediaType | undefined {
  const [essence, ...parts] = text.split(';');
  const [type, subtype, extra] = essence.trim().toLowerCase().split('/');
  if (!type || !subtype || extra !== undefined) return undefined;
  const params = new Map<string, string>();
  for (const part of parts) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const value = part.slice(at + 1).trim();
    params.set(part.slice(0, at).trim().toLowerCase(), value.startsWith('"') ? value.slice(1, -1) : value);
  }
  return { type, subtype, params };
}

const utf8 = (params: ReadonlyMap<string, string>) => {
  const charset = params.get('charset');
  return charset === undefined || charset.toLowerCase() === 'utf-8';
};

/**
 * Whether an `Accept` header admits `application/json` in UTF-8: the most specific matching range
 * decides, and `q=0` refuses. An absent or empty header admits everything. With `options.problem`
 * (a route that answers its errors as RFC 9457 problem details), a header that admits
 * `application/problem+json` admits the answer too.
 */
export function acceptsJson(
  accept: string | undefined,
  options?: {
    /** Whether `application/problem+json` is admitted as well as `application/json`. */
    readonly problem?: boolean;
  },
): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  return admits(accept, 'json') || (options?.problem === true && admits(accept, 'problem+json'));
}

/** Whether `accept` admits `application/<subtype>` in UTF-8: the most specific matching range decides. */
function admits(accept: string, subtype: string): boolean {
  const best = quality(accept, subtype);
  return best !== undefined && best.q > 0;
}

/**
 * The error body an `Accept` header prefers, `configured` unless it says otherwise: the other format
 * when the header names its media type (`application/json` for an ErrorMessage,
 * `application/problem+json` for problem details) with a higher `q` than the configured one gets
 * (from its own range or a wildcard), or when it refuses or leaves out the configured one and admits
 * the other. An absent header and wildcard ranges alone keep `configured`.
 */
export function preferredErrorFormat(
  accept: string | undefined,
  configured: 'ErrorMessage' | 'problem',
): 'ErrorMessage' | 'problem' {
  if (accept === undefined || accept.trim() === '') return configured;
  const json = quality(accept, 'json');
  const problem = quality(accept, 'problem+json');
  const [own, other] = configured === 'problem' ? [problem, json] : [json, problem];
  if (other === undefined || other.q <= 0) return configured;
  const refused = own === undefined || own.q <= 0;
  if (!refused && (other.rank < 2 || other.q <= own.q)) return configured;
  return configured === 'problem' ? 'ErrorMessage' : 'problem';
}

/** The most specific range of `accept` that admits `application/<subtype>` in UTF-8, with its rank and `q`. */
function quality(accept: string, subtype: string): { rank: number; q: number } | undefined {
  let best: { rank: number; q: number } | undefined;
  for (const range of accept.split(',')) {
    const media = mediaType(range);
    if (!media) continue;
    const rank =
      media.type === 'application' && media.subtype === subtype
        ? 2
        : media.type === 'application' && media.subtype === '*'
          ? 1
          : media.type === '*' && media.subtype === '*'
            ? 0
            : -1;
    if (rank < 0 || !utf8(media.params)) continue;
    const q = Number(media.params.get('q') ?? '1');
    if (!best || rank > best.rank) best = { rank, q: Number.isNaN(q) ? 1 : q };
  }
  return best;
}

/** Whether a `Content-Type` header is `application/json`, with no charset or charset utf-8. */
export function isJsonContentType(contentType: string | undefined): boolean {
  // the two spellings nearly every client sends, known without parsing them
  const plain = contentType?.toLowerCase();
  if (plain === 'application/json' || plain === 'application/json; charset=utf-8') return true;
  const media = contentType === undefined ? undefined : mediaType(contentType);
  return media?.type === 'application' && media.subtype === 'json' && utf8(media.params);
}

/**
 * The language of `langs` an `Accept-Language` header (RFC 9110 section 12.5.4) prefers: the range
 * with the highest weight that names one (`de-DE` names `de`, `*` names the first), `q=0` refusing;
 * `fallback` when it names none or is absent.
 */
export function preferredLang<L extends string>(
  acceptLanguage: string | undefined,
  langs: readonly L[],
  fallback: L,
): L {
  if (typeof acceptLanguage !== 'string') return fallback;
  let best: { lang: L; q: number } | undefined;
  const refused = new Set<string>();
  for (const range of acceptLanguage.slice(0, 1000).split(',')) {
    const [tag = '', ...params] = range.split(';');
    const primary = tag.trim().toLowerCase().split('-')[0] ?? '';
    const weight = params.find((p) => /^\s*q\s*=/i.test(p));
    const q = weight === undefined ? 1 : Number(weight.slice(weight.indexOf('=') + 1).trim() || Number.NaN);
    if (!(q >= 0 && q <= 1)) continue; // an invalid weight: the range is ignored
    const candidates =
      primary === '*' ? langs.filter((lang) => !refused.has(lang)) : langs.filter((l) => l === primary);
    for (const lang of candidates) {
      if (q === 0) refused.add(lang);
      else if (!best || q > best.q) best = { lang, q };
    }
  }
  return best && !refused.has(best.lang) ? best.lang : fallback;
}

/** RFC 6750 token68: the form of a bearer token. */
const token68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/**
 * The bearer token of an `Authorization` header, or its fault: `missing` without the header,
 * `malformed` for another scheme or a token not of the RFC 6750 form.
 */
export function bearerToken(authorization: string | undefined):
  | {
      /** The token, without the scheme. */
      token: string;
    }
  | {
      /** Why there is no token. */
      fault: 'missing' | 'malformed';
    } {
  if (authorization === undefined || authorization.trim() === '') return { fault: 'missing' };
  const [scheme, token, extra] = authorization.trim().split(/ +/);
  if (scheme.toLowerCase() !== 'bearer' || !token || extra !== undefined || !token68.test(token))
    return { fault: 'malformed' };
  return { token };
}
