// A runnable in-flight change product order API and the six listener endpoints, over an in-memory
// store, built from the library's helpers and node:http only. Beside the installed package:
// node node_modules/product-order-validator/examples/server/server.mjs
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import {
  checkRequestBody,
  checkRequestHead,
  createListenerHandler,
  errorResponse,
  errorStatuses,
  paginate,
  readNodeBody,
  selectFields,
  sendNode,
  serializeReply,
  targetParts,
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
 * @param {{ port?: number, host?: string, maxBodyBytes?: number, bodyTimeoutMs?: number, onEvent?: (event: object, type: string) => void }} options
 */
export function startServer({ port = 0, host = '127.0.0.1', maxBodyBytes, bodyTimeoutMs, onEvent = () => {} } = {}) {
  const store = new Map();
  const limits = { maxBodyBytes, bodyTimeoutMs };
  const listen = createListenerHandler({ authorize, ...limits, onEvent: (event, { type }) => onEvent(event, type) });

  /** The in-flight change API: path, method, token and headers first; a create's body only then. */
  async function api(req, res, beforeRead) {
    const request = { method: req.method, path: req.url, headers: req.headers };
    const head = checkRequestHead(request, { authorize });
    // given the request, a reply sent before the body ended closes the connection soon after
    if (!head.ok) return sendNode(res, head, req);
    const headers = { 'content-type': head.contentType };
    switch (head.operation) {
      case 'createInflightChangeProductOrder': {
        const read = await readNodeBody(req, { ...limits, beforeRead });
        if (!read.ok) return sendNode(res, read, req);
        const checked = checkRequestBody(head, { bodyText: read.text });
        if (!checked.ok) return sendNode(res, checked);
        const resource = created(checked.body, '');
        // serialised before it is stored: what cannot be given back is not kept
        const reply = serializeReply({ status: 201, headers: { ...headers, location: resource.href }, body: resource });
        if (reply.status === 201) store.set(resource.id, resource);
        return sendNode(res, reply);
      }
      case 'listInflightChangeProductOrder': {
        const page = paginate([...store.values()], head.query);
        return sendNode(res, { status: 200, headers: { ...headers, ...page.headers }, body: page.items });
      }
      case 'retrieveInflightChangeProductOrder': {
        const resource = store.get(head.id);
        if (!resource) return sendNode(res, errorResponse(404));
        return sendNode(res, { status: 200, headers, body: selectFields(resource, head.query.fields) });
      }
    }
  }

  /** Every request; `beforeRead` sends 100 Continue to a client that waits for it, once its head passed. */
  function handle(req, res, beforeRead) {
    const listener = targetParts(req.url ?? '/').path.startsWith('/listener/');
    const handled = listener ? listen(req, res, beforeRead) : api(req, res, beforeRead);
    handled.catch(() => {
      if (!res.headersSent) sendNode(res, errorResponse(500), req);
    });
  }

  const server = createServer((req, res) => handle(req, res, undefined));
  // Expect: 100-continue is answered only once the head passed, so a refused body is never sent
  server.on('checkContinue', (req, res) => handle(req, res, () => res.writeContinue()));
  // a request Node's parser refuses (malformed, conflicting lengths, headers too large) gets an ErrorMessage too
  server.on('clientError', (error, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const { headers, text } = serializeReply(errorResponse(status));
    const lines = Object.entries({ ...headers, connection: 'close' }).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.end(`HTTP/1.1 ${status} ${errorStatuses[status].reason}\r\n${lines.join('')}\r\n${text}`);
  });
  server.requestTimeout = 30_000;
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServer({
    port: Number(process.env.PORT) || 0,
    bodyTimeoutMs: Number(process.env.BODY_TIMEOUT_MS) || undefined,
    onEvent: (event, type) => console.log(`event ${type} ${event.eventId ?? ''}`),
  });
  const { address, port } = server.address();
  console.log(`listening on http://${address}:${port}`);
  console.log('tokens: demo-admin (every operation), demo-reader (list and retrieve only)');
}
