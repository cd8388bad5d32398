// An order service on Express: product orders, in-flight changes and the six listeners.
// Beside the installed package and `npm install express`: node node_modules/product-order-validator/examples/express/server.mjs
import { randomUUID } from 'node:crypto';
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

const app = express();
app.use('/api', routes);
const server = app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  const { address, port } = server.address();
  console.log(`listening on http://${address}:${port}/api (tokens: demo-admin, demo-reader)`);
});
