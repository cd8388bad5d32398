// A runnable in-flight change product order API and the six listener endpoints, over an in-memory
// store, built from the library's helpers and node:http only. Beside the installed package:
// node node_modules/product-order-validator/examples/server/server.mjs
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import {
  awaitCallback,
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
function demoAuthorize(token, operation) {
  const allowed = tokens.get(token);
  if (allowed === undefined) return 'invalid';
  return allowed === 'everything' || allowed.has(operation);
}

/** The changes, in memory. A service's database gives the same three calls, which may return Promises. */
function memoryStore() {
  const changes = new Map();
  return {
    save: (resource) => void changes.set(resource.id, resource),
    list: () => [...changes.values()],
    get: (id) => changes.get(id),
  };
}

/** The created resource: the request plus what the server owns. */
function created(request, base) {
  const id = randomUUID();
  const now = new Date().toISOString();
  return { ...request, id, href: `${base}/inflightChangeProductOrder/${id}`, state: 'acknowledged', requestDate: now };
}

/**
 * Starts the server; resolves to it once it listens. `authorize`, the store's calls and `onEvent`
 * may return Promises: one that does not settle within `callbackTimeoutMs` (5 s by default) gets the
 * client 503 with Retry-After, and `onError` hears of it.
 * @param {{ port?: number, host?: string, maxBodyBytes?: number, bodyTimeoutMs?: number, callbackTimeoutMs?: number,
 *   authorize?: (token: string, operation: string) => boolean | 'invalid' | Promise<boolean | 'invalid'>,
 *   store?: { save(resource: object): unknown, list(): Iterable<object> | Promise<Iterable<object>>, get(id: string): unknown },
 *   onEvent?: (event: object, type: string) => unknown, onError?: (error: unknown) => void }} options
 */
export function startServer({
  port = 0,
  host = '127.0.0.1',
  maxBodyBytes,
  bodyTimeoutMs,
  callbackTimeoutMs,
  authorize = demoAuthorize,
  store = memoryStore(),
  onEvent = () => {},
  onError = (error) => console.error(error),
} = {}) {
  const limits = { maxBodyBytes, bodyTimeoutMs };
  const callbacks = { callbackTimeoutMs, onError };
  const listen = createListenerHandler({
    authorize,
    ...limits,
    ...callbacks,
    onEvent: (event, { type }) => onEvent(event, type),
  });
  /** A call of the store within the time limit: `{ ok: true, value }`, or the 503 or 500 to answer. */
  const stored = (name, call) => awaitCallback(name, call, callbacks);

  /** The in-flight change API: path, method, token and headers first; a create's body only then. */
  async function api(req, res, beforeRead) {
    // headersDistinct shows a header sent twice, which is refused
    const request = { method: req.method, path: req.url, headers: req.headersDistinct };
    const head = await checkRequestHead(request, { authorize, ...callbacks });
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
        const saved = reply.status === 201 ? await stored('store.save', () => store.save(resource)) : { ok: true };
        return sendNode(res, saved.ok ? reply : saved);
      }
      case 'listInflightChangeProductOrder': {
        const listed = await stored('store.list', () => store.list());
        if (!listed.ok) return sendNode(res, listed);
        const page = paginate([...listed.value], head.query);
        return sendNode(res, { status: 200, headers: { ...headers, ...page.headers }, body: page.items });
      }
      case 'retrieveInflightChangeProductOrder': {
        const found = await stored('store.get', () => store.get(head.id));
        if (!found.ok) return sendNode(res, found);
        if (!found.value) return sendNode(res, errorResponse(404));
        return sendNode(res, { status: 200, headers, body: selectFields(found.value, head.query.fields) });
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
