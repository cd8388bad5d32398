/**
 * A partner's client of the service: it checks an order or a change before it sends it, sends it with
 * `fetch`, and gives a typed result for every answer (never a throw): the created resource, 202, the
 * service's ErrorMessage or problem details, or what kept the request from an answer. It honours
 * `Retry-After` on 429 and 503 a bounded number of times, sends `Accept-Language`, and times out.
 * Each create carries an `Idempotency-Key`, the same on each try, so that a retry is never stored twice.
 *
 * @module product-order-validator/client
 */

import { type Lang, langs } from '../generated/languages.js';
import {
  type InflightChangeProductOrder,
  type InflightChangeProductOrderFields,
  type ProductOrder,
  requiredFields,
} from '../generated/resource-types.js';
import type { ErrorMessage, ProblemDetails } from '../http/error-message.js';
import { idempotencyKeyHeader } from '../http/idempotency.js';
import { validateInflightChangeProductOrder } from '../inflight.js';
import { isRecord } from '../read.js';
import type { CustomFinding, ValidateOptions, ValidationResult, Validator, WithMessage } from '../validate.js';
import { errorText, validateProductOrder } from '../validate.js';
import type { Hint, Violation } from '../violation.js';

export type {
  InflightChangeProductOrder,
  InflightChangeProductOrderFields,
  ProductOrder,
  TaskStateType,
} from '../generated/resource-types.js';

/** Options of {@link createProductOrderClient}. */
export interface ProductOrderClientOptions {
  /** The service's base address, the `{base_url}` of the specification; the paths are below it. */
  readonly baseUrl: string | URL;
  /** The OAuth 2.0 access token, sent as `Authorization: Bearer`. */
  readonly token?: string | undefined;
  /** Gives the access token for each request (a cache of the client credentials flow); wins over `token`. */
  readonly getToken?: (() => string | PromiseLike<string>) | undefined;
  /** The language of the messages: sent as `Accept-Language`, and of the violations found before sending. Default English. */
  readonly lang?: Lang | undefined;
  /** The most milliseconds one attempt may take, the answer's body included (default 30,000). */
  readonly timeoutMs?: number | undefined;
  /** How many times a 429 or 503 with `Retry-After` is tried again (default 2; 0 never). */
  readonly retries?: number | undefined;
  /** The longest `Retry-After` waited for, in milliseconds (default 60,000); a longer one is given back as the answer. */
  readonly maxRetryDelayMs?: number | undefined;
  /** The most bytes of an answer's body read (default 10 MiB); a longer one is `too_large`. */
  readonly maxResponseBytes?: number | undefined;
  /** The validator orders are checked with before they are sent: one of `createValidator` with the carrier's rules. */
  readonly validator?: Pick<Validator<CustomFinding, string>, 'validate'> | undefined;
  /** The path of the product order create below `baseUrl` (default `/productOrder`). */
  readonly productOrderPath?: string | undefined;
  /** The `fetch` to send with (default the global one). */
  readonly fetch?: typeof fetch | undefined;
}

/** Options of one call. */
export interface CallOptions {
  /** Check the body before sending it (default true): an invalid one is never sent. */
  readonly validate?: boolean | undefined;
  /** Aborts the call, a wait for `Retry-After` included. */
  readonly signal?: AbortSignal | undefined;
}

/** Options of a create. */
export interface CreateOptions extends CallOptions {
  /**
   * The `Idempotency-Key` of this create (default a new random UUID per call): one of the caller's
   * own, from its outbox, sends a create again after a network error or a restart without its being
   * stored twice. At most 255 printable ASCII characters. `false` sends none, and the create is then
   * never tried again.
   */
  readonly idempotencyKey?: string | false | undefined;
}

/** The service's answer of success, typed by its status. */
export interface Success<S extends number, T> {
  /** The service answered with success. */
  readonly ok: true;
  /** A success. */
  readonly kind: 'success';
  /** The HTTP status. */
  readonly status: S;
  /** The body, parsed; undefined for 202. */
  readonly value: T;
  /** The answer's headers. */
  readonly headers: Headers;
  /** How many times the request was sent. */
  readonly attempts: number;
  /** The near misses the check before sending found in the body ("did you mean"); none for a list or a retrieve. */
  readonly hints: readonly Hint[];
}

/** A status other than the operation's success, with its ErrorMessage or problem details. */
export interface ServiceError {
  /** The service answered with an error. */
  readonly ok: false;
  /** A status other than the operation's success; a redirect is one, since it is not followed. */
  readonly kind: 'status';
  /** The HTTP status: 400, 401, 403, 404, 405, 406, 408, 409, 413, 415, 429, 500, 501, 503 or another. */
  readonly status: number;
  /** The TMF ErrorMessage, when the body is one. */
  readonly error?: ErrorMessage | undefined;
  /** The RFC 9457 problem details, when the body is those (`application/problem+json`). */
  readonly problem?: ProblemDetails | undefined;
  /** The body's first 4,096 characters when it is neither: a gateway's HTML page, another service's error. */
  readonly text?: string | undefined;
  /** The `Retry-After` of a 409, 429 or 503, in milliseconds, when the service gave one. */
  readonly retryAfterMs?: number | undefined;
  /**
   * What the client adds, in English: for a create that ends on a 409 or 503 with `Retry-After`
   * (its retries spent, or a wait over `maxRetryDelayMs`), that the order may be stored and that a
   * later call with the same `idempotencyKey` gets its answer.
   */
  readonly message?: string | undefined;
  /** The answer's headers. */
  readonly headers: Headers;
  /** How many times the request was sent. */
  readonly attempts: number;
}

/** The body broke a rule: it was not sent. */
export interface NotSent {
  /** Nothing was sent. */
  readonly ok: false;
  /** The body broke a rule. */
  readonly kind: 'invalid';
  /** The violations, in the client's language. */
  readonly violations: readonly (Violation | WithMessage<CustomFinding>)[];
  /** The near misses found. */
  readonly hints: readonly Hint[];
}

/** No answer the client could use: no connection, the time limit, an abort, a token, or a body that is not the contract's. */
export interface NoAnswer {
  /** No answer to use. */
  readonly ok: false;
  /**
   * Why: `network` (no connection or answer), `timeout` (no whole answer within `timeoutMs`),
   * `aborted` (the caller's signal), `token` (no usable token; nothing sent), `unexpected` (a
   * success whose body is not the contract's: no JSON, or a resource without a field it requires; or
   * a body that cannot be written as JSON), `too_large` (over `maxResponseBytes`).
   */
  readonly kind: 'network' | 'timeout' | 'aborted' | 'token' | 'unexpected' | 'too_large';
  /** What happened, in English; for `network`, the cause as the system named it (`ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:80`). */
  readonly message: string;
  /** For `network`, the system's code of the cause, when it gave one: `ECONNREFUSED`, `ENOTFOUND`, `ECONNRESET`, ... */
  readonly code?: string | undefined;
  /** The HTTP status, when an answer came whose body could not be read. */
  readonly status?: number | undefined;
  /** How many times the request was sent. */
  readonly attempts: number;
}

/** What a call gives when it gets no success. */
export type Failure = ServiceError | NotSent | NoAnswer;

/** What every result of a create carries beside its kind. */
export interface CreateKey {
  /**
   * The `Idempotency-Key` the create was sent with (for `invalid`, the one it would have been sent
   * with): the caller's own or the random one the client made. Keep it with the order and pass it
   * again as `idempotencyKey` to send the same create later without its being stored twice.
   * Undefined when none was sent (`idempotencyKey: false`, or one that is no key).
   */
  readonly idempotencyKey: string | undefined;
}

/** The result of a create: 201 with the resource, 202 with none, or a failure; each with its `idempotencyKey`. */
export type CreateResult<T> = (Success<201, T> | Success<202, undefined> | Failure) & CreateKey;

/** The result of a list: 200 with the page and its counts, or a failure. */
export type ListResult =
  | (Success<200, InflightChangeProductOrderFields[]> & {
      /** `X-Total-Count`: the changes that match, in all pages, when the service says. */
      readonly total?: number | undefined;
      /** `X-Result-Count`: the changes in this page, when the service says. */
      readonly count?: number | undefined;
    })
  | Exclude<Failure, NotSent>;

/** The result of a retrieve: 200 with the change, or a failure (404 when there is none). */
export type RetrieveResult = Success<200, InflightChangeProductOrderFields> | Exclude<Failure, NotSent>;

/** The query of a list. */
export interface ListOptions extends Omit<CallOptions, 'validate'> {
  /** The first-level attributes to return. */
  readonly fields?: readonly string[] | undefined;
  /** Index of the first change to return. */
  readonly offset?: number | undefined;
  /** Number of changes to return. */
  readonly limit?: number | undefined;
}

/** A client of the product order create and the in-flight change API. */
export interface ProductOrderClient {
  /**
   * Checks `order`, any value (a `ProductOrderFVO`, parsed JSON), then posts it to the product order
   * create: 201 with the created order, 202, or a failure.
   */
  createProductOrder(order: unknown, options?: CreateOptions): Promise<CreateResult<ProductOrder>>;
  /** Checks `change`, any value, then posts it: 201 with the created change, 202, or a failure. */
  createInflightChange(change: unknown, options?: CreateOptions): Promise<CreateResult<InflightChangeProductOrder>>;
  /** Lists the changes: a page by `offset` and `limit`, with `fields`. */
  listInflightChanges(options?: ListOptions): Promise<ListResult>;
  /** Retrieves one change by its id, with `fields`. */
  retrieveInflightChange(id: string, options?: Omit<ListOptions, 'offset' | 'limit'>): Promise<RetrieveResult>;
}

const defaults = { timeoutMs: 30_000, retries: 2, maxRetryDelayMs: 60_000, maxResponseBytes: 10 * 1024 * 1024 };
/** Both error bodies at the same weight: the service's `errorFormat` chooses, and the client reads either. */
const accept = 'application/json, application/problem+json';
/** The most tries a caller may ask for: a client is not a load generator. */
const maxRetries = 10;

/**
 * A client of the service at `baseUrl`. It never throws once made: each call resolves to a result.
 * @throws TypeError when `baseUrl` is no absolute http(s) address
 * @example
 * ```ts
 * import { createProductOrderClient } from 'product-order-validator/client';
 *
 * declare const order: import('product-order-validator').ProductOrderFVO;
 * const client = createProductOrderClient({
 *   baseUrl: 'https://api.example.com/tmf-api/productOrderingManagement/v5',
 *   getToken: async () => 'token from the client credentials flow',
 *   lang: 'de',
 * });
 * const result = await client.createProductOrder(order);
 * if (result.ok) console.log(result.status, result.value?.id);
 * else if (result.kind === 'invalid') for (const v of result.violations) console.log(v.path, v.message); // never sent
 * else if (result.kind === 'status') console.log(result.status, result.message ?? result.error?.message);
 * else console.log(result.kind, result.message); // network, timeout, ...
 * ```
 */
export function createProductOrderClient(options: ProductOrderClientOptions): ProductOrderClient {
  const base = baseOf(options?.baseUrl);
  // a language the package does not speak is English, as everywhere in the package
  const lang: Lang = langs.find((known) => known === options.lang) ?? 'en';
  const timeoutMs = bounded('timeoutMs', options.timeoutMs, defaults.timeoutMs, 1, 10 * 60_000);
  const retries = bounded('retries', options.retries, defaults.retries, 0, maxRetries);
  const maxRetryDelayMs = bounded('maxRetryDelayMs', options.maxRetryDelayMs, defaults.maxRetryDelayMs, 0, 60 * 60_000);
  const maxResponseBytes = bounded('maxResponseBytes', options.maxResponseBytes, defaults.maxResponseBytes, 0, 2 ** 31);
  const send = options.fetch ?? globalThis.fetch;
  const validator = options.validator;
  const { token, getToken } = options;
  const productOrderPath = options.productOrderPath ?? '/productOrder';
  type Check = (
    input: unknown,
    options: ValidateOptions<Lang>,
  ) => ValidationResult<unknown, Violation | WithMessage<CustomFinding>>;

  async function tokenOf(): Promise<string | NoAnswer> {
    let value: unknown = token;
    if (getToken !== undefined) {
      try {
        value = await getToken();
      } catch (error) {
        return noAnswer('token', `getToken failed: ${errorText(error)}`, 0);
      }
    }
    if (value === undefined) return '';
    if (typeof value !== 'string' || !/^[\x21-\x7e]+$/.test(value))
      return noAnswer('token', 'the token is no string of visible ASCII characters', 0);
    return value;
  }

  /**
   * Sends one request, tried again on 429 and 503 with a `Retry-After` it may wait for; a create only
   * with its `Idempotency-Key` (`key`, the header's value), and then on a 409 with `Retry-After` too:
   * the service is still serving the first try of the same key.
   */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: string | undefined,
    signal: AbortSignal | undefined,
    key?: string,
  ): Promise<{ readonly response: Response; readonly text: string; readonly attempts: number } | NoAnswer> {
    const again = (status: number) =>
      method === 'POST' && key === undefined
        ? false
        : status === 429 || status === 503 || (status === 409 && key !== undefined);
    for (let attempt = 1; ; attempt++) {
      const bearer = await tokenOf();
      if (typeof bearer !== 'string') return { ...bearer, attempts: attempt - 1 };
      const headers: Record<string, string> = { accept, 'accept-language': lang };
      if (bearer !== '') headers.authorization = `Bearer ${bearer}`;
      if (body !== undefined) headers['content-type'] = 'application/json;charset=utf-8';
      if (key !== undefined) headers['idempotency-key'] = key;
      const answer = await attemptOnce(
        send,
        `${base}${path}`,
        { method, headers, body },
        signal,
        timeoutMs,
        maxResponseBytes,
      );
      if ('kind' in answer) return { ...answer, attempts: attempt };
      const wait = retryAfterMs(answer.response);
      const retry =
        again(answer.response.status) && wait !== undefined && wait <= maxRetryDelayMs && attempt <= retries;
      if (!retry) return { ...answer, attempts: attempt };
      if (!(await sleep(wait, signal)))
        return noAnswer('aborted', 'the call was aborted while it waited to try again', attempt);
    }
  }

  async function create<T>(
    path: string,
    resource: keyof typeof requiredFields,
    input: unknown,
    check: Check,
    callOptions: CreateOptions | undefined,
  ): Promise<CreateResult<T>> {
    const own = callOptions?.idempotencyKey;
    const idempotencyKey = own === false ? undefined : (own ?? randomKey());
    const key = idempotencyKey === undefined ? undefined : idempotencyKeyHeader(idempotencyKey);
    if (key === undefined && own !== false)
      return {
        ...noAnswer(
          'unexpected',
          'the idempotencyKey must be 1 to 255 printable ASCII characters; nothing was sent',
          0,
        ),
        idempotencyKey: undefined,
      };
    const sent = await createOnce<T>(path, resource, input, check, callOptions, key);
    if (sent.ok || sent.kind !== 'status' || key === undefined || idempotencyKey === undefined)
      return { ...sent, idempotencyKey };
    return { ...sent, message: spentOn(sent, retries, maxRetryDelayMs), idempotencyKey };
  }

  async function createOnce<T>(
    path: string,
    resource: keyof typeof requiredFields,
    input: unknown,
    check: Check,
    callOptions: CreateOptions | undefined,
    key: string | undefined,
  ): Promise<Success<201, T> | Success<202, undefined> | Failure> {
    let hints: readonly Hint[] = [];
    if (callOptions?.validate !== false) {
      const result = check(input, { lang });
      if (!result.valid) return { ok: false, kind: 'invalid', violations: result.violations, hints: result.hints };
      hints = result.hints;
    }
    let body: string;
    try {
      body = JSON.stringify(input);
    } catch (error) {
      return noAnswer('unexpected', `the body cannot be written as JSON: ${errorText(error)}`, 0);
    }
    if (typeof body !== 'string') return noAnswer('unexpected', 'the body cannot be written as JSON', 0);
    const answer = await call('POST', path, body, callOptions?.signal, key);
    if ('kind' in answer) return answer;
    const { response, text, attempts } = answer;
    const { headers } = response;
    if (response.status === 202)
      return { ok: true, kind: 'success', status: 202, value: undefined, headers, attempts, hints };
    if (response.status !== 201) return failure(response, text, attempts);
    const value = jsonOf(response, text);
    if (!isRecord(value)) return noAnswer('unexpected', `the 201 answer has no ${resource} as JSON`, attempts, 201);
    const missing = requiredFields[resource].filter((name) => !Object.hasOwn(value, name));
    if (missing.length > 0)
      return noAnswer('unexpected', `the 201 answer is no ${resource}: it lacks ${missing.join(', ')}`, attempts, 201);
    return { ok: true, kind: 'success', status: 201, value: value as T, headers, attempts, hints };
  }

  const orderCheck: Check = validator === undefined ? validateProductOrder : (input, o) => validator.validate(input, o);

  return Object.freeze({
    createProductOrder: (order: unknown, callOptions?: CreateOptions) =>
      create<ProductOrder>(productOrderPath, 'ProductOrder', order, orderCheck, callOptions),
    createInflightChange: (change: unknown, callOptions?: CreateOptions) =>
      create<InflightChangeProductOrder>(
        '/inflightChangeProductOrder',
        'InflightChangeProductOrder',
        change,
        validateInflightChangeProductOrder,
        callOptions,
      ),
    async listInflightChanges(listOptions?: ListOptions): Promise<ListResult> {
      const query = queryOf(listOptions);
      const answer = await call('GET', `/inflightChangeProductOrder${query}`, undefined, listOptions?.signal);
      if ('kind' in answer) return answer;
      const { response, text, attempts } = answer;
      if (response.status !== 200) return failure(response, text, attempts);
      const value = jsonOf(response, text);
      if (!Array.isArray(value) || !value.every(isRecord))
        return noAnswer('unexpected', 'the 200 answer has no JSON array of objects as its body', attempts, 200);
      return {
        ok: true,
        kind: 'success',
        status: 200,
        value: value as InflightChangeProductOrderFields[],
        headers: response.headers,
        attempts,
        hints: [],
        total: count(response.headers.get('x-total-count')),
        count: count(response.headers.get('x-result-count')),
      };
    },
    async retrieveInflightChange(id: string, retrieveOptions?: Omit<ListOptions, 'offset' | 'limit'>) {
      const query = queryOf({ fields: retrieveOptions?.fields });
      const path = `/inflightChangeProductOrder/${encodeURIComponent(String(id))}${query}`;
      const answer = await call('GET', path, undefined, retrieveOptions?.signal);
      if ('kind' in answer) return answer;
      const { response, text, attempts } = answer;
      if (response.status !== 200) return failure(response, text, attempts);
      const value = jsonOf(response, text);
      if (!isRecord(value))
        return noAnswer('unexpected', 'the 200 answer has no JSON object as its body', attempts, 200);
      const change = value as InflightChangeProductOrderFields;
      return { ok: true, kind: 'success', status: 200, value: change, headers: response.headers, attempts, hints: [] };
    },
  } satisfies ProductOrderClient);
}

/** `baseUrl` without a trailing slash; throws a TypeError for one that is no absolute http(s) address. */
function baseOf(baseUrl: unknown): string {
  let url: URL;
  try {
    url = new URL(String(baseUrl));
  } catch {
    throw new TypeError(
      `createProductOrderClient: baseUrl must be an absolute http(s) address, not ${String(baseUrl).slice(0, 80)}`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new TypeError(`createProductOrderClient: baseUrl must be an http(s) address, not ${url.protocol}`);
  if (url.search !== '' || url.hash !== '')
    throw new TypeError('createProductOrderClient: baseUrl must have no query and no fragment');
  if (url.username !== '' || url.password !== '')
    throw new TypeError('createProductOrderClient: baseUrl must have no user name or password: give a token');
  let end = url.href.length;
  while (end > 0 && url.href[end - 1] === '/') end--;
  return url.href.slice(0, end);
}

/** `value`, a whole number in [min, max]; `fallback` for undefined; a TypeError naming the option for anything else. */
function bounded(name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
  throw new TypeError(
    `createProductOrderClient: ${name} must be a whole number from ${min} to ${max}, not ${String(value)}`,
  );
}

/** One request and its body, read within the time limit and `maxBytes`. */
async function attemptOnce(
  send: typeof fetch,
  url: string,
  init: { method: string; headers: Record<string, string>; body: string | undefined },
  signal: AbortSignal | undefined,
  timeoutMs: number,
  maxBytes: number,
): Promise<{ readonly response: Response; readonly text: string } | Omit<NoAnswer, 'attempts'>> {
  if (signal?.aborted) return { ok: false, kind: 'aborted', message: 'the call was aborted before it was sent' };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const stopped = (error: unknown, what: string): Omit<NoAnswer, 'attempts'> =>
    timedOut
      ? { ok: false, kind: 'timeout', message: `no whole answer within ${timeoutMs} ms` }
      : signal?.aborted
        ? { ok: false, kind: 'aborted', message: 'the call was aborted' }
        : { ok: false, kind: 'network', ...networkCause(error, what) };
  try {
    let response: Response;
    try {
      response = await send(url, { ...init, signal: controller.signal, redirect: 'manual' });
    } catch (error) {
      return stopped(error, 'the request failed');
    }
    try {
      const text = await bodyText(response, maxBytes);
      if (text === undefined)
        return {
          ok: false,
          kind: 'too_large',
          message: `the answer's body is over ${maxBytes} bytes`,
          status: response.status,
        };
      return { response, text };
    } catch (error) {
      return { ...stopped(error, "the answer's body could not be read"), status: response.status };
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** The body as UTF-8 text, or undefined when it is over `maxBytes`, which stops reading it. */
async function bodyText(response: Response, maxBytes: number): Promise<string | undefined> {
  if (response.body === null) return '';
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body.cancel().catch(() => undefined);
    return undefined;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** The error answer of a status other than the operation's success. */
function failure(response: Response, text: string, attempts: number): ServiceError {
  const body = parsed(text);
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  const problem =
    type.startsWith('application/problem+json') && isRecord(body) ? (body as unknown as ProblemDetails) : undefined;
  const error =
    problem === undefined && isRecord(body) && body['@type'] === 'Error'
      ? (body as unknown as ErrorMessage)
      : undefined;
  return {
    ok: false,
    kind: 'status',
    status: response.status,
    error,
    problem,
    text: error === undefined && problem === undefined ? text.slice(0, 4096) : undefined,
    retryAfterMs: [409, 429, 503].includes(response.status) ? retryAfterMs(response) : undefined,
    headers: response.headers,
    attempts,
  };
}

/**
 * The client's words on a keyed create that ended on a 409 or 503 with `Retry-After`: why it was
 * not tried again, and that the same key later gets its answer; undefined for another answer.
 */
function spentOn(answer: ServiceError, retries: number, maxRetryDelayMs: number): string | undefined {
  const { status, retryAfterMs: wait, attempts } = answer;
  if ((status !== 409 && status !== 503) || wait === undefined) return undefined;
  const why =
    wait > maxRetryDelayMs
      ? `its Retry-After (${wait} ms) is longer than maxRetryDelayMs (${maxRetryDelayMs} ms)`
      : `the retries are spent (${attempts} tr${attempts === 1 ? 'y' : 'ies'}, retries ${retries})`;
  const state =
    status === 409
      ? 'the service is still serving the first try of this create'
      : 'the service could not answer (a time limit, or unavailable), and the order may have been taken';
  return `${status}: ${state}; ${why}. Call again later with the same idempotencyKey to get its answer: a new key could store the order twice.`;
}

/** `Retry-After` in milliseconds: seconds, or an HTTP date from now; undefined when absent or unreadable. */
function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^[0-9]+$/.test(value)) return Math.min(Number(value), 2 ** 31 / 1000) * 1000;
  // else an HTTP date as RFC 9110 writes it: Sun, 06 Nov 1994 08:49:37 GMT
  if (!/^[A-Z][a-z]{2}, [0-9]{2} [A-Z][a-z]{2} [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$/.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Waits `ms`, or until `signal` aborts: whether the wait ran to its end. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The query string of a list or retrieve: `fields` joined by commas, `offset` and `limit`. */
function queryOf(options: Pick<ListOptions, 'fields' | 'offset' | 'limit'> | undefined): string {
  const params = new URLSearchParams();
  const fields = options?.fields;
  if (Array.isArray(fields) && fields.length > 0) params.set('fields', fields.map(String).join(','));
  for (const name of ['offset', 'limit'] as const) {
    const value = options?.[name];
    // any number is sent as given, so that the service answers one it does not take with its 400
    if (typeof value === 'number') params.set(name, String(value));
  }
  const text = params.toString().replaceAll('%2C', ',');
  return text === '' ? '' : `?${text}`;
}

function count(value: string | null): number | undefined {
  return value !== null && /^[0-9]{1,15}$/.test(value) ? Number(value) : undefined;
}

/** The body as JSON when the answer says it is JSON (`application/json`, `…+json`), else undefined. */
function jsonOf(response: Response, text: string): unknown {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json') ? parsed(text) : undefined;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function noAnswer(kind: NoAnswer['kind'], message: string, attempts: number, status?: number): NoAnswer {
  return status === undefined ? { ok: false, kind, message, attempts } : { ok: false, kind, message, status, attempts };
}

/** A new idempotency key: a random UUID, or 128 random bits in hexadecimal where `randomUUID` is missing (an http: page). */
function randomKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  let hex = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(16))) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * The message and code of a network error with its cause, which `fetch` hides behind "fetch failed":
 * the first `code` and the deepest message along `cause` (at most 5 deep), `ECONNREFUSED` and
 * `connect ECONNREFUSED 127.0.0.1:80`.
 */
function networkCause(error: unknown, what: string): { message: string; code?: string } {
  let code: string | undefined;
  let detail: string | undefined;
  try {
    let at: unknown = error;
    for (let depth = 0; depth < 5 && typeof at === 'object' && at !== null; depth++) {
      const {
        code: named,
        message,
        cause,
        errors,
      } = at as {
        code?: unknown;
        message?: unknown;
        cause?: unknown;
        errors?: unknown;
      };
      if (code === undefined && typeof named === 'string' && named !== '') code = named;
      if (depth > 0 && typeof message === 'string' && message !== '') detail = message;
      // an AggregateError of each address tried tells its first
      at = cause ?? (Array.isArray(errors) ? errors[0] : undefined);
    }
  } catch {
    // a cause that cannot be read adds nothing
  }
  const because = [code, detail].filter((part) => part !== undefined && part !== '').join(': ');
  const message = `${what}: ${errorText(error)}${because === '' ? '' : ` (${because.slice(0, 300)})`}`;
  return code === undefined ? { message } : { message, code };
}
