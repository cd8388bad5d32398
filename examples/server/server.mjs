// A runnable product order create, in-flight change product order API and the six listener endpoints,
// over an in-memory store, built from the library's validator, its HTTP helpers and node:http only. Beside the installed package:
// node node_modules/product-order-validator/examples/server/server.mjs
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { validateProductOrder } from 'product-order-validator';
import {
  acceptsJson,
  awaitCallback,
  checkRequestBody,
  checkRequestHead,
  createListenerHandler,
  errorResponse,
  errorStatuses,
  headerOf,
  isJsonContentType,
  lingerMs,
  paginate,
  parseJsonBody,
  readNodeBody,
  refusal,
  selectFields,
  sendNode,
  serializeReply,
  targetParts,
  tokenOf,
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

/**
 * The changes and the product orders, in memory. A service's database gives the same calls, which
 * may return Promises.
 */
function memoryStore() {
  const changes = new Map();
  const orders = new Map();
  return {
    save: (resource) => void changes.set(resource.id, resource),
    list: () => [...changes.values()],
    get: (id) => changes.get(id),
    saveOrder: (order) => void orders.set(order.id, order),
  };
}

/** The created resource: the request plus what the server owns. */
function created(request, base) {
  const id = randomUUID();
  const now = new Date().toISOString();
  return { ...request, id, href: `${base}/inflightChangeProductOrder/${id}`, state: 'acknowledged', requestDate: now };
}

/** The created product order: the request plus what the server owns, as FIT 2.0.0 describes the resource. */
function createdOrder(order) {
  const id = randomUUID();
  const now = new Date().toISOString();
  const owned = { id, href: `/productOrder/${id}`, state: 'acknowledged', creationDate: now, stateChangeDate: now };
  return { '@type': 'ProductOrder', ...order, ...owned };
}

/**
 * How long a connection may take, in milliseconds: its request's headers, the whole request, the
 * wait for the next request on a kept-alive connection, and any silence (a connection that sends
 * nothing is closed after `idle`). Short enough that idle and slow clients hold nothing for long.
 */
export const defaultTimeouts = Object.freeze({ headers: 10_000, request: 30_000, keepAlive: 5_000, idle: 15_000 });

/**
 * Starts the server; resolves to it once it listens. `authorize`, the store's calls and `onEvent`
 * may return Promises: one that does not settle within `callbackTimeoutMs` (5 s by default) gets the
 * client 503 with Retry-After, and `onError` hears of it.
 * `timeouts` replaces any of {@link defaultTimeouts}.
 * @param {{ port?: number, host?: string, maxBodyBytes?: number, bodyTimeoutMs?: number, callbackTimeoutMs?: number,
 *   authorize?: (token: string, operation: string) => boolean | 'invalid' | Promise<boolean | 'invalid'>,
 *   store?: { save(resource: object): unknown, list(): Iterable<object> | Promise<Iterable<object>>, get(id: string): unknown,
 *     saveOrder(order: object): unknown },
 *   onEvent?: (event: object, type: string) => unknown, onError?: (error: unknown) => void,
 *   timeouts?: Partial<typeof defaultTimeouts> }} options
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
  timeouts = {},
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

  /** The product order create: method, token, Accept and Content-Type first, the body only then. */
  async function createOrder(req, res, beforeRead) {
    if (req.method !== 'POST') return sendNode(res, errorResponse(405, undefined, { headers: { allow: 'POST' } }), req);
    const token = tokenOf(req.headers);
    if (!token.ok) return sendNode(res, token, req);
    const verdict = await awaitCallback('authorize', () => authorize(token.token, 'createProductOrder'), callbacks);
    const refused = verdict.ok ? refusal(verdict.value) : verdict;
    if (refused) return sendNode(res, refused, req);
    if (!acceptsJson(headerOf(req.headers, 'accept'))) return sendNode(res, errorResponse(406), req);
    if (!isJsonContentType(headerOf(req.headers, 'content-type'))) return sendNode(res, errorResponse(415), req);
    const read = await readNodeBody(req, { ...limits, beforeRead });
    if (!read.ok) return sendNode(res, read, req);
    const parsed = parseJsonBody(read.text);
    if (!parsed.ok) return sendNode(res, parsed);
    const result = validateProductOrder(parsed.value, { maxViolations: 20 });
    if (!result.valid) return sendNode(res, errorResponse(400, result, { about: 'order' }));
    const order = createdOrder(result.value);
    // serialised before it is stored: what cannot be given back is not kept
    const headers = { 'content-type': 'application/json;charset=utf-8', location: order.href };
    const reply = serializeReply({ status: 201, headers, body: order });
    const saved = reply.status === 201 ? await stored('store.saveOrder', () => store.saveOrder(order)) : { ok: true };
    return sendNode(res, saved.ok ? reply : saved);
  }

  /** Every request; `beforeRead` sends 100 Continue to a client that waits for it, once its head passed. */
  function handle(req, res, beforeRead) {
    const { path } = targetParts(req.url ?? '/');
    const listener = path.startsWith('/listener/');
    const handled = listener
      ? listen(req, res, beforeRead)
      : path === '/productOrder'
        ? createOrder(req, res, beforeRead)
        : api(req, res, beforeRead);
    handled.catch(() => {
      if (!res.headersSent) sendNode(res, errorResponse(500), req);
    });
  }

  const limit = Object.fromEntries(Object.entries(defaultTimeouts).map(([name, ms]) => [name, timeouts[name] ?? ms]));
  // Node checks the headers' and the request's time limits every connectionsCheckingInterval
  const checking = Math.min(1000, limit.headers);
  const server = createServer(
    { headersTimeout: limit.headers, requestTimeout: limit.request, connectionsCheckingInterval: checking },
    (req, res) => handle(req, res, undefined),
  );
  server.keepAliveTimeout = limit.keepAlive;
  // a connection silent this long is closed: one that never sends a byte, or stops sending
  server.timeout = limit.idle;
  // Expect: 100-continue is answered only once the head passed, so a refused body is never sent
  server.on('checkContinue', (req, res) => handle(req, res, () => res.writeContinue()));
  // a request Node's parser refuses (malformed, conflicting lengths, headers too large) gets an ErrorMessage too
  server.on('clientError', (error, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const { headers, text } = serializeReply(errorResponse(status));
    const lines = Object.entries({ ...headers, connection: 'close' }).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.end(`HTTP/1.1 ${status} ${errorStatuses[status].reason}\r\n${lines.join('')}\r\n${text}`);
    // a client that neither reads the answer nor closes holds the connection no longer than this
    setTimeout(() => socket.destroy(), lingerMs).unref();
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServer({
    port: Number(process.env.PORT) || 0,
    bodyTimeoutMs: Number(process.env.BODY_TIMEOUT_MS) || undefined,
    // shorter time limits, as a test of idle and slow clients sets them
    timeouts: {
      headers: Number(process.env.HEADERS_TIMEOUT_MS) || undefined,
      request: Number(process.env.REQUEST_TIMEOUT_MS) || undefined,
      keepAlive: Number(process.env.KEEP_ALIVE_TIMEOUT_MS) || undefined,
      idle: Number(process.env.IDLE_TIMEOUT_MS) || undefined,
    },
    onEvent: (event, type) => console.log(`event ${type} ${event.eventId ?? ''}`),
  });
  const { address, port } = server.address();
  console.log(`listening on http://${address}:${port}`);
  console.log('tokens: demo-admin (every operation), demo-reader (list and retrieve only)');
}
