// A runnable in-flight change product order API and the six listener endpoints, over an in-memory
// store, built from the library's helpers and node:http only. `npm run example:server` starts it.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import {
  checkRequest,
  createListenerHandler,
  errorResponse,
  paginate,
  readNodeBody,
  selectFields,
  sendNode,
} from 'product-order-validator/http';

/** Demo bearer tokens: what each may do. A real service validates tokens with its OAuth 2.0 server. */
const tokens = new Map([
  ['demo-admin', 'everything'],
  ['demo-reader', new Set(['listInflightChangeProductOrder', 'retrieveInflightChangeProductOrder'])],
]);

/** 401 for an unknown token, 403 for an operation the token may not run. */
function authorize(token, operation) {
  const allowed = tokens.get(token);
  if (allowed === undefined) return 'invalid';
  return allowed === 'everything' || allowed.has(operation);
}

/** The created resource: the request plus what the server owns. */
function created(request, base) {
  const id = randomUUID();
  const now = new Date().toISOString();
  return { ...request, id, href: `${base}/inflightChangeProductOrder/${id}`, state: 'acknowledged', requestDate: now };
}

/**
 * Starts the server; resolves to it once it listens.
 * @param {{ port?: number, host?: string, maxBodyBytes?: number, onEvent?: (event: object, type: string) => void }} options
 */
export function startServer({ port = 0, host = '127.0.0.1', maxBodyBytes, onEvent = () => {} } = {}) {
  const store = new Map();
  const listen = createListenerHandler({ authorize, maxBodyBytes, onEvent: (event, { type }) => onEvent(event, type) });

  async function api(req, res) {
    let bodyText;
    if (req.method === 'POST') {
      const read = await readNodeBody(req, { maxBodyBytes });
      if (!read.ok) return sendNode(res, read);
      bodyText = read.text;
    }
    const checked = checkRequest({ method: req.method, path: req.url, headers: req.headers, bodyText }, { authorize });
    if (!checked.ok) return sendNode(res, checked);
    const headers = { 'content-type': checked.contentType };
    switch (checked.operation) {
      case 'createInflightChangeProductOrder': {
        const resource = created(checked.body, '');
        store.set(resource.id, resource);
        return sendNode(res, { status: 201, headers: { ...headers, location: resource.href }, body: resource });
      }
      case 'listInflightChangeProductOrder': {
        const page = paginate([...store.values()], checked.query);
        return sendNode(res, { status: 200, headers: { ...headers, ...page.headers }, body: page.items });
      }
      case 'retrieveInflightChangeProductOrder': {
        const resource = store.get(checked.id);
        if (!resource) return sendNode(res, errorResponse(404));
        return sendNode(res, { status: 200, headers, body: selectFields(resource, checked.query.fields) });
      }
    }
  }

  const server = createServer((req, res) => {
    const handled = req.url?.startsWith('/listener/') ? listen(req, res) : api(req, res);
    handled.catch(() => {
      if (!res.headersSent) sendNode(res, errorResponse(500));
    });
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServer({
    port: Number(process.env.PORT) || 0,
    onEvent: (event, type) => console.log(`event ${type} ${event.eventId ?? ''}`),
  });
  const { address, port } = server.address();
  console.log(`listening on http://${address}:${port}`);
  console.log('tokens: demo-admin (every operation), demo-reader (list and retrieve only)');
}
