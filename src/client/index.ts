/**
 * A partner's client of the service: it checks an order or a change before it sends it, sends it with
 * `fetch`, and gives a typed result for every answer (never a throw): the created resource, 202, the
 * service's ErrorMessage or problem details, or what kept the request from an answer. It honours
 * `Retry-After` on 429 and 503 a bounded number of times, sends `Accept-Language`, and times out.
 * Each create carries an `Idempotency-Key`, the same on each try, so that a retry is never stored twice.
 *
 * @module product-order-validator/client
 */

import { errorText } from '../collect.js';
import type { CustomFinding, WithMessage } from '../custom-rules.js';
import { type Lang, langs } from '../generated/langs.js';
import {
  type InflightChangeProductOrder,
  type InflightChangeProductOrderFields,
  type ProductOrder,
  requiredFields,
} from '../generated/resource-types.js';
import { idempotencyKeyHeader } from '../http/idempotency.js';
import { validateInflightChangeProductOrder } from '../inflight.js';
import { isRecord } from '../read.js';
import { type ValidateOptions, type ValidationResult, validateProductOrder } from '../validate.js';
import type { Hint, Violation } from '../violation.js';
import type {
  CreateOptions,
  CreateResult,
  Failure,
  ListOptions,
  ListResult,
  NoAnswer,
  ProductOrderClient,
  ProductOrderClientOptions,
  Success,
} from './types.js';
import {
  attemptOnce,
  baseOf,
  bounded,
  count,
  failure,
  jsonOf,
  noAnswer,
  queryOf,
  randomKey,
  retryAfterMs,
  sleep,
  spentOn,
} from './wire.js';

export type {
  InflightChangeProductOrder,
  InflightChangeProductOrderFields,
  ProductOrder,
  TaskStateType,
} from '../generated/resource-types.js';
export type {
  CallOptions,
  CreateKey,
  CreateOptions,
  CreateResult,
  Failure,
  ListOptions,
  ListResult,
  NoAnswer,
  NotSent,
  ProductOrderClient,
  ProductOrderClientOptions,
  RetrieveResult,
  ServiceError,
  Success,
} from './types.js';

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
