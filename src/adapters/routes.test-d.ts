// The routes' options as a TypeScript user meets them: checked by the compiler only (vitest's typecheck).
import { describe, it } from 'vitest';
import { createRoutes } from './routes.js';

describe('authenticate: false', () => {
  it('is taken only with an identity type that holds undefined, as the callbacks then get (regression: typed string, undefined at run time)', () => {
    // @ts-expect-error: with the default identity, a string, no callback could be told of none
    createRoutes({ authenticate: false, onProductOrder: () => undefined });
    createRoutes<object, undefined>({ authenticate: false, onProductOrder: () => undefined });
  });
});
