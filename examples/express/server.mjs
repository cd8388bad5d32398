// An order service on Express: product orders, in-flight changes and the six listeners.
// Beside the installed package and `npm install express`: node node_modules/product-order-validator/examples/express/server.mjs
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import express from 'express';
import { productOrderRoutes } from 'product-order-validator/express';

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
const app = express();
app.use('/api', routes);
const server = createServer({ headersTimeout, requestTimeout, connectionsCheckingInterval: 1000 }, app);
Object.assign(server, { keepAliveTimeout: ms('KEEP_ALIVE', 5_000), timeout: ms('IDLE', 15_000) });
server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  const { address, port } = server.address();
  console.log(`listening on http://${address}:${port}/api (tokens: demo-admin, demo-reader)`);
});
