// An order service on Hono (Node): product orders, in-flight changes and the six listeners.
// Beside the installed package and `npm install hono @hono/node-server`: node node_modules/product-order-validator/examples/hono/server.mjs
import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { productOrderRoutes } from 'product-order-validator/hono';

const tokens = { 'demo-admin': 'all', 'demo-reader': 'read' }; // a real service asks its OAuth 2.0 server
const changes = new Map();
const stamp = /* what the server sets on what it creates, as FIT describes it */ (at = new Date().toISOString()) => ({
  state: 'acknowledged',
  creationDate: at,
  stateChangeDate: at,
  requestDate: at,
});

const routes = productOrderRoutes({
  authorize: async (token, operation) =>
    tokens[token] === 'all' ||
    (tokens[token] === 'read' && !operation.startsWith('create')) ||
    (!tokens[token] && 'invalid'),
  onProductOrder: (order) => ({ '@type': 'ProductOrder', ...order, id: randomUUID(), ...stamp() }),
  inflight: {
    create: (change) => {
      const id = randomUUID();
      changes.set(id, { ...change, id, href: `/api/inflightChangeProductOrder/${id}`, ...stamp() });
      return changes.get(id);
    },
    list: () => [...changes.values()],
    retrieve: (id) => changes.get(id),
  },
  onEvent: (event, { type }) => console.log(`${type} ${event.eventId ?? ''}`),
});

// time limits in ms, shorter by env for tests of slow clients: a connection silent for `idle` is closed
const ms = (name, fallback) => Number(process.env[`${name}_TIMEOUT_MS`]) || fallback;
const [headersTimeout, requestTimeout] = [ms('HEADERS', 10_000), ms('REQUEST', 30_000)];
const app = new Hono().route('/api', routes);
const serverOptions = { headersTimeout, requestTimeout, connectionsCheckingInterval: 1000 };
const server = serve(
  { fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname: '127.0.0.1', serverOptions },
  ({ address, port }) => console.log(`listening on http://${address}:${port}/api (tokens: demo-admin, demo-reader)`),
);
Object.assign(server, { keepAliveTimeout: ms('KEEP_ALIVE', 5_000), timeout: ms('IDLE', 15_000) });
