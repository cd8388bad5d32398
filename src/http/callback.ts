// The service's callbacks (authorize, the store, onProductOrder, onEvent) awaited within a time limit:
// one that never settles still gets the client an answer, 503 with Retry-After.
import type { Lang } from '../messages/index.js';
import { isThenable } from './auth.js';
import { errorResponse, type HttpError } from './error-message.js';

/**
 * How long a callback of the service may take to settle by default: 5 s, far above what a store or
 * a token check answers in while it works, and below the 30 to 60 s after which proxies and clients
 * give up on their own.
 */
export const defaultCallbackTimeoutMs = 5000;

/** A time limit in milliseconds as the timers take it: a positive number, at most 2^31 - 1; else `fallback`. */
export function limitMs(ms: unknown, fallback: number): number {
  return typeof ms === 'number' && ms > 0 ? Math.min(ms, 2 ** 31 - 1) : fallback;
}

/** What `onError` hears when a callback did not settle within `callbackTimeoutMs`. */
export interface CallbackTimeoutError extends Error {
  /** Always `'CallbackTimeoutError'`. */
  readonly name: 'CallbackTimeoutError';
  /** The callback that did not settle: `authorize`, `onProductOrder`, `onEvent`, `inflight.create`, ... */
  readonly callback: string;
  /** The time limit it exceeded, in milliseconds. */
  readonly timeoutMs: number;
}

/** Whether a value is the error of a callback that did not settle in time. Never throws. */
export function isCallbackTimeoutError(value: unknown): value is CallbackTimeoutError {
  try {
    return value instanceof Error && value.name === 'CallbackTimeoutError' && 'callback' in value;
  } catch {
    return false;
  }
}

function timeoutError(callback: string, timeoutMs: number): CallbackTimeoutError {
  const error = new Error(`${callback} did not settle within ${timeoutMs} ms`);
  return Object.assign(error, { name: 'CallbackTimeoutError' as const, callback, timeoutMs });
}

/** The time limit of the service's callbacks: the option of the adapters, the request checks and the listener handler. */
export interface CallbackTimeLimit {
  /**
   * Longest time a callback of the service (`authorize`, the store, `onProductOrder`, `onEvent`) may
   * take to settle, in milliseconds (default {@link defaultCallbackTimeoutMs}, 5 s). Past it the
   * client gets 503 with `Retry-After`, `onError` hears a {@link CallbackTimeoutError} naming the
   * callback, and whatever the callback does later is ignored. At most 2^31 - 1 ms (about 24.8 days,
   * the longest a timer waits): a larger value, `Infinity` included, is taken as that; zero, a
   * negative number or no number as the default.
   */
  readonly callbackTimeoutMs?: number | undefined;
}

/** Options of {@link awaitCallback}. */
export interface CallbackOptions extends CallbackTimeLimit {
  /** Told of a callback that threw, rejected or did not settle in time ({@link CallbackTimeoutError}), once. */
  readonly onError?: (error: unknown) => void;
  /** Language of the error response. */
  readonly lang?: Lang;
}

/** What a callback gave in time: its value, awaited. */
export interface CallbackValue<T> {
  /** Always true: the callback settled in time, without an error. */
  readonly ok: true;
  /** What it returned, or what its Promise resolved to. */
  readonly value: T;
}

/** The 503 of a callback that did not settle: come back once as long has passed again. */
function unavailable(timeoutMs: number, lang?: Lang): HttpError {
  const seconds = String(Math.max(1, Math.ceil(timeoutMs / 1000)));
  return errorResponse(503, undefined, { lang, headers: { 'retry-after': seconds } });
}

/**
 * Runs a callback of the service and awaits what it returns, for at most `callbackTimeoutMs`:
 * `{ ok: true, value }`, or the error response to give: 503 with `Retry-After` when it did not
 * settle in time, 500 when it threw or rejected. `onError` hears of either, once; whatever the
 * callback does later is ignored (a late rejection too, so it is never unhandled). Never rejects.
 * @param callback - the callback's name, as the error `onError` hears names it
 * @example
 * ```ts
 * import { awaitCallback } from 'product-order-validator/http';
 *
 * declare const db: { find(id: string): Promise<object | undefined> };
 * const found = await awaitCallback('store.retrieve', () => db.find('C-1'), { callbackTimeoutMs: 2000 });
 * if (!found.ok) console.log(found.status, found.headers['retry-after']); // 503 and '2', or 500
 * ```
 */
export async function awaitCallback<T>(
  callback: string,
  run: () => T | PromiseLike<T>,
  options?: CallbackOptions,
): Promise<CallbackValue<Awaited<T>> | HttpError> {
  const timeoutMs = limitMs(options?.callbackTimeoutMs, defaultCallbackTimeoutMs);
  const lang = options?.lang;
  const failed = (error: unknown, answer: HttpError): HttpError => {
    try {
      options?.onError?.(error);
    } catch {
      // a throwing onError changes nothing of the answer
    }
    return answer;
  };
  let given: T | PromiseLike<T>;
  try {
    given = run();
    if (!isThenable(given)) return { ok: true, value: given as Awaited<T> };
  } catch (error) {
    return failed(error, errorResponse(500, undefined, { lang }));
  }
  const pending = given;
  let timer: ReturnType<typeof setTimeout> | undefined;
  type Settled = CallbackValue<Awaited<T>> | { ok: false; error: unknown; late?: true };
  const settled = await new Promise<Settled>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, error: timeoutError(callback, timeoutMs), late: true }), timeoutMs);
    try {
      Promise.resolve(pending).then(
        (value) => resolve({ ok: true, value: value as Awaited<T> }),
        (error: unknown) => resolve({ ok: false, error }),
      );
    } catch (error) {
      resolve({ ok: false, error }); // a promise whose constructor cannot be read
    }
  });
  clearTimeout(timer);
  if (settled.ok) return settled;
  return failed(settled.error, settled.late ? unavailable(timeoutMs, lang) : errorResponse(500, undefined, { lang }));
}
