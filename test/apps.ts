// The adapters as a service mounts them: Express, Fastify and Hono installed beside the packed package,
// productOrderRoutes mounted under a prefix on a loopback port, for the suites that call them.
import { writeFileSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';

// biome-ignore lint/suspicious/noExplicitAny: the frameworks and bodies are read as the JavaScript they are
export type Any = any;

/** The frameworks and the package's adapters, as the service's own imports resolve them; after {@link loadFrameworks}. */
export let frameworks: Any;

/** Imports the frameworks and the adapters from one module in the service's folder `consumer`. */
export async function loadFrameworks(consumer: string): Promise<Any> {
  // one file per worker: suites that run at once do not write each other's
  const file = join(consumer, `frameworks-${process.pid}.mjs`);
  writeFileSync(
    file,
    [
      "export { default as express } from 'express';",
      "export { default as Fastify } from 'fastify';",
      "export { Hono } from 'hono';",
      "export { serve } from '@hono/node-server';",
      "export * as onExpress from 'product-order-validator/express';",
      "export * as onFastify from 'product-order-validator/fastify';",
      "export * as onHono from 'product-order-validator/hono';",
      "export { createValidator } from 'product-order-validator';",
      "export { errorResponse } from 'product-order-validator/http';",
    ].join('\n'),
  );
  frameworks = await import(pathToFileURL(file).href);
  return frameworks;
}

export const prefix = '/api/v1';

export interface Running {
  readonly base: string;
  readonly port: number;
  readonly events: unknown[];
  readonly errors: unknown[];
  close(): Promise<void>;
}

export type Variant = 'raw' | 'parsed';

/** The options every app is given: an in-memory store, an async authorize, every route. */
export function optionsFor(events: unknown[], errors: unknown[], extra: Record<string, unknown> = {}) {
  const store = new Map<string, Record<string, unknown>>();
  return {
    onProductOrder: async (o: Any, context: Any) => ({
      ...createdOrder(o),
      id: 'PO-1',
      lang: context.lang,
      operation: context.operation,
      hasRequest: context.request !== undefined,
    }),
    inflight: {
      create: async (c: Any) => {
        if (c.description === 'conflict') return frameworks.errorResponse(409);
        if (c.description === 'later') return undefined;
        if (c.description === 'crash') throw new Error('secret detail');
        const id = `C-${store.size + 1}`;
        const resource = { ...c, id, state: 'acknowledged', requestDate: '2025-02-17T10:30:00+01:00' };
        store.set(id, resource);
        return resource;
      },
      list: async () => [...store.values()],
      retrieve: async (id: string) => store.get(id),
    },
    onEvent: (e: unknown) => {
      events.push(e);
    },
    authorize: async (token: string, operation: string) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (token === 'good') return true;
      if (token === 'reader') return !operation.startsWith('create');
      return 'invalid' as const;
    },
    onError: (error: unknown) => errors.push(error),
    bodyTimeoutMs: 500,
    ...extra,
  };
}

/** The product order a service creates from `order`: the fields FIT 2.0.0 requires of the resource. */
export const createdOrder = (order: Any) => ({
  '@type': 'ProductOrder',
  state: 'acknowledged',
  category: order.category,
  creationDate: '2025-02-17T10:30:00+01:00',
  stateChangeDate: '2025-02-17T10:30:00+01:00',
  orderPostedDate: order.orderPostedDate,
  productOrderItem: order.productOrderItem,
});

export const listening = (server: Server) =>
  new Promise<number>((resolve) => {
    if (server.listening) resolve((server.address() as AddressInfo).port);
    else server.once('listening', () => resolve((server.address() as AddressInfo).port));
  });

export const closing = (server: Server) =>
  new Promise<void>((resolve) => {
    (server as Any).closeAllConnections?.();
    server.close(() => resolve());
  });

/** Each framework, started with the routes mounted under the prefix, as docs/service.md sets it up. */
export const apps: Record<string, (variant: Variant, extra?: Record<string, unknown>) => Promise<Running>> = {
  async express(variant, extra) {
    const { express, onExpress } = frameworks;
    const events: unknown[] = [];
    const errors: unknown[] = [];
    const app = express();
    const routes = onExpress.productOrderRoutes(optionsFor(events, errors, extra));
    if (variant === 'parsed') app.use(express.json({ limit: '2mb' }));
    app.use(prefix, routes);
    if (variant === 'parsed') app.use(routes.errorHandler);
    const server: Server = app.listen(0, '127.0.0.1');
    const port = await listening(server);
    return { base: `http://127.0.0.1:${port}${prefix}`, port, events, errors, close: () => closing(server) };
  },
  async fastify(variant, extra) {
    const { Fastify, onFastify } = frameworks;
    const events: unknown[] = [];
    const errors: unknown[] = [];
    const routes = onFastify.productOrderRoutes(optionsFor(events, errors, extra));
    // the app's own JSON parser and body limit, which the plugin's scope replaces with its own
    const app = Fastify({
      forceCloseConnections: true,
      frameworkErrors: routes.frameworkErrors,
      ...(variant === 'parsed' ? { bodyLimit: 1024 } : {}),
    });
    await app.register(routes, { prefix });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    return { base: `http://127.0.0.1:${port}${prefix}`, port, events, errors, close: () => app.close() };
  },
  async hono(variant, extra) {
    const { Hono, serve, onHono } = frameworks;
    const events: unknown[] = [];
    const errors: unknown[] = [];
    const app = new Hono();
    if (variant === 'parsed')
      app.use('*', async (c: Any, next: Any) => {
        // a middleware that parsed the body before the routes, as a validator does
        if (c.req.method === 'POST') await c.req.json().catch(() => undefined);
        await next();
      });
    app.route(prefix, onHono.productOrderRoutes(optionsFor(events, errors, extra)));
    const server: Server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    const port = await listening(server);
    return { base: `http://127.0.0.1:${port}${prefix}`, port, events, errors, close: () => closing(server) };
  },
};

export async function expectError(
  response: Response,
  status: number,
  code: string,
  contentType = /^application\/json/,
): Promise<Any> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(contentType);
  const body = await response.json();
  expect(body).toMatchObject({ '@type': 'Error', code, status: String(status) });
  return body;
}
