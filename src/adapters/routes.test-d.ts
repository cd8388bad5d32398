// The routes' options as a TypeScript user meets them: checked by the compiler only (vitest's typecheck).
import { describe, it } from 'vitest';
import { createMemoryIdempotencyStore } from '../http/idempotency.js';
import { createRoutes } from './routes.js';

describe('authenticate: false', () => {
  it('is taken only with an identity type that holds undefined, as the callbacks then get (regression: typed string, undefined at run time)', () => {
    // @ts-expect-error: with the default identity, a string, no callback could be told of none
    createRoutes({ authenticate: false, onProductOrder: () => undefined });
    createRoutes<object, undefined>({ authenticate: false, onProductOrder: () => undefined });
  });
});

describe('idempotency', () => {
  it('takes a store of the interface, sync or Promise, a scope of the identity, or false', () => {
    const store = createMemoryIdempotencyStore();
    createRoutes({ onProductOrder: () => undefined, idempotency: { store, ttlMs: 60_000 } });
    createRoutes({ onProductOrder: () => undefined, idempotency: false });
    createRoutes<object, { clientId: string }>({
      authenticate: () => ({ clientId: 'c-1' }),
      onProductOrder: () => undefined,
      idempotency: {
        store: { claim: async () => undefined, settle: async () => undefined, release: () => undefined },
        scope: (identity) => identity.clientId,
      },
    });
    // @ts-expect-error: a store must claim, settle and release
    createRoutes({ onProductOrder: () => undefined, idempotency: { store: { claim: () => undefined } } });
    // @ts-expect-error: on by default; false turns it off, true is no option
    createRoutes({ onProductOrder: () => undefined, idempotency: true });
  });
});
