// The routes' options as a TypeScript user meets them: what the types admit is what the routes do.
import { describe, expect, it } from 'vitest';
import { createRoutes } from './routes.js';

describe('authenticate: false', () => {
  it('is taken only with an identity type that holds undefined, as the callbacks then get (regression: typed string, undefined at run time)', async () => {
    // @ts-expect-error: with the default identity, a string, no callback could be told of none
    createRoutes({ authenticate: false, onProductOrder: () => undefined });
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
