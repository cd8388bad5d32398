/**
 * A partner's client of the service: it checks an order or a change before it sends it, sends it with
 * `fetch`, and gives a typed result for every answer (never a throw): the created resource, 202, the
 * service's ErrorMessage or problem details, or what kept the request from an answer. It honours
 * `Retry-After` on 429 and 503 a bounded number of times, sends `Accept-Language`, and times out.
 *
 * @module product-order-validator/client
 */
import type { InflightChangeProductOrderFVO } from '../generated/inflight-types.js';
import type {
  InflightChangeProductOrder,
  InflightChangeProductOrderFields,
  ProductOrder,
} from '../generated/resource-types.js';
import type { ProductOrderFVO } from '../generated/types.js';
import type { ErrorMessage, ProblemDetails } from '../http/error-message.js';
import { validateInflightChangeProductOrder } from '../inflight.js';
import type { Lang } from '../messages/index.js';
import type { ValidationResult, Validator } from '../validate.js';
import { validateProductOrder } from '../validate.js';
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
  readonly validator?: Pick<Validator<never, string>, 'validate'> | undefined;
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

/** The service's answer of success, typed by its status. */
export interface Success<S extends number, T> {
  /** The service answered with success. */
  readonly ok: true;
  /** The HTTP status. */
  readonly status: S;
  /** The body, parsed; undefined for 202. */
  readonly value: T;
  /** The answer's headers. */
  readonly headers: Headers;
  /** How many times the request was sent. */
  readonly attempts: number;
}

/** An error status the service answered, with its ErrorMessage or problem details. */
export interface ServiceError {
  /** The service answered with an error. */
  readonly ok: false;
  /** An error status. */
  readonly kind: 'status';
  /** The HTTP status: 400, 401, 403, 404, 405, 406, 408, 409, 413, 415, 429, 500, 501, 503 or another. */
  readonly status: number;
  /** The TMF ErrorMessage, when the body is one. */
  readonly error?: ErrorMessage | undefined;
  /** The RFC 9457 problem details, when the body is those. */
  readonly problem?: ProblemDetails | undefined;
  /** The `Retry-After` of a 429 or 503, in milliseconds, when the service gave one. */
  readonly retryAfterMs?: number | undefined;
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
  readonly violations: readonly Violation[];
  /** The near misses found. */
  readonly hints: readonly Hint[];
}

/** No answer the client could use: no connection, the time limit, an abort, a token, or a body that is not the contract's. */
export interface NoAnswer {
  /** No answer to use. */
  readonly ok: false;
  /**
   * Why: `network` (no connection or answer), `timeout` (no whole answer within `timeoutMs`),
   * `aborted` (the caller's signal), `token` (no usable token; nothing sent), `unexpected` (a body
   * that is not the contract's, or one that cannot be written as JSON), `too_large` (over `maxResponseBytes`).
   */
  readonly kind: 'network' | 'timeout' | 'aborted' | 'token' | 'unexpected' | 'too_large';
  /** What happened, in English. */
  readonly message: string;
  /** The HTTP status, when an answer came whose body could not be read. */
  readonly status?: number | undefined;
  /** How many times the request was sent. */
  readonly attempts: number;
}

/** What a call gives when it gets no success. */
export type Failure = ServiceError | NotSent | NoAnswer;

/** The result of a create: 201 with the resource, 202 with none, or a failure. */
export type CreateResult<T> = Success<201, T> | Success<202, undefined> | Failure;

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
  /** Checks `order`, then posts it to the product order create: 201 with the created order, 202, or a failure. */
  createProductOrder(order: ProductOrderFVO, options?: CallOptions): Promise<CreateResult<ProductOrder>>;
  /** Checks `change`, then posts it: 201 with the created change, 202, or a failure. */
  createInflightChange(
    change: InflightChangeProductOrderFVO,
    options?: CallOptions,
  ): Promise<CreateResult<InflightChangeProductOrder>>;
  /** Lists the changes: a page by `offset` and `limit`, with `fields`. */
  listInflightChanges(options?: ListOptions): Promise<ListResult>;
  /** Retrieves one change by its id, with `fields`. */
  retrieveInflightChange(id: string, options?: Omit<ListOptions, 'offset' | 'limit'>): Promise<RetrieveResult>;
}

const defaults = { timeoutMs: 30_000, retries: 2, maxRetryDelayMs: 60_000, maxResponseBytes: 10 * 1024 * 1024 };
const accept = 'application/json;charset=utf-8, application/json;q=0.9, application/problem+json;q=0.8';
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
 * else if (result.kind === 'status') console.log(result.status, result.error?.message);
 * else console.log(result.kind, result.message); // network, timeout, ...
 * ```
 */
export function createProductOrderClient(options: ProductOrderClientOptions): ProductOrderClient {
  const base = baseOf(options?.baseUrl);
  const lang = options.lang === 'de' ? 'de' : 'en';
  const timeoutMs = bounded(options.timeoutMs, defaults.timeoutMs, 1, 10 * 60_000);
  const retries = bounded(options.retries, defaults.retries, 0, maxRetries);
  const maxRetryDelayMs = bounded(options.maxRetryDelayMs, defaults.maxRetryDelayMs, 0, 60 * 60_000);
  const maxResponseBytes = bounded(options.maxResponseBytes, defaults.maxResponseBytes, 0, 2 ** 31);
  const send = options.fetch ?? globalThis.fetch;
  const validator = options.validator;
  const { token, getToken } = options;
  const productOrderPath = options.productOrderPath ?? '/productOrder';

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

  /** Sends one request, tried again on 429 and 503 with a `Retry-After` it may wait for. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<{ readonly response: Response; readonly text: string; readonly attempts: number } | NoAnswer> {
    for (let attempt = 1; ; attempt++) {
      const bearer = await tokenOf();
      if (typeof bearer !== 'string') return { ...bearer, attempts: attempt - 1 };
      const headers: Record<string, string> = { accept, 'accept-language': lang };
      if (bearer !== '') headers.authorization = `Bearer ${bearer}`;
      if (body !== undefined) headers['content-type'] = 'application/json;charset=utf-8';
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
      const again =
        (answer.response.status === 429 || answer.response.status === 503) &&
        wait !== undefined &&
        wait <= maxRetryDelayMs &&
        attempt <= retries;
      if (!again) return { ...answer, attempts: attempt };
      if (!(await sleep(wait, signal)))
        return noAnswer('aborted', 'the call was aborted while it waited to try again', attempt);
    }
  }

  async function create<T>(
    path: string,
    input: unknown,
    check: (input: unknown) => ValidationResult<unknown, Violation>,
    callOptions: CallOptions | undefined,
  ): Promise<CreateResult<T>> {
    if (callOptions?.validate !== false) {
      const result = check(input);
      if (!result.valid) return { ok: false, kind: 'invalid', violations: result.violations, hints: result.hints };
    }
    let body: string;
    try {
      body = JSON.stringify(input);
    } catch (error) {
      return noAnswer('unexpected', `the body cannot be written as JSON: ${errorText(error)}`, 0);
    }
    if (typeof body !== 'string') return noAnswer('unexpected', 'the body cannot be written as JSON', 0);
    const answer = await call('POST', path, body, callOptions?.signal);
    if ('kind' in answer) return answer;
    const { response, text, attempts } = answer;
    if (response.status === 202)
      return { ok: true, status: 202, value: undefined, headers: response.headers, attempts };
    if (response.status !== 201) return failure(response, text, attempts);
    const value = parsed(text);
    if (!isObject(value)) return noAnswer('unexpected', 'the 201 answer has no JSON object as its body', attempts, 201);
    return { ok: true, status: 201, value: value as T, headers: response.headers, attempts };
  }

  const checkWith =
    (validate: (input: unknown, options: { lang: Lang }) => ValidationResult<unknown, Violation>) => (input: unknown) =>
      validate(input, { lang });

  return Object.freeze({
    createProductOrder: (order: ProductOrderFVO, callOptions?: CallOptions) =>
      create<ProductOrder>(
        productOrderPath,
        order,
        checkWith(
          validator === undefined
            ? validateProductOrder
            : (input, o) => validator.validate(input, o) as ValidationResult<unknown, Violation>,
        ),
        callOptions,
      ),
    createInflightChange: (change: InflightChangeProductOrderFVO, callOptions?: CallOptions) =>
      create<InflightChangeProductOrder>(
        '/inflightChangeProductOrder',
        change,
        checkWith(
          validateInflightChangeProductOrder as (
            input: unknown,
            options: { lang: Lang },
          ) => ValidationResult<unknown, Violation>,
        ),
        callOptions,
      ),
    async listInflightChanges(listOptions?: ListOptions): Promise<ListResult> {
      const query = queryOf(listOptions);
      const answer = await call('GET', `/inflightChangeProductOrder${query}`, undefined, listOptions?.signal);
      if ('kind' in answer) return answer;
      const { response, text, attempts } = answer;
      if (response.status !== 200) return failure(response, text, attempts);
      const value = parsed(text);
      if (!Array.isArray(value) || !value.every(isObject))
        return noAnswer('unexpected', 'the 200 answer has no JSON array of objects as its body', attempts, 200);
      return {
        ok: true,
        status: 200,
        value: value as InflightChangeProductOrderFields[],
        headers: response.headers,
        attempts,
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
      const value = parsed(text);
      if (!isObject(value))
        return noAnswer('unexpected', 'the 200 answer has no JSON object as its body', attempts, 200);
      return {
        ok: true,
        status: 200,
        value: value as InflightChangeProductOrderFields,
        headers: response.headers,
        attempts,
      };
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
  return url.href.replace(/\/+$/, '');
}

/** `value` when it is a whole number within [min, max], else `fallback`. */
function bounded(value: unknown, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
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
        : { ok: false, kind: 'network', message: `${what}: ${errorText(error)}` };
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
    type.startsWith('application/problem+json') && isObject(body) ? (body as unknown as ProblemDetails) : undefined;
  const error =
    problem === undefined && isObject(body) && body['@type'] === 'Error'
      ? (body as unknown as ErrorMessage)
      : undefined;
  return {
    ok: false,
    kind: 'status',
    status: response.status,
    error,
    problem,
    retryAfterMs: response.status === 429 || response.status === 503 ? retryAfterMs(response) : undefined,
    headers: response.headers,
    attempts,
  };
}

/** `Retry-After` in milliseconds: seconds, or an HTTP date from now; undefined when absent or unreadable. */
function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^[0-9]+$/.test(value)) return Math.min(Number(value), 2 ** 31 / 1000) * 1000;
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
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) params.set(name, String(value));
  }
  const text = params.toString().replaceAll('%2C', ',');
  return text === '' ? '' : `?${text}`;
}

function count(value: string | null): number | undefined {
  return value !== null && /^[0-9]{1,15}$/.test(value) ? Number(value) : undefined;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function noAnswer(kind: NoAnswer['kind'], message: string, attempts: number, status?: number): NoAnswer {
  return status === undefined ? { ok: false, kind, message, attempts } : { ok: false, kind, message, status, attempts };
}

function errorText(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'an unreadable error';
  }
}
