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

const app = new Hono().route('/api', routes);
serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname: '127.0.0.1' }, ({ address, port }) =>
  console.log(`listening on http://${address}:${port}/api (tokens: demo-admin, demo-reader)`),
);
