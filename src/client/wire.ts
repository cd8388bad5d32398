// The client on the wire: one request and its bounded body, the service's error answers, the retries'
// waits, the query of a list, and the words of what kept a request from an answer.

import { errorText } from '../collect.js';
import type { ErrorMessage, ProblemDetails } from '../http/error-message.js';
import { isRecord } from '../read.js';
import type { ListOptions, NoAnswer, ServiceError } from './types.js';

/** `baseUrl` without a trailing slash; throws a TypeError for one that is no absolute http(s) address. */
export function baseOf(baseUrl: unknown): string {
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
export function bounded(name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
  throw new TypeError(
    `createProductOrderClient: ${name} must be a whole number from ${min} to ${max}, not ${String(value)}`,
  );
}

/** One request and its body, read within the time limit and `maxBytes`. */
export async function attemptOnce(
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
export function failure(response: Response, text: string, attempts: number): ServiceError {
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
export function spentOn(answer: ServiceError, retries: number, maxRetryDelayMs: number): string | undefined {
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
export function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^[0-9]+$/.test(value)) return Math.min(Number(value), 2 ** 31 / 1000) * 1000;
  // else an HTTP date as RFC 9110 writes it: Sun, 06 Nov 1994 08:49:37 GMT
  if (!/^[A-Z][a-z]{2}, [0-9]{2} [A-Z][a-z]{2} [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$/.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Waits `ms`, or until `signal` aborts: whether the wait ran to its end. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
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
export function queryOf(options: Pick<ListOptions, 'fields' | 'offset' | 'limit'> | undefined): string {
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

export function count(value: string | null): number | undefined {
  return value !== null && /^[0-9]{1,15}$/.test(value) ? Number(value) : undefined;
}

/** The body as JSON when the answer says it is JSON (`application/json`, `…+json`), else undefined. */
export function jsonOf(response: Response, text: string): unknown {
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

export function noAnswer(kind: NoAnswer['kind'], message: string, attempts: number, status?: number): NoAnswer {
  return status === undefined ? { ok: false, kind, message, attempts } : { ok: false, kind, message, status, attempts };
}

/** A new idempotency key: a random UUID, or 128 random bits in hexadecimal where `randomUUID` is missing (an http: page). */
export function randomKey(): string {
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
