// An order service on Fastify: product orders, in-flight changes and the six listeners.
// Beside the installed package and `npm install fastify`: node node_modules/product-order-validator/examples/fastify/server.mjs
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { productOrderRoutes } from 'product-order-validator/fastify';

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
const app = Fastify({
  http: { headersTimeout: ms('HEADERS', 10_000), connectionsCheckingInterval: 1000 },
  requestTimeout: ms('REQUEST', 30_000),
  keepAliveTimeout: ms('KEEP_ALIVE', 5_000),
  connectionTimeout: ms('IDLE', 15_000),
});
await app.register(routes, { prefix: '/api' });
await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' });
const { address, port } = app.server.address();
console.log(`listening on http://${address}:${port}/api (tokens: demo-admin, demo-reader)`);
