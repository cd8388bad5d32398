// The routes' options as a TypeScript user meets them: what the types admit is what the routes do.
import { describe, expect, it, vi } from 'vitest';
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
