// The list and retrieve query parameters (TMF630 attribute selection and pagination) and the count
// headers of a list response.
import { Findings, isRecord, type Work } from '../read.js';
import { type ValidateOptions, type ValidationResult, validateOwn } from '../validate.js';
import type { HttpViolation, Rule } from '../violation.js';

/** A parsed list or retrieve query. */
export interface ListQuery {
  /** The first-level attributes to return (`id`, `href` and `@type` are always returned). */
  readonly fields?: readonly string[];
  /** Index of the first resource to return. */
  readonly offset?: number;
  /** Number of resources to return. */
  readonly limit?: number;
}

/**
 * Query parameters as URLSearchParams, a query string, or a record such as Node's, Express's or
 * Fastify's parsed query (a value that is no string or list of strings is invalid).
 */
export type QueryInput = URLSearchParams | string | Readonly<Record<string, unknown>>;

/** The query parameters {@link parseListQuery} reads. */
export type QueryParam = 'fields' | 'offset' | 'limit';

/** Options of {@link parseListQuery}. */
export interface ListQueryOptions extends ValidateOptions {
  /** The parameters to read (default all three; a retrieve reads only `fields`); others are ignored. */
  readonly params?: readonly QueryParam[];
}

type Raw = Readonly<Partial<Record<QueryParam, readonly string[]>>>;

/** A first-level attribute name: no dot, no bracket, no space. */
const attribute = /^@?[A-Za-z_][A-Za-z0-9_]*$/;

const queryRule: Rule = /* @__PURE__ */ Object.freeze({
  id: 'R-query',
  title: 'offset and limit are non-negative integers; fields is a comma-separated list of first-level attribute names.',
  check(raw: unknown, work?: Work) {
    const found = new Findings('R-query', work);
    if (!isRecord(raw)) return found.done();
    for (const [name, values] of Object.entries(raw as Raw)) {
      if (!values?.length) continue;
      if (values.length > 1) found.count(`/${name}`, values.length, 1, 1);
      else if (name === 'fields') checkFields(found, values[0]);
      else checkCount(found, `/${name}`, values[0]);
    }
    return found.done();
  },
});

function checkFields(found: Findings, value: string): void {
  const names = value.split(',');
  for (let i = 0; i < names.length; i++) {
    const name = names[i].trim();
    if (name === '') found.add('too_short', `/fields/${i}`, { limit: 1 });
    else if (!attribute.test(name)) found.add('pattern_mismatch', `/fields/${i}`, { pattern: attribute.source });
  }
}

function checkCount(found: Findings, path: string, value: string): void {
  const number = value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isInteger(number)) {
    found.wrongType(path, 'integer', Number.isFinite(number) ? number : value);
  } else if (number < 0) found.add('too_small', path, { limit: 0 });
  else if (number > Number.MAX_SAFE_INTEGER) found.add('too_large', path, { limit: Number.MAX_SAFE_INTEGER });
  else if (!/^[0-9]+$/.test(value)) found.wrongType(path, 'integer', value);
}

/** The values of each parameter `params` names, however the query was given. */
function rawQuery(query: QueryInput | undefined, params: readonly QueryParam[]): Raw {
  const raw: Partial<Record<QueryParam, readonly string[]>> = {};
  try {
    const search = typeof query === 'string' ? new URLSearchParams(query) : query;
    for (const name of params) {
      if (search instanceof URLSearchParams) raw[name] = search.getAll(name);
      else if (isRecord(search) && Object.hasOwn(search, name)) {
        const value = search[name];
        raw[name] = Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)];
      }
    }
  } catch {
    // an unreadable query reads as no parameters
  }
  return raw;
}

/** The parameters to read: all three unless the options (which may be unreadable) name others. */
function paramsOf(options: ListQueryOptions | undefined): readonly QueryParam[] {
  try {
    const params = options?.params;
    if (Array.isArray(params)) return params;
  } catch {
    // unreadable options read as none
  }
  return ['fields', 'offset', 'limit'];
}

/**
 * Parses the `fields`, `offset` and `limit` query parameters of a list (or `fields` of a retrieve):
 * offset and limit non-negative integers, fields a comma-separated list of first-level attribute
 * names. A parameter given twice is a violation; other parameters are ignored.
 * @returns `{ valid: true, value }` with the parsed query, or `{ valid: false, violations }` (rule R-query)
 * @example
 * ```ts
 * import { errorResponse, paginate, parseListQuery } from 'product-order-validator/http';
 *
 * declare const changes: readonly object[];
 * const query = parseListQuery('offset=20&limit=10&fields=state'); // or URLSearchParams, or a record
 * const answer = query.valid ? paginate(changes, query.value) : errorResponse(400, query);
 * ```
 */
export function parseListQuery(
  query: QueryInput | undefined,
  options?: ListQueryOptions,
): ValidationResult<ListQuery, HttpViolation> {
  const raw = rawQuery(query, paramsOf(options));
  const result = validateOwn<Raw, HttpViolation>([queryRule], raw, options);
  if (!result.valid) return result;
  const value: { fields?: string[]; offset?: number; limit?: number } = {};
  if (raw.fields?.length) value.fields = raw.fields[0].split(',').map((name) => name.trim());
  if (raw.offset?.length) value.offset = Number(raw.offset[0]);
  if (raw.limit?.length) value.limit = Number(raw.limit[0]);
  return { valid: true, value, violations: [], hints: result.hints };
}

/** The attributes attribute selection always keeps, as TMF does. */
const kept: readonly string[] = ['id', 'href', '@type'];

/**
 * The resource with only the first-level attributes in `fields` (and `id`, `href`, `@type`); the
 * resource itself when `fields` is undefined. A list gives the list of selections. Never mutates and
 * never throws: an attribute that cannot be read is left out, and so is every attribute of a
 * resource whose attributes cannot be listed.
 */
export function selectFields<T>(resource: T, fields: readonly string[] | undefined): T {
  if (!fields) return resource;
  let list = false;
  try {
    const wanted = new Set([...kept, ...fields]);
    list = Array.isArray(resource);
    if (!list) return selectOne(resource, wanted) as T;
    const items = resource as readonly unknown[];
    const selected: unknown[] = [];
    for (let i = 0; i < items.length; i++) selected.push(selectOne(items[i], wanted));
    return selected as T;
  } catch {
    return (list ? [] : {}) as T;
  }
}

/** One resource with only the `wanted` attributes; the value itself when it is no object. */
function selectOne(resource: unknown, wanted: ReadonlySet<string>): unknown {
  if (!isRecord(resource)) return resource; // throws for a revoked Proxy, which the caller catches
  const selected: Record<string, unknown> = {};
  let names: string[];
  try {
    names = Object.keys(resource);
  } catch {
    return selected;
  }
  for (const name of names) {
    if (!wanted.has(name)) continue;
    try {
      selected[name] = resource[name];
    } catch {
      // a getter that throws: the attribute is left out
    }
  }
  return selected;
}

/** The pagination headers of a list response: all matches and the items in this page. */
export function countHeaders(
  total: number,
  count: number,
): {
  /** How many items match the query, in all pages. */
  'X-Total-Count': string;
  /** How many items this page holds. */
  'X-Result-Count': string;
} {
  return { 'X-Total-Count': String(total), 'X-Result-Count': String(count) };
}

/** Options of {@link paginate}: the page sizes the specification leaves open. */
export interface PageOptions {
  /** Items in a page when the query gives no `limit` (default {@link defaultPageSize}). */
  readonly defaultLimit?: number;
  /** Most items in a page, whatever `limit` asks (default {@link maxPageSize}). */
  readonly maxLimit?: number;
}

/** Items in a page when the query gives no `limit`. */
export const defaultPageSize = 100;

/** Most items in a page, whatever `limit` asks; X-Total-Count tells a client there are more. */
export const maxPageSize = 1000;

/**
 * A count of the paging input (a query's `offset` or `limit`, an option's page size): a whole number
 * from 0 to `Number.MAX_SAFE_INTEGER`, as {@link parseListQuery} demands of the query; anything
 * else (negative, fractional, NaN, infinite, no number) reads as not given.
 */
const countOr = (value: unknown, fallback: number): number =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : fallback;

/**
 * The page a list query asks for: `offset` (default 0) and `limit` (default
 * {@link defaultPageSize}, at most {@link maxPageSize}, or as `options` set them). An offset, limit
 * or option that is no whole number from 0 up reads as not given.
 */
export function pageBounds(
  query: ListQuery,
  options?: PageOptions,
): {
  /** How many items to skip. */
  offset: number;
  /** How many items the page holds at most. */
  limit: number;
} {
  const most = countOr(options?.maxLimit, maxPageSize);
  return {
    offset: countOr(query.offset, 0),
    limit: Math.min(countOr(query.limit, countOr(options?.defaultLimit, defaultPageSize)), most),
  };
}

/**
 * One page of `items` as a list query asks for it: from `offset` (default 0), at most `limit` (default
 * {@link defaultPageSize}, at most {@link maxPageSize}), each with attribute selection applied, and
 * the count headers of that page.
 */
export function paginate<T>(
  items: readonly T[],
  query: ListQuery,
  options?: PageOptions,
): {
  /** The items of the page, each with attribute selection applied. */
  items: T[];
  /** `X-Total-Count` and `X-Result-Count` of the page. */
  headers: ReturnType<typeof countHeaders>;
} {
  const { offset, limit } = pageBounds(query, options);
  const start = Math.min(offset, items.length);
  const end = Math.min(items.length, start + limit);
  const page = items.slice(start, end).map((item) => selectFields(item, query.fields));
  return { items: page, headers: countHeaders(items.length, page.length) };
}
