// The routes' options as a TypeScript user meets them: what the types admit is what the routes do.
import { describe, expect, it, vi } from 'vitest';
import { errorResponse } from '../http/error-message.js';
import { createMemoryIdempotencyStore, idempotencyFingerprint } from '../http/idempotency.js';
import { createRoutes, heldBehind } from './routes.js';

describe('authenticate: false', () => {
  it('is taken only with an identity type that holds undefined, as the callbacks then get (regression: typed string, undefined at run time)', async () => {
    // the default identity, a string, is refused by the compiler: routes.test-d.ts
    const asked: unknown[] = [];
    const routes = createRoutes<object, undefined>({
      authenticate: false,
      authorize: (identity, operation) => {
        asked.push([identity, operation]);
        return identity === undefined;
      },
      onProductOrder: () => undefined,
    });
    const route = routes.paths[0]?.route;
    if (!route) throw new Error('no route');
    const admitted = await routes.admit({
      route,
      method: 'POST',
      path: '/productOrder',
      headers: { 'content-type': 'application/json' },
      query: undefined,
      native: {},
    });
    expect('call' in admitted && admitted.context.identity).toBeUndefined();
    expect('call' in admitted).toBe(true);
    expect(asked).toEqual([[undefined, 'createProductOrder']]);
  });
});

/** A create with a token, to a route of the routes. */
const call = (route: ReturnType<typeof createRoutes>['paths'][number]['route']) => ({
  route,
  method: 'POST',
  path: '/productOrder',
  headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
  query: undefined,
  native: {},
});

/** A stand-in for the validator: these tests are about the pipeline around it. */
const validator = () => ({ valid: true as const, value: {} as never, violations: [] as [], hints: [] });

describe('callbacks that answer at once', () => {
  const order = JSON.stringify({ category: 'x' });

  it('are answered at once, with no Promise per request; a callback that returns a Promise is awaited as before', async () => {
    const sync = createRoutes({ authorize: () => true, onProductOrder: () => ({ id: 'PO-1' }), validator });
    const route = sync.paths[0]?.route;
    if (!route) throw new Error('no route');
    const admitted = sync.admit(call(route));
    expect(admitted).not.toBeInstanceOf(Promise);
    if (admitted instanceof Promise || !('call' in admitted)) throw new Error('not admitted at once');
    const answer = sync.answer(admitted, { ok: true, text: order });
    expect(answer).not.toBeInstanceOf(Promise);
    expect(answer).toMatchObject({ status: 201 });

    const later = createRoutes({
      authorize: async () => true,
      onProductOrder: async () => ({ id: 'PO-1' }),
      validator,
    });
    const pending = later.admit(call(route));
    expect(pending).toBeInstanceOf(Promise);
    const passed = await pending;
    if (!('call' in passed)) throw new Error('not admitted');
    const created = later.answer(passed, { ok: true, text: order });
    expect(created).toBeInstanceOf(Promise);
    expect(await created).toMatchObject({ status: 201 });
  });

  it('a throw is still the 500 that carries the error for the framework, at once', () => {
    const boom = new Error('boom');
    const heard: unknown[] = [];
    const routes = createRoutes({
      onProductOrder: () => {
        throw boom;
      },
      onError: (error) => heard.push(error),
      validator,
    });
    const route = routes.paths[0]?.route;
    if (!route) throw new Error('no route');
    const admitted = routes.admit(call(route));
    if (admitted instanceof Promise || !('call' in admitted)) throw new Error('not admitted at once');
    const answer = routes.answer(admitted, { ok: true, text: order });
    if (answer instanceof Promise) throw new Error('not answered at once');
    expect(answer.status).toBe(500);
    expect(answer.error?.cause).toBe(boom);
    expect(heard).toEqual([boom]);
  });
});

describe('a body a parser of the app read before the routes', () => {
  const behind = { unkept: ['time', 'size', 'numbers'] as const, fix: 'mount the routes before the parser' };
  const admittedOf = (routes: ReturnType<typeof createRoutes<object>>) => {
    const route = routes.paths[0]?.route;
    if (!route) throw new Error('no route');
    const admitted = routes.admit(call(route));
    if (admitted instanceof Promise || !('call' in admitted)) throw new Error('not admitted at once');
    return admitted;
  };

  it('is answered as the routes read it, and onError is told once what the parser costs, with the fix (regression: a chunked body was a 500 per request)', () => {
    const told: unknown[] = [];
    const routes = createRoutes<object>({
      onProductOrder: () => ({ id: 'PO-1' }),
      validator,
      onError: (error) => told.push(error),
    });
    for (let i = 0; i < 3; i++)
      expect(routes.answer(admittedOf(routes), heldBehind({ ok: true, parsed: {} }, behind))).toMatchObject({
        status: 201,
      });
    expect(routes.answer(admittedOf(routes), heldBehind({ ok: true, text: '{' }, behind))).toMatchObject({
      status: 400,
    });
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ name: 'BodyParserWarning', unkept: ['time', 'size', 'numbers'] });
    expect((told[0] as Error).message).toMatch(
      /bodyTimeoutMs.*measured.*inexact_number.*To keep them, mount the routes before the parser\.$/,
    );
  });

  it("names the parser's own size limit, which applies before maxBodyBytes (regression: the warning left out express.json()'s 100 kB)", () => {
    const told: unknown[] = [];
    const routes = createRoutes<object>({
      onProductOrder: () => ({ id: 'PO-1' }),
      validator,
      onError: (e) => told.push(e),
    });
    const limit =
      "express.json() refuses a body over its own limit (100 kB by default) before the routes' maxBodyBytes";
    routes.answer(admittedOf(routes), heldBehind({ ok: true, parsed: {} }, { ...behind, limit }));
    expect((told[0] as Error).message).toMatch(
      /To keep them, mount the routes before the parser\. Its own size limit applies first: express\.json\(\) refuses a body over its own limit \(100 kB by default\) before the routes' maxBodyBytes\.$/,
    );
  });

  it('without onError, is told once on the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const routes = createRoutes<object>({ onProductOrder: () => ({ id: 'PO-1' }), validator });
      routes.answer(admittedOf(routes), heldBehind({ ok: true, parsed: {} }, behind));
      routes.answer(admittedOf(routes), heldBehind({ ok: true, parsed: {} }, behind));
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(
        /^A body parser or middleware read the request body before the routes/,
      );
    } finally {
      warn.mockRestore();
    }
  });
});

describe("a store's answer that breaks the contract", () => {
  const list = (listed: unknown) => {
    const errors: unknown[] = [];
    const routes = createRoutes({
      inflight: { create: () => undefined, list: () => listed as never, retrieve: () => undefined },
      onError: (error) => errors.push(error),
    });
    const route = routes.paths.find((p) => p.route.kind === 'collection')?.route;
    if (!route) throw new Error('no route');
    const call = { route, method: 'GET', path: '/inflightChangeProductOrder', headers: { authorization: 'Bearer t' } };
    const admitted = routes.admit({ ...call, query: undefined, native: {} });
    if (admitted instanceof Promise || !('call' in admitted)) throw new Error('not admitted at once');
    const answer = routes.answer(admitted, undefined);
    if (answer instanceof Promise) throw new Error('not answered at once');
    return { answer, errors };
  };

  it('is a 500 told to onError and passed on as a RouteError, never an empty page (regression: 200 [])', () => {
    for (const garbage of [
      undefined,
      'x',
      { rows: [] },
      [null],
      [[]],
      { items: [1], total: 1 },
      { items: [], total: -1 },
    ]) {
      const { answer, errors } = list(garbage);
      expect(answer.status, JSON.stringify(garbage)).toBe(500);
      expect(answer.error).toMatchObject({ name: 'RouteError', source: 'reply', cause: expect.any(TypeError) });
      expect(errors).toEqual([expect.any(TypeError)]);
    }
    expect(list([{ id: 'C-1' }]).answer).toMatchObject({ status: 200, headers: { 'X-Total-Count': '1' } });
    expect(list({ items: [{ id: 'C-1' }], total: 7 }).answer).toMatchObject({ headers: { 'X-Total-Count': '7' } });
  });
});

describe('Idempotency-Key on the creates', () => {
  const validator = (input: unknown) => ({
    valid: true as const,
    value: input as never,
    violations: [] as [],
    hints: [],
  });
  type Options = Parameters<typeof createRoutes<object>>[0];
  /** Routes whose callback counts its calls; `post` sends a create through them as an adapter does. */
  function service(extra: Partial<Options> & { delayMs?: number } = {}) {
    let calls = 0;
    const errors: unknown[] = [];
    const { delayMs, ...rest } = extra;
    const routes = createRoutes<object>({
      validator,
      onProductOrder: (order) => {
        calls++;
        const value = { ...(order as object), id: `PO-${calls}` };
        return delayMs === undefined ? value : new Promise((resolve) => setTimeout(() => resolve(value), delayMs));
      },
      onError: (error) => errors.push(error),
      ...rest,
    });
    const route = routes.paths.find((p) => p.route.kind === 'productOrder')?.route;
    if (!route) throw new Error('no route');
    const post = async (body: string | { parsed: unknown }, key?: string, token = 't', rawHeaders?: string[]) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      if (key !== undefined) headers['idempotency-key'] = key;
      const admitted = await routes.admit({
        route,
        method: 'POST',
        path: '/productOrder',
        headers,
        query: undefined,
        native: {},
        rawHeaders,
      });
      if (!('call' in admitted)) throw new Error(`not admitted: ${admitted.status}`);
      const read =
        typeof body === 'string' ? { ok: true as const, text: body } : { ok: true as const, parsed: body.parsed };
      const answer = await routes.answer(admitted, read);
      return { ...answer, json: answer.text === undefined ? undefined : JSON.parse(answer.text) };
    };
    return { post, calls: () => calls, errors };
  }
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('replays the first answer to the same key and body, whatever its spaces, order of keys or parser, without calling the callback again', async () => {
    const s = service();
    const first = await s.post('{"a":1,"b":[1,2]}', '"k-1"');
    expect([first.status, first.json.id]).toEqual([201, 'PO-1']);
    const again = await s.post(' { "b" : [1, 2], "a" : 1 } ', '"k-1"');
    const parsed = await s.post({ parsed: { b: [1, 2], a: 1 } }, '"k-1"');
    for (const replay of [again, parsed])
      expect([replay.status, replay.headers, replay.text]).toEqual([201, first.headers, first.text]);
    expect(s.calls()).toBe(1);
  });

  it('serves a request without a key as before: each is created', async () => {
    const s = service();
    await s.post('{"a":1}');
    await s.post('{"a":1}');
    expect(s.calls()).toBe(2);
  });

  it('answers 422 to the same key with another body, and keeps the first answer', async () => {
    const s = service();
    await s.post('{"a":1}', '"k"');
    const other = await s.post('{"a":2}', '"k"');
    expect([other.status, other.json.code]).toEqual([422, 'unprocessable_content']);
    expect(other.json.message).toMatch(/Idempotency-Key came with another body/);
    expect((await s.post('{"a":1}', '"k"')).json.id).toBe('PO-1');
    expect(s.calls()).toBe(1);
  });

  it('keeps the keys of two callers apart: the same key from two tokens creates twice', async () => {
    const s = service();
    await s.post('{"a":1}', '"k"', 'alice');
    const bob = await s.post('{"a":1}', '"k"', 'bob');
    expect([bob.status, bob.json.id, s.calls()]).toEqual([201, 'PO-2', 2]);
  });

  it.each([
    ['k', /must be a quoted string/],
    ['""', /empty/],
    [`"${'k'.repeat(256)}"`, /longer than 255/],
    ['"a", "b"', /^The header Idempotency-Key is sent more than once: send it once\.$/],
  ])('answers 400 to the key %s, and creates nothing', async (key, message) => {
    const s = service();
    const refused = await s.post('{"a":1}', key);
    expect([refused.status, refused.json.code]).toEqual([400, 'invalid_request']);
    expect(refused.json.message).toMatch(message);
    expect(s.calls()).toBe(0);
  });

  it('tells an Idempotency-Key sent on two header lines as sent more than once (regression: "must be a quoted string")', async () => {
    const s = service();
    const lines = ['Authorization', 'Bearer t', 'Idempotency-Key', '"k"', 'Idempotency-Key', '"k"'];
    const refused = await s.post('{"a":1}', '"k"', 't', lines);
    expect([refused.status, refused.json.message]).toEqual([
      400,
      'The header Idempotency-Key is sent more than once: send it once.',
    ]);
    expect(s.calls()).toBe(0);
  });

  it('takes a key with parameters as its key, ignoring them (regression: 400 "must be a quoted string")', async () => {
    const s = service();
    const first = await s.post('{"a":1}', '"k"; p=1');
    const again = await s.post('{"a":1}', '"k"');
    expect([first.status, again.status, again.json.id, s.calls()]).toEqual([201, 201, 'PO-1', 1]);
  });

  it('a store slower than callbackTimeoutMs: 503 saying the order may have been taken, 409 while it runs, the 201 once it settled, stored once', async () => {
    const s = service({ delayMs: 300, callbackTimeoutMs: 100 });
    const first = await s.post('{"a":1}', '"k"');
    expect([first.status, first.headers['retry-after']]).toEqual([503, '1']);
    expect(first.json.message).toMatch(/may have been taken: retry with the same Idempotency-Key/);
    const running = await s.post('{"a":1}', '"k"');
    expect([running.status, running.json.code, running.headers['retry-after']]).toEqual([409, 'conflict', '1']);
    expect(running.json.message).toMatch(/still being processed/);
    await wait(300);
    const settled = await s.post('{"a":1}', '"k"');
    expect([settled.status, settled.json.id, s.calls()]).toEqual([201, 'PO-1', 1]);
  });

  it('the 503 of a create without a key says to check before sending it again, not to retry with the same key (regression: it told a caller without a key to reuse one)', async () => {
    const s = service({ delayMs: 300, callbackTimeoutMs: 100 });
    const first = await s.post('{"a":1}');
    expect([first.status, first.json.message]).toEqual([
      503,
      'No answer in time; the request may have been taken: check whether it was before you send it again. Sent with an Idempotency-Key, a create is answered once whatever the retries.',
    ]);
    const ignored = service({ delayMs: 300, callbackTimeoutMs: 100, idempotency: false });
    const keyed = await ignored.post('{"a":1}', '"k"');
    expect([keyed.status, keyed.json.message]).toEqual([
      503,
      'No answer in time; the request may have been taken: check whether it was before you send it again.',
    ]);
  });

  it('serves the key again after a 500 (a throw) or a 429 of the callback, and keeps its own 409', async () => {
    let mode = 'throw';
    const s = service({
      onProductOrder: (order) => {
        if (mode === 'throw') throw new Error('down');
        if (mode === '429') return errorResponse(429, undefined, { headers: { 'retry-after': '1' } });
        if (mode === '409') return errorResponse(409);
        return { ...(order as object), id: 'PO-1' };
      },
    });
    expect((await s.post('{"a":1}', '"k"')).status).toBe(500);
    mode = '429';
    expect((await s.post('{"a":1}', '"k"')).status).toBe(429);
    mode = 'ok';
    expect((await s.post('{"a":1}', '"k"')).status).toBe(201);
    mode = '409';
    expect((await s.post('{"a":2}', '"k2"')).status).toBe(409);
    mode = 'ok';
    expect((await s.post('{"a":2}', '"k2"')).status).toBe(409);
  });

  it('a store whose claim throws gives 500, one that never settles 503 within callbackTimeoutMs; both told to onError, the callback never called', async () => {
    const hostile = (claim: () => never | Promise<never>) =>
      service({
        callbackTimeoutMs: 100,
        idempotency: { store: { claim, settle: () => undefined, release: () => undefined } },
      });
    const throwing = hostile(() => {
      throw new Error('redis down');
    });
    expect((await throwing.post('{"a":1}', '"k"')).status).toBe(500);
    expect(throwing.errors).toEqual([new Error('redis down')]);
    const stuck = hostile(() => new Promise<never>(() => undefined));
    const started = performance.now();
    const answer = await stuck.post('{"a":1}', '"k"');
    expect([answer.status, answer.headers['retry-after']]).toEqual([503, '1']);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(stuck.errors).toMatchObject([{ name: 'CallbackTimeoutError', callback: 'idempotency.claim' }]);
    expect([throwing.calls(), stuck.calls()]).toEqual([0, 0]);
  });

  it('a store whose settle throws or rejects still answers the 201, the error told to onError', async () => {
    for (const settle of [
      () => {
        throw new Error('settle failed');
      },
      () => Promise.reject(new Error('settle failed')),
    ]) {
      const s = service({ idempotency: { store: { claim: () => undefined, settle, release: () => undefined } } });
      expect((await s.post('{"a":1}', '"k"')).status).toBe(201);
      await wait(10);
      expect(s.errors).toEqual([new Error('settle failed')]);
    }
  });

  it('a store that gives an entry that is none answers 500, told to onError, and never 422 nor a replay of garbage', async () => {
    for (const entry of [
      { state: 'done', fingerprint: 42 },
      { state: 'done', fingerprint: await idempotencyFingerprint({ a: 1 }), reply: 'no' },
      'junk',
    ]) {
      const s = service({
        idempotency: {
          store: { claim: () => entry as never, settle: () => undefined, release: () => undefined },
          scope: () => 'all',
        },
      });
      const answer = await s.post('{"a":1}', '"k"');
      expect(answer.status).toBe(500);
      expect(s.errors).toHaveLength(1);
    }
  });

  it('holds the bound of its store under 3,000 distinct keys, each create served once', async () => {
    const store = createMemoryIdempotencyStore({ maxEntries: 500 });
    const s = service({ idempotency: { store } });
    for (let i = 0; i < 3000; i++) await s.post('{"a":1}', `"key-${i}"`);
    expect([s.calls(), store.size]).toEqual([3000, 500]);
    expect((await s.post('{"a":1}', '"key-2999"')).json.id).toBe('PO-3000');
  });

  it('ignores the header with idempotency: false', async () => {
    const s = service({ idempotency: false });
    await s.post('{"a":1}', 'not even an sf-string');
    await s.post('{"a":1}', 'not even an sf-string');
    expect(s.calls()).toBe(2);
  });
});
