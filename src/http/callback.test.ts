// A callback of the service awaited within its time limit: the answer to give, whatever it does.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { awaitCallback, defaultCallbackTimeoutMs, isCallbackTimeoutError, limitMs } from './callback.js';

const never = () => new Promise<never>(() => undefined);

describe('awaitCallback', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives what a callback returns or resolves to, and tells onError nothing', async () => {
    const onError = vi.fn();
    expect(await awaitCallback('store.list', () => [1], { onError })).toEqual({ ok: true, value: [1] });
    expect(await awaitCallback('store.list', async () => undefined, { onError })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(onError).not.toHaveBeenCalled();
  });

  it('answers 503 with Retry-After for a callback that never settles, and onError hears it once with its name (regression: the request stayed open for good)', async () => {
    const onError = vi.fn();
    const answer = awaitCallback('authorize', never, { callbackTimeoutMs: 200, onError, lang: 'de' });
    await vi.advanceTimersByTimeAsync(199);
    expect(onError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const given = await answer;
    expect(given.ok || [given.status, given.headers['retry-after'], given.body.code]).toEqual([
      503,
      '1',
      'service_unavailable',
    ]);
    expect(given.ok || given.body.message).toMatch(/^Der Dienst ist nicht verfügbar/);
    expect(onError).toHaveBeenCalledTimes(1);
    const [error] = onError.mock.calls[0] ?? [];
    expect(isCallbackTimeoutError(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'CallbackTimeoutError',
      callback: 'authorize',
      timeoutMs: 200,
      message: 'authorize did not settle within 200 ms',
    });
  });

  it('waits 5 s by default, and for a limit that is no positive number', async () => {
    expect(defaultCallbackTimeoutMs).toBe(5000);
    for (const callbackTimeoutMs of [undefined, 0, -1, Number.NaN, '200' as never]) {
      let given: unknown;
      void awaitCallback('onEvent', never, { callbackTimeoutMs }).then((answer) => {
        given = answer;
      });
      await vi.advanceTimersByTimeAsync(4999);
      expect(given).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(given).toMatchObject({ status: 503, headers: { 'retry-after': '5' } });
    }
  });

  it('ignores a callback that settles after the answer: no second answer, no second onError, no unhandled rejection', async () => {
    const onError = vi.fn();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      let reject: (error: Error) => void = () => undefined;
      const late = new Promise<never>((_, no) => {
        reject = no;
      });
      const answer = awaitCallback('inflight.create', () => late, { callbackTimeoutMs: 100, onError });
      await vi.advanceTimersByTimeAsync(100);
      expect(await answer).toMatchObject({ status: 503 });
      reject(new Error('late'));
      await vi.advanceTimersByTimeAsync(10);
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(onError).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('answers 500 for a callback that throws, rejects or gives a thenable whose then throws, telling onError each once', async () => {
    const onError = vi.fn();
    const hostile = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable whose then throws is the case under test
      then: () => {
        throw new Error('then');
      },
    };
    const getter = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
      },
    );
    for (const run of [
      () => {
        throw new Error('sync');
      },
      () => Promise.reject(new Error('async')),
      () => hostile,
      () => getter,
    ])
      expect(await awaitCallback('onProductOrder', run, { onError })).toMatchObject({
        ok: false,
        status: 500,
        body: { code: 'internal_error' },
      });
    expect(onError.mock.calls.map(([error]) => (error as Error).message)).toEqual(['sync', 'async', 'then', 'trap']);
  });

  it('answers as well when onError throws', async () => {
    const onError = () => {
      throw new Error('logger down');
    };
    const answer = awaitCallback('authorize', never, { callbackTimeoutMs: 10, onError });
    await vi.advanceTimersByTimeAsync(10);
    expect(await answer).toMatchObject({ status: 503 });
  });
});

describe('the time limit of a callback', () => {
  it('is at most 2^31 - 1 ms, Infinity included, as documented; no positive number is the default', () => {
    for (const ms of [Number.POSITIVE_INFINITY, 2 ** 31, 1e300]) expect(limitMs(ms, 5000)).toBe(2 ** 31 - 1);
    for (const ms of [0, -1, Number.NaN, '5000', undefined, null]) expect(limitMs(ms, 5000)).toBe(5000);
    expect(limitMs(1, 5000)).toBe(1);
  });

  it('of Infinity still answers 503 once 2^31 - 1 ms have passed, rather than a timer firing at once', async () => {
    vi.useFakeTimers();
    try {
      const answer = awaitCallback('onEvent', never, { callbackTimeoutMs: Number.POSITIVE_INFINITY });
      await vi.advanceTimersByTimeAsync(2 ** 31 - 2);
      let settled = false;
      void answer.then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const given = await answer;
      expect(given.ok || given.status).toBe(503);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('isCallbackTimeoutError', () => {
  it('tells the time-out apart from other errors and values, never throwing', () => {
    const trap = new Proxy(new Error('x'), {
      get() {
        throw new Error('trap');
      },
    });
    for (const value of [new Error('x'), { name: 'CallbackTimeoutError', callback: 'x' }, null, 'x', trap])
      expect(isCallbackTimeoutError(value)).toBe(false);
  });
});
